import { ROUND_MESSAGES as M, type RoomTableBodySchema, type RoomTableResult } from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { badRequest, forbidden, type MessageCode } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { logTournamentAction } from "../access/tournament-access.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import { checkRoomTotal, gridToPoints, racerTotal, type RacerScore } from "./engine/scores.js";
import { formatLorenzi, matchLorenzi, parseLorenzi } from "./engine/lorenzi.js";
import { resolvePointsTable } from "./points-tables.service.js";
import { webhookTableSubmitted } from "../webhooks/webhook-events.service.js";
import * as repo from "./rounds.repository.js";
import {
  access,
  describeRooms,
  format,
  loadRoom,
  loadRound,
  loadRoundData,
  now,
  rankMeta,
  rankSides,
  requireStaff,
  roomRacers,
  type RoundData,
} from "./round-view.service.js";

/** Score tables of FFA rooms (issue #19 §3, §5): entering, locking and exporting a room's table. */

type TableBody = z.output<typeof RoomTableBodySchema>;

/**
 * `POST …/rooms/{room}/table`: enters (or previews, `dry_run`) a room's table in one of three
 * ways (Lorenzi text, a per-race placement grid, totals), validated against the room: every
 * racer once, names matched by registry or in-game name (ambiguous ones answered as problems
 * with candidates), per-race points from the round's points table. A total that does not add
 * up to points-per-race × races is answered as `mismatch` and saved only with
 * `confirm_mismatch`. Who: tournament administrators, or the room's host while the round is
 * open and the room unlocked (403 notHost / 400 locked otherwise). Logged.
 */
