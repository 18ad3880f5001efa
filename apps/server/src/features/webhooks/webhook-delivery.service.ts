import http from "node:http";
import https from "node:https";
import { WEBHOOK_DISABLE_AFTER, type WebhookFormat } from "@site/contract";
import type { FastifyInstance } from "fastify";
import ipaddr from "ipaddr.js";
import type { AppContext } from "../../context.js";
import { notifyMany } from "../notifications/notifications.service.js";
import { webhookCheckinOpened } from "./webhook-events.service.js";
import { discordBody, jsonBody, nextAttemptAt, outcomeOf, parseRetryAfter, signature, type WebhookPayload } from "./webhook-format.js";
import { guardedLookup, isPublicAddress, PrivateAddressError } from "./webhook-url.js";
import * as repo from "./webhooks.repository.js";

/**
 * Delivering webhooks (issue #20 §5): every node runs a worker that claims due deliveries
 * (`repo.claimDue`: one claimant per row across nodes), POSTs them and records the outcome.
 *
 * - 2xx: delivered. 404/410: given up at once (the endpoint is gone). Anything else, a network
 *   error or the 10 s timeout: retried after 30 s, 2 min, 10 min, 1 h, 6 h (±20 % jitter; a 429's
 *   Retry-After honoured when longer), then dead after 6 attempts.
 * - A claimed row is held for `LEASE_MS`; a node that dies mid-delivery leaves it delivering and
 *   it is due again once the lease passed (delivered at least once; receivers dedupe by
 *   `X-Webhook-Id`).
 * - `WEBHOOK_DISABLE_AFTER` dead deliveries in a row disable the hook and notify its creator
 *   and the scope's leaders (team) or series administrators (series).
 * - Redirects are not followed, the answer's body is read up to 4 KB and dropped, and the
 *   connection goes only to addresses `guardedLookup` checked (SSRF, DNS rebinding).
 *
 * The same tick scans for scheduled check-in openings (#17 `checkin_opens_at`) that passed and
 * enqueues their "check-in opens" event (keyed by the time, so every node's scan adds it once).
 */

/** How long a node holds a claimed delivery before another may take it. */
export const LEASE_MS = 60_000;
/** Per-request timeout (connect, send, first answer byte and body). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries claimed per batch (sent concurrently). */
export const BATCH = 20;
/** The worker's poll interval. */
export const POLL_MS = 2_000;
/** How far back the scheduled check-in scan looks (a node down for less than this still sends it). */
export const SCHEDULE_LOOKBACK_MS = 6 * 3_600_000;

/** What one HTTP attempt gave: the status (null on a network error or timeout), Retry-After and a short error. */
export interface AttemptResult {
  status: number | null;
  retryAfter: string | undefined;
  error: string | null;
}

/** One POST with the site's safety rules. Never throws. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve({ status: null, retryAfter: undefined, error: "Invalid URL." });
    }
    if (u.protocol !== "https:" && !(allowPrivate && u.protocol === "http:")) {
      return resolve({ status: null, retryAfter: undefined, error: "Refused: not https." });
    }
    const host = u.hostname.replace(/^\[|\]$/g, "");
    // An IP literal never goes through lookup: check it here.
    if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
      return resolve({ status: null, retryAfter: undefined, error: "Refused: not a public address." });
    }
    const mod = u.protocol === "https:" ? https : http;
    let settled = false;
    const done = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = mod.request(
      u,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > 4096) res.destroy();
        });
        const finish = () =>
          done({
            status: res.statusCode ?? null,
            retryAfter: res.headers["retry-after"] as string | undefined,
            error: res.statusCode && res.statusCode >= 300 ? `HTTP ${res.statusCode}` : null,
          });
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error("Timed out."));
    }, DELIVERY_TIMEOUT_MS);
    req.on("timeout", () => req.destroy(new Error("Timed out.")));
    req.on("error", (err) => {
      clearTimeout(timer);
      const error =
        err instanceof PrivateAddressError ? "Refused: the host resolved to a private address." : err.message || "Network error.";
      done({ status: null, retryAfter: undefined, error: error.slice(0, 200) });
    });
    req.on("close", () => clearTimeout(timer));
    req.end(body);
  });
}

/** Headers and body of one attempt for a hook of `format`. */
export function requestFor(
  ctx: Pick<AppContext, "config">,
  hook: { format: string; secret: string | null },
  delivery: { id: number; kind: string; payload: string },
  now: number,
): { headers: Record<string, string>; body: string } {
  const payload = JSON.parse(delivery.payload) as WebhookPayload;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": `${ctx.config.siteName.replace(/[^\x20-\x7e]/g, "")}-Webhooks/1 (+${ctx.config.publicUrl})`,
  };
  if ((hook.format as WebhookFormat) === "discord") return { headers, body: JSON.stringify(discordBody(payload, ctx.config.siteName)) };
  const body = JSON.stringify(jsonBody(delivery.kind, payload, now));
  const timestamp = Math.floor(now / 1000);
  headers["x-webhook-id"] = String(delivery.id);
  headers["x-webhook-timestamp"] = String(timestamp);
  headers["x-webhook-signature"] = signature(hook.secret ?? "", timestamp, body);
  return { headers, body };
}

/** Options of one worker run (tests inject a clock and the jitter). */
export interface RunOptions {
  now?: number;
  random?: () => number;
  limit?: number;
}

/** What one run did. */
export interface RunResult {
  claimed: number;
  delivered: number;
  retrying: number;
  dead: number;
  disabled: number;
}

/**
 * One pass of the worker: the scheduled check-in scan, then one batch of due deliveries claimed
 * and sent. Safe to call on several nodes at once. Tests call it directly (the timer is off when
 * NODE_ENV=test unless WEBHOOK_WORKER=1).
 */
