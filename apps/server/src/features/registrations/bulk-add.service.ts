import {
  BULK_ADD_CODES as C,
  BULK_ADD_MAX_LINES,
  type BulkAddBody,
  type BulkAddCandidate,
  type BulkAddChoice,
  type BulkAddLine,
  type BulkAddMember,
  type BulkAddResult,
  FRIEND_CODE_TYPES,
  GAMES,
  LIMITS,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { notify, tournamentRef } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { insertShadowPlayer } from "../players/player-save.service.js";
import { logTournamentAction, type Tournament } from "../access/tournament-access.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import { type Lookup, type ParsedLine, parseBulkList } from "./bulk-add-parse.js";
import * as bulkRepo from "./bulk.repository.js";
import { type Db, isSquadTournament, placeRegistration, requireSoloSquadAdmin, validateFields, write } from "./registration-rules.js";
import * as repo from "./registrations.repository.js";

/**
 * Bulk add (issue #22 §2): a pasted list, one player per line (solo) or one squad per line
 * (`TAG: name, name, …`), each name a registry id, a friend code or a registry name. The
 * preview says per line what applying will do: register an existing player, create a new
 * shadow player for an unknown name, or ask for a choice where a name (or code) fits several
 * players; apply does the same reading again inside one transaction and registers every ready
 * line as the manual registration does (verified, past any cap, notified, one log line per
 * entrant). Tournament administrators only; new shadow players need
 * `registry.players.create_shadow` as the manual form's shadow mode does.
 */

type Found = bulkRepo.LookupPlayer;
type FcFound = Awaited<ReturnType<typeof bulkRepo.playersByFriendCodes>>[number];

interface Lookups {
  byId: Map<number, Found>;
  byName: Map<string, Found[]>;
  fcs: FcFound[];
  statuses: Map<number, string>;
}

const lower = (s: string) => s.toLowerCase();
const candidate = (p: Found): BulkAddCandidate => ({
  player_id: p.id,
  display_name: p.display_name,
  country_code: p.country_code,
  is_shadow: p.is_shadow === 1,
});

/** Every player the lines name, in three queries, plus their registrations in the tournament. */
async function lookUp(db: Db, tournamentId: number, lines: ParsedLine[]): Promise<Lookups> {
  const all = lines.flatMap((l) => l.members.map((m) => m.lookup));
  const ids = [...new Set(all.flatMap((x) => (x.kind === "id" ? [x.id] : [])))];
  const names = [...new Set(all.flatMap((x) => (x.kind === "name" ? [lower(x.name)] : [])))];
  const codes = [...new Set(all.flatMap((x) => (x.kind === "fc" ? [x.fc] : [])))];
  const [byIds, byNames, fcs] = await Promise.all([
    bulkRepo.playersByIds(db, ids),
    bulkRepo.playersByNames(db, names),
    bulkRepo.playersByFriendCodes(db, codes),
  ]);
  const byName = new Map<string, Found[]>();
  for (const p of byNames) byName.set(lower(p.display_name), [...(byName.get(lower(p.display_name)) ?? []), p]);
  const playerIds = [...new Set([...byIds, ...byNames, ...fcs].map((p) => p.id))];
  const regs = await bulkRepo.registrationStatuses(db, tournamentId, playerIds);
  return { byId: new Map(byIds.map((p) => [p.id, p])), byName, fcs, statuses: new Map(regs.map((r) => [r.player_id, r.status])) };
}

/**
 * The players a friend code names: a prefixed code only in its own field; a bare code first in
 * the field of the tournament's game, then in any field.
 */
function fcMatches(ev: Tournament, l: Extract<Lookup, { kind: "fc" }>, fcs: FcFound[]): Found[] {
  const field = (t: "switch" | "3ds" | "mktour") => FRIEND_CODE_TYPES[t].field as "switch_fc" | "fc_3ds" | "mktour_fc";
  if (l.type) return fcs.filter((p) => p[field(l.type!)] === l.fc);
  const gameType = (GAMES as Record<string, { fc_type: string | null }>)[ev.game]?.fc_type;
  if (gameType === "switch" || gameType === "3ds" || gameType === "mktour") {
    const own = fcs.filter((p) => p[field(gameType)] === l.fc);
    if (own.length) return own;
  }
  return fcs.filter((p) => p.switch_fc === l.fc || p.fc_3ds === l.fc || p.mktour_fc === l.fc);
}

interface Context {
  ev: Tournament;
  lookups: Lookups;
  mayCreate: boolean;
  choices: Map<string, number>;
  /** Player id (or lower-cased new name) → the line that took it first. */
  seen: Map<string, number>;
}

const member = (input: string, o: Partial<BulkAddMember> & Pick<BulkAddMember, "action" | "name">): BulkAddMember => ({
  input,
  player_id: null,
  candidates: [],
  message: null,
  ...o,
});

/** An explanation: the English `message` and its code and params for translation (#21, BULK_ADD_CODES). */
const why = (message: string, code: string, params: Record<string, string | number> = {}) => ({ message, code, params });

/** What applying does with one pasted name (before the word filter, which `checkNames` adds). */
function resolveMember(c: Context, line: number, index: number, input: string, l: Lookup): BulkAddMember {
  let matches: Found[];
  if (l.kind === "id") {
    const p = c.lookups.byId.get(l.id);
    if (!p) return member(input, { action: "skip", name: input, ...why(`No player has registry id ${l.id}.`, C.unknownId, { id: l.id }) });
    matches = [p];
  } else if (l.kind === "fc") {
    matches = fcMatches(c.ev, l, c.lookups.fcs);
    if (matches.length === 0)
      return member(input, { action: "skip", name: input, ...why(`No player has the friend code ${l.fc}.`, C.unknownFc, { fc: l.fc }) });
  } else {
    matches = c.lookups.byName.get(lower(l.name)) ?? [];
  }
  const chosen = c.choices.get(`${line}:${index}`);
  if (matches.length > 1 && chosen !== undefined) {
    const pick = matches.find((p) => p.id === chosen);
    if (pick) matches = [pick];
    else if (chosen === 0 && l.kind === "name") matches = [];
  }
  if (matches.length > 1)
    return member(input, {
      action: "choose",
      name: l.kind === "name" ? l.name : input,
      candidates: matches.map(candidate),
      ...why(`${matches.length} players match: pick one.`, C.severalMatch, { count: matches.length }),
    });
  if (matches.length === 0) {
    // Only a name can become a new shadow player.
    const name = l.kind === "name" ? l.name : input;
    if (!c.mayCreate)
      return member(input, {
        action: "skip",
        name,
        ...why(`No player is named ${name} (only event administrators may create shadow players).`, C.unknownName, { name }),
      });
    if (name.length > LIMITS.shadowPlayerName)
      return member(input, {
        action: "skip",
        name,
        ...why(`Shadow player names may be at most ${LIMITS.shadowPlayerName} characters.`, "players.shadow_name_max", {
          max: LIMITS.shadowPlayerName,
        }),
      });
    const key = `new:${lower(name)}`;
    const first = c.seen.get(key);
    if (first !== undefined)
      return member(input, { action: "skip", name, ...why(`Listed twice (line ${first}).`, C.listedTwice, { line: first }) });
    c.seen.set(key, line);
    return member(input, { action: "create", name, ...why("New shadow player.", C.newShadow) });
  }
  const p = matches[0]!;
  const base = { name: p.display_name, player_id: p.id };
  const named = { name: p.display_name };
  if (p.is_banned === 1) return member(input, { ...base, action: "skip", ...why(`${p.display_name} is banned.`, C.banned, named) });
  const status = c.lookups.statuses.get(p.id);
  if (status === "registered" || status === "waitlisted")
    return member(input, { ...base, action: "skip", ...why(`${p.display_name} is already registered.`, C.alreadyRegistered, named) });
  if (status === "rejected")
    return member(input, {
      ...base,
      action: "skip",
      ...why(`${p.display_name} was rejected from this tournament; move them in the lists.`, C.rejected, named),
    });
  const first = c.seen.get(`id:${p.id}`);
  if (first !== undefined)
    return member(input, { ...base, action: "skip", ...why(`Listed twice (line ${first}).`, C.listedTwice, { line: first }) });
  c.seen.set(`id:${p.id}`, line);
  return member(input, { ...base, action: "register" });
}

/** An explanation as a line or member carries it: the English message and, when it has one, its code. */
interface Why {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * Runs the word filter on new shadow names and squad fields; a refusal skips the name or line
 * (its English message, and its code and params when the refusal has them).
 */
async function refusal(check: () => Promise<void>): Promise<Why | null> {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof AppError)
      return err.messageCode
        ? { message: err.message, code: err.messageCode.code, params: err.messageCode.params ?? {} }
        : { message: err.message };
    throw err;
  }
}