export async function submitTable(
  ctx: AppContext,
  actor: Actor,
  id: number,
  n: number,
  number: number,
  body: TableBody,
): Promise<RoomTableResult> {
  const { ev, staff } = await access(ctx, actor, id);
  const { squads } = format(ev);
  const round = await loadRound(ctx, ev, n, staff);
  const room = await loadRoom(ctx, round, number);
  const isHost = actor.playerId !== null && room.host_player_id === actor.playerId;
  if (!staff && !isHost) throw forbidden(M.notHost, { code: "rounds.not_host" });
  if (round.status === "draft") throw badRequest(M.notPublished, { code: "rounds.not_published" });
  if (round.status === "closed") throw badRequest(M.closed, { code: "rounds.closed" });
  if (room.locked_at !== null && !staff) throw badRequest(M.locked, { code: "rounds.locked" });
  const table = await resolvePointsTable(ctx, round.points_table);
  if (!table) throw badRequest("This round's points table no longer exists.", { code: "rounds.points_table_gone" });
  const data = await loadRoundData(ctx, ev, round, [number]);
  const racers = roomRacers(data, squads);
  const penaltyOf = new Map(body.penalties.map((p) => [p.player_id, p.penalty]));
  const known = new Set(racers.map((r) => r.player_id));
  const problems: RoomTableResult["problems"] = [];
  let scores: RacerScore[];

  if (body.mode === "lorenzi") {
    const parsed = parseLorenzi(body.text ?? "");
    if (!parsed.ok) throw badRequest(`Line ${parsed.line}: ${parsed.message}`, lorenziCode(parsed.line, parsed.message));
    const picks = Object.fromEntries(Object.entries(body.picks ?? {}).map(([k, v]) => [Number(k), v]));
    const matched = matchLorenzi(parsed.lines, racers, picks);
    if (!matched.ok) {
      const nameOf = new Map(data.racers.map((r) => [r.player_id, r.display_name]));
      for (const p of matched.problems) {
        problems.push({ ...p, candidates: p.candidates.map((c) => ({ player_id: c, name: nameOf.get(c) ?? String(c) })) });
      }
      return { saved: false, mismatch: null, problems, room: null };
    }
    const lineOf = new Map(parsed.lines.map((l) => [l.line, l]));
    scores = matched.matched.map((m) => {
      const l = lineOf.get(m.line)!;
      const perRace = l.scores.length === round.races;
      const single = l.scores.length === 1 && round.races !== 1;
      return {
        player_id: m.player_id,
        entrant_id: m.entrant_id,
        races: perRace ? l.scores : null,
        gp: !perRace && !single ? l.scores : null,
        total_override: single ? l.scores[0]! : null,
        penalty: penaltyOf.get(m.player_id) ?? l.penalty,
      };
    });
  } else if (body.mode === "grid") {
    const rows = body.grid ?? [];
    if (
      rows.length !== racers.length ||
      rows.some((r) => !known.has(r.player_id)) ||
      new Set(rows.map((r) => r.player_id)).size !== rows.length
    ) {
      throw badRequest("Every racer of the room needs one row.", { code: "rounds.grid_rows" });
    }
    if (rows.some((r) => r.positions.length !== round.races))
      throw badRequest(`Each racer needs a position for each of the ${round.races} races (empty for a disconnection).`, {
        code: "rounds.grid_positions",
        params: { races: round.races },
      });
    const positions = Array.from({ length: round.races }, (_, race) => rows.map((r) => r.positions[race] ?? null));
    const pts = gridToPoints(table, positions);
    if (!pts.ok) throw badRequest(`Race ${pts.race}: ${pts.message}`, gridCode(pts.race, pts.message));
    const entrantOf = new Map(racers.map((r) => [r.player_id, r.entrant_id]));
    scores = rows.map((r, i) => ({
      player_id: r.player_id,
      entrant_id: entrantOf.get(r.player_id)!,
      races: pts.points.map((race) => race[i] ?? null),
      gp: null,
      total_override: null,
      penalty: penaltyOf.get(r.player_id) ?? 0,
    }));
  } else {
    const rows = body.totals ?? [];
    if (
      rows.length !== racers.length ||
      rows.some((r) => !known.has(r.player_id)) ||
      new Set(rows.map((r) => r.player_id)).size !== rows.length
    ) {
      throw badRequest("Every racer of the room needs one total.", { code: "rounds.totals_rows" });
    }
    const entrantOf = new Map(racers.map((r) => [r.player_id, r.entrant_id]));
    scores = rows.map((r) => ({
      player_id: r.player_id,
      entrant_id: entrantOf.get(r.player_id)!,
      races: null,
      gp: null,
      total_override: r.total,
      penalty: penaltyOf.get(r.player_id) ?? 0,
    }));
  }

  const check = checkRoomTotal(table, round.races, scores);
  const mismatch = check.mismatch ? { expected: check.expected, actual: check.actual } : null;
  const meta = {
    ...(await rankMeta(ctx, ev, round, data)),
    hostEntrant: racers.find((r) => r.player_id === room.host_player_id)?.entrant_id ?? null,
  };
  const ranked = rankSides(round, room, data.entries, scores, meta, JSON.parse(round.tie_decisions) as number[][]);
  const rankOf = new Map(ranked.map((r) => [r.entrant_id, r]));
  const preview: RoundData = {
    ...data,
    rooms: [
      {
        ...room,
        table_mode: body.mode,
        table_submitted_at: now(),
        table_submitted_by: actor.userId,
        mismatch_expected: mismatch?.expected ?? null,
        mismatch_actual: mismatch?.actual ?? null,
      },
    ],
    entries: data.entries.map((e) => ({
      ...e,
      rank: rankOf.get(e.entrant_id)?.rank ?? null,
      total: rankOf.get(e.entrant_id)?.total ?? null,
    })),
    scores: scores.map((s, i) => ({
      id: i,
      room_id: room.id,
      player_id: s.player_id,
      entrant_id: s.entrant_id,
      races: s.races ? JSON.stringify(s.races) : null,
      gp: s.gp ? JSON.stringify(s.gp) : null,
      penalty: s.penalty,
      total: racerTotal(s),
    })),
  };
  const [roomView] = describeRooms(ev, round, preview, { staff, playerId: actor.playerId, showHidden: seesHiddenPlayers(actor) });
  if (body.dry_run || (mismatch && !body.confirm_mismatch)) return { saved: false, mismatch, problems, room: roomView ?? null };

  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceScores(
      trx,
      room.id,
      preview.scores.map((s) => ({
        player_id: s.player_id,
        entrant_id: s.entrant_id,
        races: s.races,
        gp: s.gp,
        penalty: s.penalty,
        total: s.total,
      })),
    );
    await repo.updateRoom(trx, room.id, {
      table_mode: body.mode,
      table_submitted_by: actor.userId,
      table_submitted_at: now(),
      mismatch_expected: mismatch?.expected ?? null,
      mismatch_actual: mismatch?.actual ?? null,
    });
    await repo.updateEntries(
      trx,
      round.id,
      ranked.map((r) => ({ entrant_id: r.entrant_id, rank: r.rank, total: r.total, advanced: null, decided_by: r.decided_by })),
    );
    if (round.status === "drawn") await repo.updateRound(trx, round.id, { status: "racing" });
    await webhookTableSubmitted(ctx, trx, ev, round, room, ranked, Date.now());
    await logTournamentAction(trx, ev, actor, "rounds.table", {
      summary: `${round.name}, room ${number}: table entered (${body.mode}${mismatch ? `, mismatch ${mismatch.actual}/${mismatch.expected} confirmed` : ""})`,
      summaryKey: mismatch ? "rounds.table_entered_mismatch" : "rounds.table_entered",
      summaryParams: {
        round: round.name,
        room: number,
        mode: body.mode,
        ...(mismatch ? { actual: mismatch.actual, expected: mismatch.expected } : {}),
      },
      after: ranked.map((r) => `#${r.entrant_id} ${r.total}`).join(", "),
      live: { round: round.number, room: number, room_id: room.id },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { saved: true, mismatch, problems, room: roomView ?? null };
}

/** `POST …/rooms/{room}/lock` (tournament administrators): locks (the host may no longer submit) or unlocks a room's table. */
export async function lockRoom(ctx: AppContext, actor: Actor, id: number, n: number, number: number, locked: boolean) {
  const ev = await requireStaff(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, true);
  const room = await loadRoom(ctx, round, number);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRoom(trx, room.id, locked ? { locked_by: actor.userId, locked_at: now() } : { locked_by: null, locked_at: null });
    await logTournamentAction(trx, ev, actor, locked ? "rounds.lock" : "rounds.unlock", {
      summary: `${round.name}, room ${number}: table ${locked ? "locked" : "unlocked"}`,
      summaryKey: "rounds.table_lock",
      summaryParams: { round: round.name, room: number, state: locked ? "locked" : "unlocked" },
      live: { round: round.number, room: number, room_id: room.id },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok" as const, message: locked ? "Table locked." : "Table unlocked." };
}

/** `GET …/rooms/{room}/table.txt`: the room's table as Lorenzi table-maker text (public once the round is published). */
export async function roomLorenzi(
  ctx: AppContext,
  actor: Actor,
  id: number,
  n: number,
  number: number,
): Promise<{ filename: string; body: string }> {
  const { ev, staff } = await access(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, staff);
  await loadRoom(ctx, round, number);
  const data = await loadRoundData(ctx, ev, round, [number]);
  const [room] = describeRooms(ev, round, data, { staff, playerId: actor.playerId, showHidden: false });
  const { squads } = format(ev);
  const body = formatLorenzi(
    `${ev.title} - ${round.name} - Room ${number}`,
    room!.sides.map((s) => ({
      tag: squads ? (s.tag ?? s.name) : null,
      name: squads ? s.name : null,
      racers: s.racers.map((r) => ({
        name: r.mii_name || r.name,
        flag: r.country_code ? r.country_code.toLowerCase() : null,
        scores: r.races ? r.races.map((x) => x ?? 0) : r.gp ? r.gp : [r.total === null ? 0 : r.total + r.penalty],
        penalty: r.penalty,
      })),
    })),
  );
  return { filename: `table_${ev.id}_r${n}_room${number}.txt`, body };
}

/** A Lorenzi parse problem (the engine's English text) as its message code (#21), with the line; none for a text not known here. */
function lorenziCode(line: number, message: string): MessageCode | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^team (.+) has no racers\.$/.exec(message))) return { code: "rounds.lorenzi.team_no_racers", params: { line, tag: m[1]! } };
  if (message === "the penalty is too large.") return { code: "rounds.lorenzi.penalty_too_large", params: { line } };
  if (message.startsWith("no score found")) return { code: "rounds.lorenzi.no_score", params: { line } };
  if ((m = /^"(.*)" is not a score /.exec(message))) return { code: "rounds.lorenzi.not_a_score", params: { line, token: m[1]! } };
  if (message === "the racer has no name.") return { code: "rounds.lorenzi.no_name", params: { line } };
  if (message === "no racer line found.") return { code: "rounds.lorenzi.no_lines", params: { line } };
  return undefined;
}

/** A grid problem (the engine's English text) as its message code (#21), with the race; none for a text not known here. */
function gridCode(race: number, message: string): MessageCode | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^position (\d+) is given twice\.$/.exec(message)))
    return { code: "rounds.grid.twice", params: { race, position: Number(m[1]) } };
  if ((m = /^position (\d+) is not between 1 and (\d+) \(\d+ racers finished\)\.$/.exec(message)))
    return { code: "rounds.grid.out_of_range", params: { race, position: Number(m[1]), finished: Number(m[2]) } };
  if ((m = /^the points table has no row for (\d+) racers\.$/.exec(message)))
    return { code: "rounds.grid.no_row", params: { race, count: Number(m[1]) } };
  return undefined;
}