export async function runDueDeliveries(ctx: AppContext, opts: RunOptions = {}): Promise<RunResult> {
  const now = opts.now ?? Date.now();
  const random = opts.random ?? Math.random;
  await enqueueScheduledCheckins(ctx, now, opts.now !== undefined);
  const claimed = await ctx.db.transaction().execute((trx) => repo.claimDue(trx, ctx.dialect, now, now + LEASE_MS, opts.limit ?? BATCH));
  const result: RunResult = { claimed: claimed.length, delivered: 0, retrying: 0, dead: 0, disabled: 0 };
  if (claimed.length === 0) return result;
  const hooks = new Map((await repo.hooksByIds(ctx.db, [...new Set(claimed.map((d) => d.webhook_id))])).map((h) => [h.id, h]));
  await Promise.all(
    claimed.map(async (d) => {
      const hook = hooks.get(d.webhook_id);
      if (!hook) return; // deleted meanwhile: its rows went with it
      if (hook.enabled !== 1) {
        await repo.finishAttempt(ctx.db, d.id, d.attempts, {
          status: "dead",
          next_attempt_at: null,
          last_status_code: null,
          last_error: "The webhook is disabled.",
          delivered_at: null,
        });
        result.dead++;
        return;
      }
      const { headers, body } = requestFor(ctx, hook, d, now);
      const r = await postWebhook(hook.url, headers, body, ctx.config.webhookAllowPrivate);
      const outcome = outcomeOf(r.status);
      const retryAt =
        outcome === "retry" ? nextAttemptAt(now, d.attempts, random(), r.status === 429 ? parseRetryAfter(r.retryAfter, now) : null) : null;
      const status = outcome === "delivered" ? "delivered" : retryAt !== null ? "failed" : "dead";
      const recorded = await repo.finishAttempt(ctx.db, d.id, d.attempts, {
        status,
        next_attempt_at: retryAt,
        last_status_code: r.status,
        last_error: r.error,
        delivered_at: status === "delivered" ? now : null,
      });
      // Lost the row (this node's lease ran out and another node took it): that node records it.
      if (!recorded) return;
      if (status === "failed") {
        result.retrying++;
        return;
      }
      if (status === "delivered") result.delivered++;
      else result.dead++;
      if (await settleHook(ctx, hook, status === "delivered")) result.disabled++;
    }),
  );
  return result;
}

/** Counts a finished delivery on its hook; disables it and notifies its owners at the threshold. Returns true when it disabled it. */
async function settleHook(ctx: AppContext, hook: repo.WebhookRow, delivered: boolean): Promise<boolean> {
  // The common case, a healthy hook delivering, writes nothing more (the hook row read with the
  // batch had no failures): concurrent deliveries of one hook would otherwise queue on its row.
  if (delivered && hook.consecutive_failures === 0) return false;
  const reason = `Disabled after ${WEBHOOK_DISABLE_AFTER} failed deliveries in a row.`;
  return ctx.db.transaction().execute(async (trx) => {
    const disabled = await repo.countOutcome(trx, hook.id, delivered, WEBHOOK_DISABLE_AFTER, reason);
    if (!disabled) return false;
    await repo.abandonPending(trx, hook.id, "The webhook was disabled.");
    const scope = hook.tournament_id !== null ? "tournament" : hook.series_id !== null ? "series" : "team";
    const scopeId = (hook.tournament_id ?? hook.series_id ?? hook.team_id)!;
    const owners: Array<number | null> = [hook.created_by];
    if (scope === "team") owners.push(...(await repo.teamLeaderUserIds(trx, scopeId)));
    if (scope === "series") owners.push(...(await repo.seriesAdminUserIds(trx, scopeId)));
    const name = (await repo.scopeName(trx, scope, scopeId)) ?? "";
    const host = new URL(hook.url).host;
    await notifyMany(trx, owners, "warning", {
      key: "webhook.disabled",
      params: { host, name, count: WEBHOOK_DISABLE_AFTER, href: `/webhooks/${scope}/${scopeId}` },
    });
    return true;
  });
}

/** How often the scheduled check-in scan runs (at most) per node. */
export const SCHEDULE_SCAN_MS = 15_000;
const scanState = new WeakMap<AppContext, { last: number; done: Set<string> }>();

/**
 * Enqueues "check-in opens" for scheduled openings that passed within the lookback, at most
 * every SCHEDULE_SCAN_MS per node (an injected clock always scans). The key is the scheduled
 * time, so each node's scan adds it once per hook; `done` spares the repeat inserts.
 */
async function enqueueScheduledCheckins(ctx: AppContext, now: number, force: boolean): Promise<void> {
  let state = scanState.get(ctx);
  if (!state) scanState.set(ctx, (state = { last: 0, done: new Set() }));
  if (!force && now - state.last < SCHEDULE_SCAN_MS) return;
  state.last = now;
  for (const t of await repo.scheduledCheckinOpenings(ctx.db, now - SCHEDULE_LOOKBACK_MS, now)) {
    const key = `${t.id}:${t.checkin_opens_at}`;
    if (state.done.has(key)) continue;
    await ctx.db.transaction().execute((trx) => webhookCheckinOpened(ctx, trx, t, { now, scheduledAt: t.checkin_opens_at! }));
    state.done.add(key);
  }
  if (state.done.size > 10_000) state.done.clear();
}

/**
 * Starts this node's worker (unless `config.webhookWorker` is off): a run every POLL_MS, again
 * at once while batches come back full; not keeping the process alive; stopped (and the run in
 * flight awaited) when the app closes.
 */
export function startWebhookWorker(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.webhookWorker) return;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runDueDeliveries(ctx)).claimed === BATCH);
      } catch (err) {
        app.log.error({ err }, "webhook delivery run failed");
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