/** The whole list resolved against the database `db` (the preview's connection, or apply's transaction). */
async function plan(db: Db, ev: Tournament, actor: Actor, body: BulkAddBody): Promise<BulkAddLine[]> {
  const squad = isSquadTournament(ev);
  let parsed: ParsedLine[];
  try {
    parsed = parseBulkList(body.text, { squad, maxMembers: ev.maximum_team_size });
  } catch (err) {
    if (err instanceof RangeError) {
      const count = body.text.split(/\r\n|\r|\n/).filter((x) => x.trim() && !x.trim().startsWith("#")).length;
      throw badRequest(err.message, { code: "registration.bulk_add.too_many_lines", params: { max: BULK_ADD_MAX_LINES, count } });
    }
    throw err;
  }
  if (parsed.length === 0)
    throw badRequest(squad ? "Paste at least one squad: 'TAG: name, name, …'." : "Paste at least one player.", {
      code: "registration.bulk_add.empty",
      params: { kind: squad ? "squads" : "players" },
    });
  const c: Context = {
    ev,
    lookups: await lookUp(db, ev.id, parsed),
    mayCreate: can(actor, "registry.players.create_shadow"),
    choices: new Map((body.choices ?? []).map((x: BulkAddChoice) => [`${x.line}:${x.member}`, x.player_id])),
    seen: new Map(),
  };
  const out: BulkAddLine[] = [];
  for (const l of parsed) {
    const members = l.error ? [] : l.members.map((m, i) => resolveMember(c, l.line, i, m.input, m.lookup));
    for (const m of members) {
      if (m.action !== "create") continue;
      const refused = await refusal(() => assertAllowed(db, { "player name": m.name }));
      if (refused) {
        delete m.code;
        delete m.params;
        Object.assign(m, { action: "skip" }, refused);
      }
    }
    let error: Why | null = l.error === null ? null : { message: l.error, ...l.errorCode };
    if (!error && squad)
      error = await refusal(() =>
        validateFields(db, ev, { squad_name: l.squadName!, squad_tag: l.squadTag! }, { squad: true, player: false }),
      );
    const skippedAt = members.findIndex((m) => m.action === "skip");
    const skippedMember = members[skippedAt];
    const outcome = error || skippedMember ? "skip" : members.some((m) => m.action === "choose") ? "choose" : "ready";
    const explained: Why | null =
      error ??
      (skippedMember
        ? squad
          ? why(`Squad left out: ${skippedMember.input}: ${skippedMember.message}`, C.squadLeftOut, {
              input: skippedMember.input,
              member: skippedAt,
            })
          : { message: skippedMember.message!, code: skippedMember.code, params: skippedMember.params }
        : null);
    const line: BulkAddLine = {
      line: l.line,
      text: l.text,
      squad_tag: l.squadTag,
      squad_name: l.squadName,
      members,
      outcome,
      message: null,
    };
    if (explained) {
      line.message = explained.message;
      if (explained.code) Object.assign(line, { code: explained.code, params: explained.params ?? {} });
    }
    out.push(line);
  }
  return out;
}

