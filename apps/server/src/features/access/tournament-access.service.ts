import { isTeamEvent, REGISTRATION_MESSAGES, type TournamentLogValue } from "@site/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { liveKindOfAction, noteLiveChange } from "../../lib/live-changes.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { isReadRequest } from "../permissions/read-request.js";
import { canManageSeriesContent, canModerateRegistrations, canSeeUnpublished } from "./series-access.service.js";
import { writeTournamentLog } from "../tournament-logs/tournament-logs.service.js";
import { findTournamentAccessRow, nextListChange, tournamentRolesOfUser, type TournamentAccessRow } from "./access.repository.js";
import { withEffectiveSwitches } from "./tournament-schedule.js";

/**
 * Who may see and act on one tournament (001 §6), the one place every tournament-scoped
 * service asks. Builds on the series rules of `series-access.service.ts`:
 *
 * | check                          | who                                                               | refusal        |
 * |--------------------------------|-------------------------------------------------------------------|----------------|
 * | see it (`loadVisibleTournament`) | everyone when published; else event staff and the series' roles | 404            |
 * | administrate it                | event administrators, the series' administrators and organizers   | 401 / 403      |
 * | moderate its registrations     | the above and event moderators (000 §6 canEventModerate)          | 401 / 403      |
 *
 * A player-hosted tournament (issue #22 §5) adds one per-tournament role: its approved proposer
 * administrates that one tournament only (`tournament_admins`), and sees it while pending.
 *
 * Registration moderators may use only what the registration tables offer (withdrawn and
 * rejected lists, moves and Verify, the registration edit pages); everything else stays with
 * administrators.
 */
export type Tournament = TournamentAccessRow;

/** Options of the loaders: `cached` reads the row from the micro-cache (public reads); writes read it fresh. */
export interface LoadOptions {
  cached?: boolean;
  /**
   * The request's actor: a read request (`isReadRequest`) reads a tournament's cached access row
   * once, however many times its dispatch and services ask (#16: the squad/team dispatch and the
   * list each read it; with the micro-cache off that was two statements a request).
   */
  actor?: Actor;
}

/** Access rows a read request has read, by its actor and tournament id (see `LoadOptions.actor`). */
const requestRows = new WeakMap<Actor, Map<number, Promise<TournamentAccessRow | null>>>();

/**
 * The tournament's access row or undefined. With `cached`, the row comes from the micro-cache
 * under `cacheKeys.tournaments.access(id)`, which every tournament, registration and placement
 * write clears (`tournaments:`), so a cached public read costs no query.
 */
export async function findTournament(ctx: AppContext, id: number, opts: LoadOptions = {}): Promise<Tournament | undefined> {
  if (!opts.cached) return findTournamentIn(ctx.db, id);
  // The cache holds the stored row; the schedule is applied on every read, so a cached row
  // never carries a switch the clock has since turned.
  const read = () => ctx.cache.get(cacheKeys.tournaments.access(id), async () => (await findTournamentAccessRow(ctx.db, id)) ?? null);
  let pending: Promise<TournamentAccessRow | null>;
  if (opts.actor && isReadRequest(opts.actor)) {
    let rows = requestRows.get(opts.actor);
    if (!rows) requestRows.set(opts.actor, (rows = new Map()));
    pending = rows.get(id) ?? read();
    rows.set(id, pending);
  } else pending = read();
  const row = await pending;
  return row ? withEffectiveSwitches(row, Date.now()) : undefined;
}

/**
 * The access row read through `db` (pass a transaction to read inside it); no visibility check.
 * `registrations_open` and `checkin_status` are the effective ones at this moment (the schedule
 * applied, `effectiveSwitches`).
 */
export async function findTournamentIn(db: Kysely<DB>, id: number): Promise<Tournament | undefined> {
  const row = await findTournamentAccessRow(db, id);
  return row ? withEffectiveSwitches(row, Date.now()) : undefined;
}

/**
 * Inside a registration write's transaction, after it took the tournament's lock: refuses with
 * the spec's 'closed' message when registrations are closed at this moment (switch or schedule),
 * unless the actor administrates the tournament. Re-reading here means a registration that
 * started a moment before the close time cannot commit after it.
 */
export async function requireRegistrationsOpenIn(
  ctx: AppContext,
  trx: Kysely<DB>,
  actor: Actor,
  t: Pick<Tournament, "id" | "tournament_series_id">,
): Promise<void> {
  const row = await findTournamentIn(trx, t.id);
  if (row?.registrations_open === 1) return;
  if (await isTournamentAdmin(ctx, actor, t)) return;
  throw badRequest(REGISTRATION_MESSAGES.closed, { code: "registration.closed" });
}

