import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { isSoloEvent, placementText, roomTableImageUrl, type WebhookEvent, WEBHOOK_EVENTS } from "@site/contract";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import { HIDDEN_PLAYER_NAME } from "../access/player-visibility.service.js";
import type { MessageField, WebhookPayload } from "./webhook-format.js";
import * as repo from "./webhooks.repository.js";

/**
 * Producing webhook events (issue #20 §5). Every event goes through `enqueueWebhookEvent`,
 * called by the service that makes the change inside the change's own transaction, so the event
 * and the change commit together (a crash loses neither) and a rolled-back change sends
 * nothing. The helpers below build each event's texts and data; callers pass what they have.
 *
 * Events of unpublished tournaments are not sent: a hook usually posts to a public channel.
 */

type Db = Kysely<DB>;

/** Whose hooks hear an event: a tournament's (its own and its series'), a series' own, or a team's. */
export type WebhookTarget = { tournamentId: number; seriesId: number | null } | { seriesId: number } | { teamId: number };

const COLORS = {
  "registrations.opened": 0x2e7d32,
  "checkin.opened": 0x1565c0,
  "round.published": 0x6a1b9a,
  "room.table_submitted": 0xef6c00,
  "placements.final": 0xf9a825,
  "team.transfer": 0x00838f,
  test: 0x607d8b,
} as const;

/**
 * Enqueues `payload` for every enabled hook of `target` subscribed to `kind` (a `test` goes
 * only to `onlyHook`), under `key`: the unique (hook, key) index makes a second enqueue of the
 * same event a no-op, so an event two nodes observe (the scheduled check-in scan) goes out once.
 * `dueAt` (ms) delays the first attempt (default now). Pass the write's transaction.
 * `payload` may be a function: it runs only when some hook listens (so an event nobody hears
 * costs one indexed read, not the names of 2,000 entrants). Returns the number of deliveries added.
 */
export async function enqueueWebhookEvent(
  trx: Db,
  target: WebhookTarget,
  kind: WebhookEvent | "test",
  key: string,
  payload: WebhookPayload | (() => Promise<WebhookPayload>),
  opts: { dueAt?: number; onlyHook?: number; createdBefore?: number } = {},
): Promise<number> {
  const hooks = await repo.hooksFor(trx, {
    ...("tournamentId" in target ? { tournamentId: target.tournamentId } : {}),
    ...("seriesId" in target ? { seriesId: target.seriesId } : {}),
    ...("teamId" in target ? { teamId: target.teamId } : {}),
  });
  const now = Date.now();
  const chosen = hooks.filter((h) => {
    if (opts.onlyHook !== undefined) return h.id === opts.onlyHook;
    if (opts.createdBefore !== undefined && h.created_at > opts.createdBefore) return false;
    return (JSON.parse(h.events) as string[]).includes(kind);
  });
  if (chosen.length === 0) return 0;
  const body = JSON.stringify(typeof payload === "function" ? await payload() : payload);
  return repo.insertDeliveries(
    trx,
    chosen.map((h) => ({ webhook_id: h.id, kind, event_key: key, payload: body, next_attempt_at: opts.dueAt ?? now, created_at: now })),
  );
}

/** The tournament fields the event helpers read. */
export interface EventTournament {
  id: number;
  title: string;
  tournament_series_id: number | null;
  published: number;
}

const tournamentTarget = (t: EventTournament): WebhookTarget => ({ tournamentId: t.id, seriesId: t.tournament_series_id });
const tournamentData = (ctx: Pick<AppContext, "config">, t: EventTournament) => ({
  id: t.id,
  title: t.title,
  url: `${ctx.config.publicUrl}/tournaments/${t.id}`,
});

function message(
  kind: WebhookEvent | "test",
  title: string,
  url: string | null,
  description: string,
  fields: MessageField[] = [],
  image: string | null = null,
) {
  return { title, url, description, fields, image_url: image, color: COLORS[kind], at: Date.now() };
}

/** "Registrations open": an organiser opened them (controls). */
export async function webhookRegistrationsOpened(ctx: Pick<AppContext, "config">, trx: Db, t: EventTournament, now: number): Promise<void> {
  if (t.published !== 1) return;
  const tournament = tournamentData(ctx, t);
  await enqueueWebhookEvent(trx, tournamentTarget(t), "registrations.opened", `registrations.opened:${t.id}:${now}`, {
    message: message(
      "registrations.opened",
      `Registrations are open: ${t.title}`,
      tournament.url,
      `Register on the tournament page: ${tournament.url}`,
    ),
    data: { tournament },
  });
}