function totals(lines: BulkAddLine[]) {
  const ready = lines.filter((l) => l.outcome === "ready");
  return {
    registered: ready.length,
    created: ready.reduce((n, l) => n + l.members.filter((m) => m.action === "create").length, 0),
    skipped: lines.filter((l) => l.outcome === "skip").length,
    choose: lines.filter((l) => l.outcome === "choose").length,
  };
}

/** The summary: the English sentence, and its code and counts for translation (#21). */
function summary(squad: boolean, applied: boolean, lines: BulkAddLine[]) {
  const t = totals(lines);
  const what = `${t.registered} ${squad ? "squad(s)" : "player(s)"}`;
  const parts = [applied ? `Registered ${what}` : `Will register ${what}`];
  if (t.created) parts[0] += ` (${t.created} new shadow player(s))`;
  if (t.choose) parts.push(`${t.choose} line(s) need a choice`);
  if (t.skipped) parts.push(`${t.skipped} line(s) skipped`);
  return {
    message: `${parts.join("; ")}.`,
    code: applied ? C.registered : C.willRegister,
    params: { kind: squad ? "squads" : "players", registered: t.registered, created: t.created, choose: t.choose, skipped: t.skipped },
  };
}

/** `POST /api/events/{id}/registrations/bulk_add/preview`: the dry run (writes nothing). */
export async function previewBulkAdd(ctx: AppContext, actor: Actor, id: number, body: BulkAddBody): Promise<BulkAddResult> {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  const lines = await plan(ctx.db, ev, actor, body);
  const t = totals(lines);
  return { status: "ok", applied: false, lines, ...pick(t), ...summary(isSquadTournament(ev), false, lines) };
}

