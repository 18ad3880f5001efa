import { randomBytes } from "node:crypto";
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_SCOPE_EVENTS,
  type Webhook,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookList,
  type WebhookScope,
} from "@site/contract";
import type { z } from "zod";
import type { WebhookUpdateBodySchema } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { requireTournamentAdmin } from "../access/tournament-access.service.js";
import { canEditSeries, canSeeUnpublished } from "../access/series-access.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { enqueueWebhookEvent, testPayload } from "./webhook-events.service.js";
import { checkWebhookUrl } from "./webhook-url.js";
import * as repo from "./webhooks.repository.js";

/**
 * The webhooks API (issue #20 §5): owners list, register, enable/disable, re-subscribe,
 * delete and test their hooks and read each hook's delivery log. Who owns a scope:
 *
 * | scope      | who                                                                      | refusals      |
 * |------------|--------------------------------------------------------------------------|---------------|
 * | tournament | its administrators (`requireTournamentAdmin`: event admins, the series'   | 404 / 401 / 403 |
 * |            | administrators and organizers, its host)                                 |               |
 * | series     | who may edit the series (`canEditSeries`: event admins, series admins)   | 404 hidden or missing / 401 / 403 |
 * | team       | its leaders (the team's edit right) and administrators (`registry.teams.edit_any`) | 404 / 401 / 403 |
 */

const NOT_OWNER = "You do not have permission to manage this webhook.";
/** The refusal's code for translation (#21): the web catalogue's `error.webhooks.not_owner`. */
const NOT_OWNER_CODE = { code: "webhooks.not_owner" };

/** Checks the actor owns the scope; returns the scope's name. */
async function requireOwner(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number): Promise<string> {
  if (scope === "tournament") return (await requireTournamentAdmin(ctx, actor, id)).title;
  if (scope === "series") {
    const s = await repo.seriesRow(ctx.db, id);
    if (!s || (s.published !== 1 && !(await canSeeUnpublished(ctx, actor, id))))
      throw notFound("Series not found.", { code: "webhooks.series_not_found" });
    if (actor.userId === null) throw unauthorized();
    if (!(await canEditSeries(ctx, actor, id))) throw forbidden(NOT_OWNER, NOT_OWNER_CODE);
    return s.series_name;
  }
  const name = await repo.scopeName(ctx.db, "team", id);
  if (name === undefined) throw notFound("Team not found.", { code: "webhooks.team_not_found" });
  if (actor.userId === null || actor.state === "banned") throw unauthorized();
  if (!can(actor, "registry.teams.edit_any") && !(await repo.teamLeaderUserIds(ctx.db, id)).includes(actor.userId))
    throw forbidden(NOT_OWNER, NOT_OWNER_CODE);
  return name;
}

/** The hook, checked to belong to the scope the actor owns (404 otherwise). */
async function requireHook(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number, hookId: number) {
  const name = await requireOwner(ctx, actor, scope, id);
  const hook = await repo.findWebhook(ctx.db, hookId);
  const owner = hook && { tournament: hook.tournament_id, series: hook.series_id, team: hook.team_id }[scope];
  if (!hook || owner !== id) throw notFound(M.notFound, { code: "webhooks.not_found" });
  return { hook, name };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toWebhook(r: repo.WebhookRow): Webhook {
  return {
    id: r.id,
    url: r.url,
    format: r.format === "discord" ? "discord" : "json",
    events: JSON.parse(r.events) as WebhookEvent[],
    enabled: r.enabled === 1,
    consecutive_failures: r.consecutive_failures,
    disabled_reason: r.disabled_reason,
    created_at: iso(r.created_at)!,
  };
}

function checkEvents(scope: WebhookScope, events: readonly WebhookEvent[]): string[] {
  const allowed = WEBHOOK_SCOPE_EVENTS[scope];
  if (events.some((e) => !allowed.includes(e))) throw badRequest(M.eventsForScope, { code: "webhooks.events_for_scope" });
  return [...new Set(events)];
}

/** `GET /api/webhooks/{scope}/{id}`: the scope's hooks (owners only). */
export async function listHooks(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number): Promise<WebhookList> {
  const name = await requireOwner(ctx, actor, scope, id);
  const rows = await repo.listWebhooks(ctx.db, scope, id);
  return { data: rows.map(toWebhook), scope_name: name, events: [...WEBHOOK_SCOPE_EVENTS[scope]], max: WEBHOOK_LIMITS.perScope };
}

/**
 * `POST /api/webhooks/{scope}/{id}`: registers a hook after the URL checks (https, a public
 * address, Discord URLs for the Discord format; `webhook-url.ts`), at most
 * WEBHOOK_LIMITS.perScope per scope. The JSON format gets a random secret, returned this once.
 */
export async function createHook(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number, body: WebhookCreateBody) {
  await requireOwner(ctx, actor, scope, id);
  const events = checkEvents(scope, body.events);
  const url = await checkWebhookUrl(body.url, body.format, ctx.config.webhookAllowPrivate);
  const secret = body.format === "json" ? `whsec_${randomBytes(24).toString("base64url")}` : null;
  const hookId = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.countWebhooks(trx, scope, id)) >= WEBHOOK_LIMITS.perScope)
      throw badRequest(M.tooMany, { code: "webhooks.too_many", params: { max: WEBHOOK_LIMITS.perScope } });
    return repo.insertWebhook(trx, scope, id, {
      url: url.href,
      format: body.format,
      secret,
      events,
      createdBy: actor.userId,
      now: Date.now(),
    });
  });
  const row = (await repo.findWebhook(ctx.db, hookId))!;
  return { status: "ok" as const, message: M.created, webhook: toWebhook(row), secret };
}