/**
 * "Check-in opens": by hand (controls; key by the moment) or on schedule (`scheduledAt`, the
 * #17 `checkin_opens_at`; key by that time, so a moved schedule is a new event and the scan of
 * every node enqueues it once; hooks registered after that moment do not get it).
 */
export async function webhookCheckinOpened(
  ctx: Pick<AppContext, "config">,
  trx: Db,
  t: EventTournament & { checkin_closes_at?: number | null },
  o: { now: number; scheduledAt?: number },
): Promise<void> {
  if (t.published !== 1) return;
  const tournament = tournamentData(ctx, t);
  const closes = t.checkin_closes_at ? new Date(t.checkin_closes_at).toISOString() : null;
  const fields = closes ? [{ name: "Check-in closes", value: closes.replace("T", " ").slice(0, 16) + " UTC" }] : [];
  const key = o.scheduledAt !== undefined ? `checkin.opened:${t.id}:at:${o.scheduledAt}` : `checkin.opened:${t.id}:${o.now}`;
  await enqueueWebhookEvent(
    trx,
    tournamentTarget(t),
    "checkin.opened",
    key,
    {
      message: message(
        "checkin.opened",
        `Check-in is open: ${t.title}`,
        tournament.url,
        `Check in on the tournament page: ${tournament.url}`,
        fields,
      ),
      data: { tournament, scheduled: o.scheduledAt !== undefined, closes_at: closes },
    },
    o.scheduledAt !== undefined ? { createdBefore: o.scheduledAt, dueAt: o.now } : {},
  );
}

const entrantType = (format: number): "player" | "squad" => (isSoloEvent(format) ? "player" : "squad");
const shown = (n: { name: string; hidden: boolean } | undefined) => (n ? (n.hidden ? HIDDEN_PLAYER_NAME : n.name) : "?");

/** "A round is drawn": the draw was published; rooms with their hosts and sides. */
export async function webhookRoundPublished(
  ctx: Pick<AppContext, "config">,
  trx: Db,
  t: EventTournament & { event_format: number },
  round: { id: number; number: number; name: string },
): Promise<void> {
  if (t.published !== 1) return;
  await enqueueWebhookEvent(trx, tournamentTarget(t), "round.published", `round.published:${round.id}`, async () => {
    const rooms = await repo.roundRooms(trx, round.id);
    const names = await repo.entrantNames(trx, entrantType(t.event_format), [
      ...new Set(rooms.flatMap((r) => r.entries.map((e) => e.entrant_id))),
    ]);
    const hosts = await repo.entrantNames(
      trx,
      "player",
      rooms.flatMap((r) => (r.host_player_id ? [r.host_player_id] : [])),
    );
    const data = rooms.map((r) => ({
      number: r.number,
      host: r.host_player_id ? shown(hosts.get(r.host_player_id)) : null,
      entrants: r.entries.map((e) => shown(names.get(e.entrant_id))),
    }));
    const tournament = tournamentData(ctx, t);
    const url = `${tournament.url}/rounds/${round.number}`;
    return {
      message: message(
        "round.published",
        `${round.name} drawn: ${t.title}`,
        url,
        `${rooms.length} room${rooms.length === 1 ? "" : "s"}. Find your room: ${url}`,
        data.map((r) => ({ name: `Room ${r.number}`, value: `Host: ${r.host ?? "none yet"}\n${r.entrants.join(", ")}`, inline: true })),
      ),
      data: { tournament, round: { number: round.number, name: round.name, url }, rooms: data },
    };
  });
}

/** "A room's table is submitted": results of the room and the table's image. */
export async function webhookTableSubmitted(
  ctx: Pick<AppContext, "config">,
  trx: Db,
  t: EventTournament & { event_format: number },
  round: { id: number; number: number; name: string },
  room: { id: number; number: number },
  ranked: ReadonlyArray<{ entrant_id: number; rank: number | null; total: number | null }>,
  now: number,
): Promise<void> {
  if (t.published !== 1) return;
  await enqueueWebhookEvent(trx, tournamentTarget(t), "room.table_submitted", `room.table_submitted:${room.id}:${now}`, async () => {
    const names = await repo.entrantNames(
      trx,
      entrantType(t.event_format),
      ranked.map((r) => r.entrant_id),
    );
    const results = [...ranked]
      .sort((a, b) => (a.rank ?? 999) - (b.rank ?? 999))
      .map((r) => ({ rank: r.rank, name: shown(names.get(r.entrant_id)), total: r.total }));
    const tournament = tournamentData(ctx, t);
    const url = `${tournament.url}/rounds/${round.number}`;
    const image = `${ctx.config.publicUrl}${roomTableImageUrl(t.id, round.number, room.number)}`;
    return {
      message: message(
        "room.table_submitted",
        `${round.name}, room ${room.number}: table in — ${t.title}`,
        url,
        results.map((r) => `${r.rank ?? "–"}. ${r.name} — ${r.total ?? 0}`).join("\n"),
        [],
        image,
      ),
      data: {
        tournament,
        round: { number: round.number, name: round.name, url },
        room: { number: room.number, image_url: image, results },
      },
    };
  });
}