const pick = (t: ReturnType<typeof totals>) => ({ registered: t.registered, created: t.created, skipped: t.skipped });

/**
 * `POST /api/events/{id}/registrations/bulk_add`: reads the list again inside one transaction
 * and registers every ready line; skipped lines stay out (listed in the answer). Refused (400,
 * nothing written) while a line still needs a choice.
 */
export async function applyBulkAdd(ctx: AppContext, actor: Actor, id: number, body: BulkAddBody): Promise<BulkAddResult> {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  const squad = isSquadTournament(ev);
  const lines = await write(ctx, async (trx) => {
    const planned = await plan(trx, ev, actor, body);
    const open = planned.find((l) => l.outcome === "choose");
    if (open) {
      const m = open.members.find((x) => x.action === "choose")!;
      throw badRequest(`Line ${open.line}: pick a player for ${m.input} first.`, {
        code: "registration.bulk_add.pick_first",
        params: { line: open.line, input: m.input },
      });
    }
    const now = Date.now();
    for (const l of planned.filter((x) => x.outcome === "ready")) await applyLine(trx, ev, actor, l, now);
    return planned;
  });
  const t = totals(lines);
  if (t.created) invalidateAfter(ctx.cache, "registry");
  return { status: "ok", applied: true, lines, ...pick(t), ...summary(squad, true, lines) };
}

/** Registers one ready line (new shadow players first), verified, as the manual registration does. */
async function applyLine(trx: Db, ev: Tournament, actor: Actor, l: BulkAddLine, now: number) {
  for (const m of l.members) if (m.action === "create") m.player_id = await insertShadowPlayer(trx, m.name, now);
  const ids = l.members.map((m) => m.player_id!);
  let squadId: number | null = null;
  if (isSquadTournament(ev)) {
    squadId = await repo.insertSquad(trx, { tournamentId: ev.id, name: l.squad_name!, tag: l.squad_tag!, color: 1, now });
    await repo.updateSquad(trx, squadId, { verified: 1 });
  }
  for (const [i, playerId] of ids.entries()) {
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId,
      squadId,
      isCaptain: squadId !== null && i === 0,
      canHost: false,
      miiName: null,
      now: now + i,
    });
    await repo.updateRegistration(trx, ev.id, playerId, { verified: 1 });
  }
  const names = l.members.map((m) => m.name);
  const created = l.members.filter((m) => m.action === "create").length;
  await logTournamentAction(trx, ev, actor, "registration.manual", {
    summary:
      squadId !== null
        ? `Bulk added squad ${l.squad_name} with ${names.join(", ")}`
        : `Bulk added ${names[0]}${created ? " (new shadow player)" : ""}`,
    summaryKey: squadId !== null ? "bulk.squad" : created ? "bulk.player_created" : "bulk.player",
    summaryParams: squadId !== null ? { squad: l.squad_name ?? "", players: names.join(", ") } : { player: names[0] ?? "" },
  });
  const players = await Promise.all(ids.map((pid) => repo.findPlayer(trx, pid)));
  for (const p of players) {
    if (!p?.user_id) continue;
    await notify(
      trx,
      p.user_id,
      "info",
      squadId !== null
        ? { key: "registration.admin_registered_squad", params: { squad: l.squad_name!, tournament: tournamentRef(ev) } }
        : { key: "registration.admin_registered", params: { tournament: tournamentRef(ev) } },
    );
  }
}
