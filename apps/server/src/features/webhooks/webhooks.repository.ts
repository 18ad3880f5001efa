import type { Kysely } from "kysely";
import type { WebhookScope } from "@site/contract";
import type { Dialect } from "../../db/database.js";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** The column that holds a scope's id. */
const SCOPE_COLUMN = { tournament: "tournament_id", series: "series_id", team: "team_id" } as const;

export type WebhookRow = Awaited<ReturnType<typeof findWebhook>> & {};
export type DeliveryRow = Awaited<ReturnType<typeof claimDue>>[number];

const HOOK_COLUMNS = [
  "id",
  "tournament_id",
  "series_id",
  "team_id",
  "url",
  "format",
  "secret",
  "events",
  "enabled",
  "consecutive_failures",
  "disabled_reason",
  "created_by",
  "created_at",
] as const;

/** A scope's hooks, oldest first (index webhooks_<scope>). */
export function listWebhooks(db: Db, scope: WebhookScope, id: number) {
  return db.selectFrom("webhooks").select(HOOK_COLUMNS).where(SCOPE_COLUMN[scope], "=", id).orderBy("id").execute();
}

export async function countWebhooks(db: Db, scope: WebhookScope, id: number): Promise<number> {
  const r = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(SCOPE_COLUMN[scope], "=", id)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function findWebhook(db: Db, id: number) {
  return db.selectFrom("webhooks").select(HOOK_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function insertWebhook(
  db: Db,
  scope: WebhookScope,
  scopeId: number,
  v: { url: string; format: string; secret: string | null; events: string[]; createdBy: number | null; now: number },
): Promise<number> {
  const row = await db
    .insertInto("webhooks")
    .values({
      tournament_id: scope === "tournament" ? scopeId : null,
      series_id: scope === "series" ? scopeId : null,
      team_id: scope === "team" ? scopeId : null,
      url: v.url,
      format: v.format,
      secret: v.secret,
      events: JSON.stringify(v.events),
      enabled: 1,
      consecutive_failures: 0,
      disabled_reason: null,
      created_by: v.createdBy,
      created_at: v.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWebhook(
  db: Db,
  id: number,
  v: Partial<{ enabled: number; events: string; consecutive_failures: number; disabled_reason: string | null }>,
): Promise<void> {
  if (Object.keys(v).length === 0) return;
  await db.updateTable("webhooks").set(v).where("id", "=", id).execute();
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
  await db.deleteFrom("webhooks").where("id", "=", id).execute();
}

/**
 * The enabled hooks an event of this scope reaches: a tournament's own and its series' (when it
 * has one); a series' own; a team's own. Filtering by subscribed event is the caller's (JSON).
 */
export function hooksFor(db: Db, target: { tournamentId?: number; seriesId?: number | null; teamId?: number }) {
  return db
    .selectFrom("webhooks")
    .select(["id", "events", "created_at"])
    .where("enabled", "=", 1)
    .where((eb) => {
      const ors = [];
      if (target.tournamentId !== undefined) ors.push(eb("tournament_id", "=", target.tournamentId));
      if (target.seriesId !== undefined && target.seriesId !== null) ors.push(eb("series_id", "=", target.seriesId));
      if (target.teamId !== undefined) ors.push(eb("team_id", "=", target.teamId));
      return ors.length ? eb.or(ors) : eb.val(false);
    })
    .execute();
}

/**
 * Enqueues one delivery per hook; a hook that already has this event key keeps its row (the
 * unique index `webhook_deliveries_once`, "on conflict do nothing" on both dialects), so one
 * event observed by two nodes or twice is delivered once. Returns how many rows were added.
 */
export async function insertDeliveries(
  db: Db,
  rows: Array<{ webhook_id: number; kind: string; event_key: string; payload: string; next_attempt_at: number; created_at: number }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const r = await db
    .insertInto("webhook_deliveries")
    .values(rows.map((x) => ({ ...x, status: "pending", attempts: 0 })))
    .onConflict((oc) => oc.columns(["webhook_id", "event_key"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Claims up to `limit` due deliveries for this node and returns them with their hook: pending
 * or failed rows whose `next_attempt_at` passed, and delivering rows whose lease (also
 * `next_attempt_at`) expired because the node that held them died. Each claimed row becomes
 * delivering with attempts + 1 and a lease until `leaseUntil`. On PostgreSQL the inner select
 * locks the rows it picks and skips rows another node is claiming (`for update skip locked`),
 * so concurrent workers never claim the same row; SQLite is one node and runs it in one
 * statement. Oldest due first.
 */
export async function claimDue(db: Db, dialect: Dialect, now: number, leaseUntil: number, limit: number) {
  let due = db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "in", ["pending", "failed", "delivering"])
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .limit(limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({ status: "delivering", attempts: eb("attempts", "+", 1), next_attempt_at: leaseUntil }))
    .where("id", "in", due)
    .returning(["id", "webhook_id", "kind", "event_key", "payload", "attempts"])
    .execute();
  return claimed;
}

/** The hooks of claimed deliveries (deleted hooks are missing). */
export function hooksByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("webhooks").select(HOOK_COLUMNS).where("id", "in", ids).execute();
}

/** Records an attempt's result on a row this node holds (still delivering with its attempt count). */
export async function finishAttempt(
  db: Db,
  id: number,
  attempts: number,
  v: {
    status: string;
    next_attempt_at: number | null;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: number | null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable("webhook_deliveries")
    .set(v)
    .where("id", "=", id)
    .where("status", "=", "delivering")
    .where("attempts", "=", attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * After a delivery ended: a delivered one resets the hook's count of deliveries given up in a
 * row; a dead one adds one and, at `disableAfter`, disables the hook with `reason` (once: the
 * update only matches an enabled hook). Returns true when this call disabled it.
 */
export async function countOutcome(db: Db, webhookId: number, delivered: boolean, disableAfter: number, reason: string): Promise<boolean> {
  if (delivered) {
    await db.updateTable("webhooks").set({ consecutive_failures: 0 }).where("id", "=", webhookId).execute();
    return false;
  }
  await db
    .updateTable("webhooks")
    .set((eb) => ({ consecutive_failures: eb("consecutive_failures", "+", 1) }))
    .where("id", "=", webhookId)
    .execute();
  const r = await db
    .updateTable("webhooks")
    .set({ enabled: 0, disabled_reason: reason })
    .where("id", "=", webhookId)
    .where("enabled", "=", 1)
    .where("consecutive_failures", ">=", disableAfter)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The last `limit` deliveries of a hook, newest first (index webhook_deliveries_log). */
export function deliveriesOf(db: Db, webhookId: number, limit: number) {
  return db
    .selectFrom("webhook_deliveries")
    .select(["id", "kind", "status", "attempts", "last_status_code", "last_error", "created_at", "next_attempt_at", "delivered_at"])
    .where("webhook_id", "=", webhookId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Deliveries of a hook still waiting (to give up when the hook is disabled or deleted). */
export async function abandonPending(db: Db, webhookId: number, reason: string): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "dead", last_error: reason, next_attempt_at: null })
    .where("webhook_id", "=", webhookId)
    .where("status", "in", ["pending", "failed"])
    .execute();
}

// --- reads other features' tables for scopes and event texts -----------------------------------

/** The name of a scope's owner (tournament title, series title, team name), or undefined when it does not exist. */
export async function scopeName(db: Db, scope: WebhookScope, id: number): Promise<string | undefined> {
  if (scope === "tournament") return (await db.selectFrom("tournaments").select("title").where("id", "=", id).executeTakeFirst())?.title;
  if (scope === "series")
    return (await db.selectFrom("tournament_series").select("series_name").where("id", "=", id).executeTakeFirst())?.series_name;
  return (await db.selectFrom("teams").select("team_name").where("id", "=", id).executeTakeFirst())?.team_name;
}

/** Accounts that lead the team now (the team's edit right, 000 §4). */
export async function teamLeaderUserIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .select("p.user_id")
    .where("m.team_id", "=", teamId)
    .where("m.left_at", "is", null)
    .where("m.is_leader", "=", 1)
    .where("p.user_id", "is not", null)
    .execute();
  return rows.map((r) => r.user_id!);
}

/** Accounts holding series_admin in the series (notified when a series hook is disabled and its creator is gone). */
export async function seriesAdminUserIds(db: Db, seriesId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("series_roles")
    .select("user_id")
    .where("series_id", "=", seriesId)
    .where("role", "=", "series_admin")
    .execute();
  return rows.map((r) => r.user_id);
}

/** Names of entrants by id: players (hidden ones flagged), squads or teams. */
export async function entrantNames(
  db: Db,
  type: "player" | "squad" | "team",
  ids: number[],
): Promise<Map<number, { name: string; hidden: boolean }>> {
  const out = new Map<number, { name: string; hidden: boolean }>();
  if (ids.length === 0) return out;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (type === "player") {
      const rows = await db.selectFrom("players").select(["id", "display_name", "is_hidden"]).where("id", "in", chunk).execute();
      for (const r of rows) out.set(r.id, { name: r.display_name, hidden: r.is_hidden === 1 });
    } else if (type === "squad") {
      const rows = await db.selectFrom("squads").select(["id", "squad_name"]).where("id", "in", chunk).execute();
      for (const r of rows) out.set(r.id, { name: r.squad_name, hidden: false });
    } else {
      const rows = await db.selectFrom("teams").select(["id", "team_name"]).where("id", "in", chunk).execute();
      for (const r of rows) out.set(r.id, { name: r.team_name, hidden: false });
    }
  }
  return out;
}

/** A round's rooms with host and sides (entrant ids by seed), for the "round drawn" event. */
export async function roundRooms(db: Db, roundId: number) {
  const rooms = await db
    .selectFrom("ffa_rooms")
    .select(["id", "number", "host_player_id"])
    .where("round_id", "=", roundId)
    .orderBy("number")
    .execute();
  const entries = await db
    .selectFrom("ffa_room_entries")
    .select(["room_id", "entrant_id", "seed", "rank", "total"])
    .where("round_id", "=", roundId)
    .orderBy("seed")
    .execute();
  return rooms.map((r) => ({ ...r, entries: entries.filter((e) => e.room_id === r.id) }));
}

/**
 * Tournaments whose scheduled check-in opening (issue #17 `checkin_opens_at`) lies in
 * (since, now] and whose window has not closed by then: the periodic scan enqueues
 * "check-in opens" for them.
 */
export function scheduledCheckinOpenings(db: Db, since: number, now: number) {
  return db
    .selectFrom("tournaments")
    .select(["id", "title", "tournament_series_id", "checkin_opens_at", "checkin_closes_at", "published"])
    .where("checkin_opens_at", ">", since)
    .where("checkin_opens_at", "<=", now)
    .where((eb) => eb.or([eb("checkin_closes_at", "is", null), eb("checkin_closes_at", ">", now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("webhooks as w")
          .select("w.id")
          .where("w.enabled", "=", 1)
          .where((w) =>
            w.or([w("w.tournament_id", "=", w.ref("tournaments.id")), w("w.series_id", "=", w.ref("tournaments.tournament_series_id"))]),
          ),
      ),
    )
    .execute();
}

/** A series' title and publication (the series scope's visibility check). */
export function seriesRow(db: Db, id: number) {
  return db.selectFrom("tournament_series").select(["series_name", "published"]).where("id", "=", id).executeTakeFirst();
}