/** Rows shown in the "Final placements" message (the JSON data carries up to `PLACEMENT_ROWS`). */
const PLACEMENT_FIELDS = 12;
const PLACEMENT_ROWS = 500;

/**
 * "Final placements": the placements were saved (by the editor or by finishing the rounds).
 * Keyed by the list's content, so saving the same list again sends nothing; a correction does.
 */
export async function webhookPlacements(
  ctx: Pick<AppContext, "config">,
  trx: Db,
  t: EventTournament,
  type: "player" | "squad" | "team",
  rows: ReadonlyArray<{
    entrant_id: number;
    placement: number | null;
    placement_upper_bound: number | null;
    dq: boolean;
    title: string | null;
  }>,
): Promise<void> {
  if (t.published !== 1 || rows.length === 0) return;
  const key = createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 32);
  await enqueueWebhookEvent(trx, tournamentTarget(t), "placements.final", `placements.final:${t.id}:${key}`, async () => {
    const kept = rows.slice(0, PLACEMENT_ROWS);
    const names = await repo.entrantNames(
      trx,
      type,
      kept.map((r) => r.entrant_id),
    );
    const placements = kept.map((r) => ({
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      text: r.dq ? "DQ" : r.placement !== null ? placementText(r.placement, r.placement_upper_bound) : "–",
      name: shown(names.get(r.entrant_id)),
      dq: r.dq,
      title: r.title,
    }));
    const tournament = tournamentData(ctx, t);
    const url = `${tournament.url}/placements`;
    const top = placements.filter((p) => !p.dq).slice(0, PLACEMENT_FIELDS);
    return {
      message: message(
        "placements.final",
        `Final placements: ${t.title}`,
        url,
        top.map((p) => `${p.text}: ${p.name}${p.title ? ` (${p.title})` : ""}`).join("\n"),
        rows.length > top.length ? [{ name: "Entrants", value: `${rows.length} — full list: ${url}` }] : [],
      ),
      data: { tournament, url, placements },
    };
  });
}

/** "A player joins or leaves the team": an accepted transfer (joins, leaves, removals). */
export async function webhookTransfer(
  ctx: Pick<AppContext, "config">,
  trx: Db,
  o: {
    team: { id: number; team_name: string };
    player: { id: number };
    direction: "joined" | "left";
    other: { id: number; team_name: string } | null;
    now: number;
  },
): Promise<void> {
  const base = ctx.config.publicUrl;
  await enqueueWebhookEvent(
    trx,
    { teamId: o.team.id },
    "team.transfer",
    `team.transfer:${o.team.id}:${o.player.id}:${o.direction}:${o.now}`,
    async () => {
      const found = (await repo.entrantNames(trx, "player", [o.player.id])).get(o.player.id);
      // A hidden player (issue 15 C) is not named outside the site's staff.
      const player =
        !found || found.hidden
          ? { id: null, name: HIDDEN_PLAYER_NAME, url: null }
          : { id: o.player.id, name: found.name, url: `${base}/registry/players/${o.player.id}` };
      const team = { id: o.team.id, name: o.team.team_name, url: `${base}/registry/teams/${o.team.id}` };
      const other = o.other ? { id: o.other.id, name: o.other.team_name } : null;
      const title = o.direction === "joined" ? `${player.name} joined ${team.name}` : `${player.name} left ${team.name}`;
      const description = other ? (o.direction === "joined" ? `From ${other.name}.` : `Now on ${other.name}.`) : "";
      return {
        message: message("team.transfer", title, team.url, description),
        data: { team, player, direction: o.direction, other_team: other },
      };
    },
  );
}

/** The `test` event of "Send test" for one hook. */
export function testPayload(scopeName: string, url: string | null): WebhookPayload {
  return {
    message: message(
      "test",
      "Test delivery",
      url,
      `This is a test from ${scopeName}'s webhook. Events: ${Object.values(WEBHOOK_EVENTS).join(", ")}.`,
    ),
    data: { message: "This is a test delivery.", scope_name: scopeName },
  };
}