/**
 * `POST /api/webhooks/{scope}/{id}/{hookId}`: enable or disable, change events. Enabling again
 * clears the failure count and the reason the site disabled it.
 */
export async function updateHook(
  ctx: AppContext,
  actor: Actor,
  scope: WebhookScope,
  id: number,
  hookId: number,
  body: z.output<typeof WebhookUpdateBodySchema>,
) {
  const { hook } = await requireHook(ctx, actor, scope, id, hookId);
  const changes: Parameters<typeof repo.updateWebhook>[2] = {};
  if (body.events !== undefined) changes.events = JSON.stringify(checkEvents(scope, body.events));
  if (body.enabled !== undefined && body.enabled !== (hook.enabled === 1)) {
    changes.enabled = body.enabled ? 1 : 0;
    if (body.enabled) Object.assign(changes, { consecutive_failures: 0, disabled_reason: null });
  }
  await repo.updateWebhook(ctx.db, hookId, changes);
  return { status: "ok" as const, message: M.saved, webhook: toWebhook((await repo.findWebhook(ctx.db, hookId))!) };
}

/** `POST …/{hookId}/delete`: the hook and its log. */
export async function deleteHook(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number, hookId: number) {
  await requireHook(ctx, actor, scope, id, hookId);
  await ctx.db.transaction().execute((trx) => repo.deleteWebhook(trx, hookId));
  return { status: "ok" as const, message: M.deleted };
}

/** `POST …/{hookId}/test`: queues a `test` event for this hook only (400 while it is disabled). */
export async function sendTest(ctx: AppContext, actor: Actor, scope: WebhookScope, id: number, hookId: number) {
  const { hook, name } = await requireHook(ctx, actor, scope, id, hookId);
  if (hook.enabled !== 1) throw badRequest("Enable the webhook before sending a test.", { code: "webhooks.test_disabled" });
  const target = scope === "tournament" ? { tournamentId: id, seriesId: null } : scope === "series" ? { seriesId: id } : { teamId: id };
  const page = scope === "tournament" ? `/tournaments/${id}` : scope === "team" ? `/registry/teams/${id}` : `/tournaments/series/${id}`;
  await ctx.db.transaction().execute((trx) =>
    enqueueWebhookEvent(
      trx,
      target,
      "test",
      `test:${Date.now()}:${randomBytes(4).toString("hex")}`,
      testPayload(name, `${ctx.config.publicUrl}${page}`),
      {
        onlyHook: hookId,
      },
    ),
  );
  return { status: "ok" as const, message: M.testQueued };
}

/** `GET …/{hookId}/deliveries`: the last WEBHOOK_LIMITS.logRows deliveries, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  scope: WebhookScope,
  id: number,
  hookId: number,
): Promise<{ data: WebhookDelivery[] }> {
  await requireHook(ctx, actor, scope, id, hookId);
  const rows = await repo.deliveriesOf(ctx.db, hookId, WEBHOOK_LIMITS.logRows);
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind as WebhookDelivery["kind"],
      status: r.status as WebhookDelivery["status"],
      attempts: r.attempts,
      last_status_code: r.last_status_code,
      last_error: r.last_error,
      created_at: iso(r.created_at)!,
      next_attempt_at: r.status === "delivered" || r.status === "dead" ? null : iso(r.next_attempt_at),
      delivered_at: iso(r.delivered_at),
    })),
  };
}