/** The code of the 404 of a missing or invisible tournament (#21). */
const TOURNAMENT_NOT_FOUND = { code: "tournaments.not_found" };

/** The tournament, visible to the actor: missing, or unpublished and the actor may not see it → 404 'Tournament not found.'. */
export async function loadVisibleTournament(ctx: AppContext, actor: Actor, id: number, opts: LoadOptions = {}): Promise<Tournament> {
  const t = await findTournament(ctx, id, { ...opts, actor });
  if (!t) throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
  if (
    t.published !== 1 &&
    !(await canSeeUnpublished(ctx, actor, t.tournament_series_id)) &&
    !(await tournamentRolesOf(ctx, actor)).has(t.id)
  )
    throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
  return t;
}

const tournamentRolesCache = new WeakMap<Actor, Promise<Map<number, "admin" | "proposer">>>();

/**
 * The actor's per-tournament rights (issue #22 §5): tournament id → "admin" (an approved
 * proposer) or "proposer" (sees it, nothing more). Read once per request, cached per account
 * under the series-roles scope (`invalidateAfter(…, "seriesRoles")` clears it). Banned: none.
 */
export function tournamentRolesOf(ctx: AppContext, actor: Actor): Promise<Map<number, "admin" | "proposer">> {
  if (actor.userId === null || actor.state === "banned") return Promise.resolve(new Map());
  let p = tournamentRolesCache.get(actor);
  if (!p) {
    const userId = actor.userId;
    p = ctx.cache
      .get(cacheKeys.series.tournamentRoles(userId), () => tournamentRolesOfUser(ctx.db, userId))
      .then((rows) => {
        const m = new Map<number, "admin" | "proposer">();
        for (const r of rows) if (r.role === "admin" || !m.has(r.tournament_id)) m.set(r.tournament_id, r.role);
        return m;
      });
    tournamentRolesCache.set(actor, p);
  }
  return p;
}

/** The actor administrates this one tournament through a per-tournament role (a hosted tournament). */
async function isHost(ctx: AppContext, actor: Actor, tournamentId: number): Promise<boolean> {
  return (await tournamentRolesOf(ctx, actor)).get(tournamentId) === "admin";
}

/** Tournament administrators (001 §6): event administrators, the series' administrators and organizers, and the tournament's own host (issue #22 §5). */
export async function isTournamentAdmin(
  ctx: AppContext,
  actor: Actor,
  t: Pick<Tournament, "id" | "tournament_series_id">,
): Promise<boolean> {
  if (actor.userId === null) return false;
  return (await canManageSeriesContent(ctx, actor, t.tournament_series_id)) || isHost(ctx, actor, t.id);
}

/** Registration moderators (000 §6): tournament administrators and event moderators (`tournaments.moderate`). */
export async function isRegistrationModerator(
  ctx: AppContext,
  actor: Actor,
  t: Pick<Tournament, "id" | "tournament_series_id">,
): Promise<boolean> {
  if (actor.userId === null) return false;
  return (await canModerateRegistrations(ctx, actor, t.tournament_series_id)) || isHost(ctx, actor, t.id);
}

/** The default 403 message of administrator-only actions. */
export const NOT_TOURNAMENT_ADMIN = "You do not have permission to administrate this tournament.";
/** The 403 message of registration-moderator actions. */
export const NOT_REGISTRATION_MODERATOR = "You do not have permission to moderate this tournament.";

/**
 * Visible and administrated by the actor: 404 when invisible, 401 anonymous, 403 with
 * `message` and its `code` (default NOT_TOURNAMENT_ADMIN, `tournaments.not_admin`) otherwise.
 * Reads the row fresh unless `cached`.
 */
export async function requireTournamentAdmin(
  ctx: AppContext,
  actor: Actor,
  id: number,
  opts: LoadOptions & { message?: string; code?: string } = {},
): Promise<Tournament> {
  const t = await loadVisibleTournament(ctx, actor, id, opts);
  if (actor.userId === null) throw unauthorized();
  if (!(await isTournamentAdmin(ctx, actor, t))) {
    if (opts.message === undefined) throw forbidden(NOT_TOURNAMENT_ADMIN, { code: "tournaments.not_admin" });
    throw forbidden(opts.message, opts.code ? { code: opts.code } : undefined);
  }
  return t;
}

/** Visible and its registrations moderated by the actor: 404 invisible, 401 anonymous, 403 otherwise. */
export async function requireRegistrationModerator(ctx: AppContext, actor: Actor, id: number, opts: LoadOptions = {}): Promise<Tournament> {
  const t = await loadVisibleTournament(ctx, actor, id, opts);
  if (actor.userId === null) throw unauthorized();
  if (!(await isRegistrationModerator(ctx, actor, t))) throw forbidden(NOT_REGISTRATION_MODERATOR, { code: "tournaments.not_moderator" });
  return t;
}

