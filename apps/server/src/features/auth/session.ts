import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type SiteRole, SITE_LANGUAGES, SITE_ROLES, THEMES, type Theme, type SessionUser, type SiteLanguage } from "@site/contract";
import type { AppContext } from "../../context.js";
import { dataVersion } from "../../db/data-version.repository.js";
import { KEEP_MAX_AGE_MS } from "../../lib/cache.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { ANONYMOUS, type Actor } from "../permissions/permissions.js";
import { isReadRequest, markReadRequest } from "../permissions/read-request.js";
import { findSessionUser } from "./auth.repository.js";

export const SESSION_COOKIE = "sid";
export const CSRF_COOKIE = "csrf";
/** Sessions last 30 days from login. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The request's signed-in user as the session call shows it, and the actor for permission checks. */
export interface RequestAuth {
  actor: Actor;
  user: SessionUser | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Loads the session once per request (lazily, so public reads cost no query). */
    auth(): Promise<RequestAuth>;
  }
}

export const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");
export const randomToken = () => randomBytes(32).toString("base64url");

const authCache = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

/** The data version a read request read first, by its actor (`features/permissions/read-request.ts`). */
const requestVersions = new WeakMap<Actor, Promise<string>>();

/**
 * The database's data version for keeping an answer to `actor`'s request (issue #16,
 * `TtlCache.keepJsonAt`): a GET request reads it once (a signed-in one when its session is
 * loaded) and every answer it keeps shares that read; any other request reads it each time, so
 * a request that writes never reuses a version from before its own write.
 */
export function requestDataVersion(ctx: AppContext, actor: Actor): Promise<string> {
  if (!isReadRequest(actor)) return dataVersion(ctx.db, ctx.dialect);
  let v = requestVersions.get(actor);
  if (!v) requestVersions.set(actor, (v = dataVersion(ctx.db, ctx.dialect)));
  return v;
}

/** The actor of a request without a session: for a read request an object of its own (`markReadRequest`). */
function anonymousActor(req: FastifyRequest): Actor {
  if (req.method !== "GET" && req.method !== "HEAD") return ANONYMOUS;
  const actor: Actor = { ...ANONYMOUS, roles: new Set() };
  markReadRequest(actor);
  return actor;
}

/**
 * The session's account, kept while the data version holds (#16: one tiny statement instead of
 * the session join on every signed-in request): a logout, a ban, a role, a setting or a read
 * notification is a committed write, which moves the version, so the next request reads the row
 * again. Kept until the session expires, at most `KEEP_MAX_AGE_MS`; an unknown id is not kept.
 */
async function sessionUser(ctx: AppContext, idHash: string, version: Promise<string>, now: number) {
  return ctx.cache.keepSized(
    cacheKeys.sessions.user(idHash),
    () => findSessionUser(ctx.db, idHash, now),
    () => 512,
    KEEP_MAX_AGE_MS,
    now,
    (row) => (row ? Number(row.expires_at) : 0),
    await version,
  );
}

async function loadAuth(ctx: AppContext, req: FastifyRequest): Promise<RequestAuth> {
  const sid = req.cookies[SESSION_COOKIE];
  if (!sid) return { actor: anonymousActor(req), user: null };
  const version = dataVersion(ctx.db, ctx.dialect);
  const now = Date.now();
  const row = await sessionUser(ctx, sha256(sid), version, now);
  // Past its expiry a kept row is no session (the kept entry ends then too).
  if (!row || Number(row.expires_at) <= now) return { actor: anonymousActor(req), user: null };
  const allRoles = row.roles;
  const roles = allRoles.filter((r): r is SiteRole => r in SITE_ROLES);
  const isSupporter = allRoles.includes("supporter");
  const theme: Theme = (THEMES as readonly string[]).includes(row.site_theme) ? (row.site_theme as Theme) : "forest";
  const actor: Actor = { userId: row.id, playerId: row.player_id, state: row.state, roles: new Set(roles), isSupporter };
  if (req.method === "GET" || req.method === "HEAD") {
    markReadRequest(actor);
    requestVersions.set(actor, version);
  }
  return {
    actor,
    user: {
      id: row.id,
      email: row.email,
      player_id: row.player_id,
      display_name: row.display_name,
      roles,
      is_supporter: isSupporter,
      site_theme: theme,
      language: (SITE_LANGUAGES as readonly (string | null)[]).includes(row.language) ? (row.language as SiteLanguage) : null,
      unread_notifications: Number(row.unread ?? 0),
    },
  };
}

/** Drops the memoized session so a login or logout in this request is seen by later reads. */
export function forgetAuth(req: FastifyRequest): void {
  authCache.delete(req);
}

export function cookieOptions(ctx: AppContext, maxAgeSeconds?: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.publicUrl.startsWith("https://"),
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** The CSRF token of this browser, created (and set as a cookie) when it has none. */
export function ensureCsrfToken(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const token = randomToken();
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(ctx, 365 * 24 * 60 * 60));
  req.cookies[CSRF_COOKIE] = token;
  return token;
}

/** Replaces the browser's CSRF token with a new one (cookie and this request), e.g. at login. */
export function rotateCsrfToken(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): string {
  const token = randomToken();
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(ctx, 365 * 24 * 60 * 60));
  req.cookies[CSRF_COOKIE] = token;
  return token;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Adds `req.auth()` and the CSRF check. Every state-changing request (any path) must carry the
 * browser's token (header X-CSRF-TOKEN, or body field csrf_token or _token; 000 §7) equal to
 * its HttpOnly csrf cookie, which a cross-site page can neither read nor set. Otherwise 403.
 */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest("auth", function (this: FastifyRequest) {
    let p = authCache.get(this);
    if (!p) {
      p = loadAuth(app.ctx, this);
      authCache.set(this, p);
    }
    return p;
  });

  app.addHook("preValidation", async (req, reply) => {
    // Every state-changing request, whatever its path: the router decodes the URL (`/%61pi/…`
    // reaches `/api/…`), so a test on the raw `req.url` could be stepped around. No route
    // outside /api takes a POST, so nothing legitimate is caught by this.
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return;
    const cookie = req.cookies[CSRF_COOKIE];
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    const header = req.headers["x-csrf-token"];
    const sent = (typeof header === "string" ? header : undefined) ?? body.csrf_token ?? body._token;
    if (!cookie || typeof sent !== "string" || !sameToken(cookie, sent)) {
      return reply
        .status(403)
        .send({ status: "error", message: "Your session has expired. Reload the page and try again.", code: "auth.session_expired" });
    }
  });
}