/**
 * `true` when the tournament exists and registers whole teams (the shared spec paths dispatch on
 * it); reads the cached row, once per read request when given its `actor`.
 */
export async function usesTeamRegistration(ctx: AppContext, id: number, actor?: Actor): Promise<boolean> {
  return isTeamEvent((await findTournament(ctx, id, { cached: true, ...(actor ? { actor } : {}) }))?.event_format);
}

/** Refuses (400) a team tournament where a solo or squad rule applies. */
export function assertSoloOrSquad(t: Tournament): Tournament {
  if (isTeamEvent(t.event_format)) throw badRequest("This tournament uses team registration.", { code: "tournaments.team_registration" });
  return t;
}

/** Refuses (400) a solo or squad tournament where a team registration rule applies. */
export function assertTeamRegistration(t: Tournament): Tournament {
  if (!isTeamEvent(t.event_format))
    throw badRequest("This tournament does not use team registration.", { code: "tournaments.not_team_registration" });
  return t;
}

/** What a log line says beyond its action: a human summary and the value before and after. */
export interface LogDetails {
  summary?: string;
  /**
   * The summary for translation (#21): a key of the web's `tournaments.logs.summary.<key>`
   * catalogue, whose English text is `summary`, and its ICU params (names as they are, counts as
   * numbers, a word the code chooses as a `select` value such as `in` / `out`).
   */
  summaryKey?: string;
  summaryParams?: Record<string, string | number>;
  before?: string | null;
  after?: string | null;
  /**
   * `before` / `after` for translation (#21), in the order of their English text: each value a
   * field's stable key (null for a lone value) and a `word` key, a raw `text` or `number`, or a
   * `time` / `day` (ISO). Given wherever the English text holds words; `logWords` builds the
   * common one-word form.
   */
  beforeValues?: TournamentLogValue[];
  afterValues?: TournamentLogValue[];
  /** ms since epoch (UTC); defaults to now. */
  now?: number;
  /** Which round and room the line is about (rounds actions), for the live event (issue #20 §1). */
  live?: { round?: number; room?: number; room_id?: number };
}

/**
 * A log line's before and after as one word each (#21): `{ beforeValues, afterValues }` for
 * `logTournamentAction`, each a lone `word` value (a key of `tournaments.logs.value.<key>`, such
 * as `status.registered`); a null side has none.
 */
export function logWords(
  before: string | null,
  after: string | null,
): { beforeValues?: TournamentLogValue[]; afterValues?: TournamentLogValue[] } {
  const word = (value: string): TournamentLogValue[] => [{ field: null, kind: "word", value }];
  return { ...(before !== null ? { beforeValues: word(before) } : {}), ...(after !== null ? { afterValues: word(after) } : {}) };
}

/**
 * Writes one line of the tournament's log (001 §2 logs) for `actor` (null userId: the system).
 * Pass the transaction the change runs in so the line and the change commit together.
 * Every tournament write logs, so this is also where its live event is noted (issue #20 §1,
 * `lib/live-changes.ts`): published on `tournament:{id}` once the transaction committed.
 */
export async function logTournamentAction(
  trx: Kysely<DB>,
  t: Pick<Tournament, "id">,
  actor: Pick<Actor, "userId">,
  action: string,
  details: LogDetails = {},
): Promise<void> {
  await writeTournamentLog(trx, {
    tournamentId: t.id,
    userId: actor.userId,
    action,
    ...(details.summary !== undefined ? { summary: details.summary } : {}),
    ...(details.summaryKey !== undefined ? { summaryKey: details.summaryKey, summaryParams: details.summaryParams ?? {} } : {}),
    before: details.before ?? null,
    after: details.after ?? null,
    ...(details.beforeValues !== undefined ? { beforeValues: details.beforeValues } : {}),
    ...(details.afterValues !== undefined ? { afterValues: details.afterValues } : {}),
    ...(details.now !== undefined ? { now: details.now } : {}),
  });
  noteLiveChange(trx, { tournamentId: t.id, change: { kind: liveKindOfAction(action), ...details.live } });
}

/**
 * The next instant (ms since the epoch) after `now` at which an answer built from published
 * tournaments' dates and registration windows can change by the clock alone (a start, an end, a
 * scheduled registration close), `Infinity` when none lies ahead: the expiry of kept lists
 * (`TtlCache.keepJsonUntil`, issue #16).
 */
export async function clockChangeAfter(ctx: AppContext, now: number): Promise<number> {
  return (await nextListChange(ctx.db, now)) ?? Infinity;
}
