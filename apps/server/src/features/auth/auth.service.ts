import type { FastifyReply, FastifyRequest } from "fastify";
import { type LoginBody, type Session, type SignupBody, SITE_LANGUAGES, type SiteLanguage, type Theme } from "@site/contract";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError, badRequest, unauthorized } from "../../lib/errors.js";
import { permissionFlags } from "../permissions/permissions.js";
import { type MessageParams, renderMessage } from "../../i18n/messages.js";
import * as repo from "./auth.repository.js";
import { dummyVerify, hashPassword, verifyPassword } from "./passwords.js";
import {
  cookieOptions,
  ensureCsrfToken,
  forgetAuth,
  randomToken,
  rotateCsrfToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sha256,
} from "./session.js";

const HOUR = 60 * 60 * 1000;
const VERIFY_TTL_MS = 48 * HOUR;
const RESET_TTL_MS = 1 * HOUR;

export const MESSAGES = {
  signupDone: "Check your email for a verification link.",
  badLogin: "Incorrect email or password.",
  verified: "Your email has been verified. You can now log in.",
  badToken: "This link is invalid or has expired.",
  forgotDone: "If an account exists for that email, we have sent a link to reset its password.",
  resetDone: "Your password has been changed. You can now log in.",
  loginRequired: "You must be logged in to do that.",
} as const;

/** The translation code of MESSAGES.badToken (#21). */
const BAD_TOKEN = { code: "auth.bad_token" };

/** `GET /api/session` (foundation §5): current user, CSRF token (cookie set when new), permission flags. */
export async function currentSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const csrfToken = ensureCsrfToken(ctx, req, reply);
  const { actor, user } = await req.auth();
  return { user, csrfToken, permissions: permissionFlags(actor) };
}

/**
 * Creates an account in state pending_email and mails a verification link (valid 48 h). The
 * answer never tells whether the address already has an account (issue 15 B): a taken address
 * gets the same answer and status as a new signup, nothing changes, and the owner is mailed
 * that someone tried to sign up with it. The password is hashed on both paths, so they take
 * about as long.
 */
export async function signup(ctx: AppContext, body: SignupBody, lang: SiteLanguage = "en"): Promise<{ status: "ok"; message: string }> {
  const done = { status: "ok" as const, message: MESSAGES.signupDone };
  const passwordHash = await hashPassword(body.password);
  const existing = await repo.findUserByEmail(ctx.db, body.email);
  if (existing) {
    await sendSignupAttempt(ctx, existing.email, mailLanguage(existing.language, lang));
    return done;
  }
  let userId: number;
  try {
    userId = await repo.insertUser(ctx.db, { email: body.email, passwordHash, state: "pending_email", now: Date.now() });
  } catch (err) {
    // Two signups racing for one address: the unique constraint decides, the loser is told the same.
    if (!isUniqueViolation(err)) throw err;
    await sendSignupAttempt(ctx, body.email, lang);
    return done;
  }
  await sendVerification(ctx, userId, body.email, lang);
  return done;
}

/**
 * The language of a mail to an account (#21 §3): the account's `users.language` when set and
 * known, else the language of the request that caused the mail (`lang`, from the page's rule).
 */
function mailLanguage(account: string | null | undefined, lang: SiteLanguage): SiteLanguage {
  return (SITE_LANGUAGES as readonly (string | null | undefined)[]).includes(account) ? (account as SiteLanguage) : lang;
}

/** Sends the catalogue's `mail.<name>.subject` and `.body` in `lang` (plain text; #21 §3). */
async function sendMail(
  ctx: AppContext,
  to: string,
  lang: SiteLanguage,
  name: "signup_attempt" | "verify" | "reset",
  params: MessageParams,
) {
  const subject = renderMessage(lang, { key: `mail.${name}.subject`, params }, "text");
  await ctx.mailer.send(to, subject, renderMessage(lang, { key: `mail.${name}.body`, params }, "text"));
}

/** The mail to an address that already has an account when someone signs up with it. */
async function sendSignupAttempt(ctx: AppContext, email: string, lang: SiteLanguage): Promise<void> {
  await sendMail(ctx, email, lang, "signup_attempt", {
    site: ctx.config.siteName,
    loginUrl: `${ctx.config.publicUrl}/login`,
    forgotUrl: `${ctx.config.publicUrl}/forgot_password`,
  });
}

async function sendVerification(ctx: AppContext, userId: number, email: string, lang: SiteLanguage): Promise<void> {
  const token = randomToken();
  const now = Date.now();
  await repo.insertToken(ctx.db, { tokenHash: sha256(token), userId, kind: "verify_email", now, expiresAt: now + VERIFY_TTL_MS });
  await sendMail(ctx, email, lang, "verify", { site: ctx.config.siteName, link: `${ctx.config.publicUrl}/verify_email?token=${token}` });
}

/** Marks the account's email verified; a pending_email account becomes active. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ status: "ok"; message: string }> {
  const now = Date.now();
  const row = await repo.findValidToken(ctx.db, sha256(token), "verify_email", now);
  if (!row) throw badRequest(MESSAGES.badToken, BAD_TOKEN);
  const user = await repo.findUserById(ctx.db, row.user_id);
  if (!user) throw badRequest(MESSAGES.badToken, BAD_TOKEN);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.markTokenUsed(trx, row.token_hash, now);
    await repo.updateUser(trx, user.id, {
      email_verified_at: now,
      ...(user.state === "pending_email" ? { state: "active" } : {}),
    });
  });
  return { status: "ok", message: MESSAGES.verified };
}

/**
 * Checks the password and starts a session (cookie `sid`, 30 days). Any account state may
 * log in: the pending, inactive and banned states are refused by the actions they block,
 * with the spec's messages. Refuses with 429 after 5 failures for one email from one IP in 15
 * minutes, or 50 from one IP across all emails, and slows an account failing from many IPs
 * (see LoginLimiter); a success clears only the
 * first count. A success (issue 15 B) deletes the session the browser's cookie named (whoever
 * it belonged to), prunes every expired session, and rotates the browser's CSRF token (the
 * answer carries the new one), so nothing issued before the login outlives it.
 */
export async function login(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, body: LoginBody): Promise<Session> {
  const ip = req.ip;
  const wait = await ctx.loginLimiter.blockedFor(ip, body.email);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60000);
    throw new AppError("RATE_LIMITED", `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      code: "auth.too_many_logins",
      params: { minutes },
    });
  }
  const user = await repo.findUserByEmail(ctx.db, body.email);
  const ok = user ? await verifyPassword(user.password_hash, body.password) : await dummyVerify(body.password);
  if (!user || !ok) {
    await ctx.loginLimiter.fail(ip, body.email);
    throw unauthorized(MESSAGES.badLogin, { code: "auth.bad_login" });
  }
  await ctx.loginLimiter.succeed(ip, body.email);
  const sid = randomToken();
  const now = Date.now();
  const replaced = req.cookies[SESSION_COOKIE];
  await ctx.db.transaction().execute(async (trx) => {
    if (replaced) await repo.deleteSession(trx, sha256(replaced));
    await repo.deleteExpiredSessions(trx, now);
    await repo.insertSession(trx, { idHash: sha256(sid), userId: user.id, now, expiresAt: now + SESSION_TTL_MS });
  });
  reply.setCookie(SESSION_COOKIE, sid, cookieOptions(ctx, SESSION_TTL_MS / 1000));
  req.cookies[SESSION_COOKIE] = sid;
  rotateCsrfToken(ctx, req, reply);
  forgetAuth(req);
  return currentSession(ctx, req, reply);
}

/** Ends this browser's session. */
export async function logout(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const sid = req.cookies[SESSION_COOKIE];
  if (sid) await repo.deleteSession(ctx.db, sha256(sid));
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  delete req.cookies[SESSION_COOKIE];
  forgetAuth(req);
  return currentSession(ctx, req, reply);
}

/**
 * Mails a reset link (valid 1 h) when the account exists; answers the same either way. The new
 * link revokes the account's older open reset links (issue 15 B): only the latest mail works.
 */
export async function forgotPassword(
  ctx: AppContext,
  email: string,
  lang: SiteLanguage = "en",
): Promise<{ status: "ok"; message: string }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user) {
    const token = randomToken();
    const now = Date.now();
    await ctx.db.transaction().execute(async (trx) => {
      await repo.revokeOpenTokens(trx, user.id, "reset_password", now);
      await repo.insertToken(trx, {
        tokenHash: sha256(token),
        userId: user.id,
        kind: "reset_password",
        now,
        expiresAt: now + RESET_TTL_MS,
      });
    });
    await sendMail(ctx, email, mailLanguage(user.language, lang), "reset", {
      site: ctx.config.siteName,
      link: `${ctx.config.publicUrl}/reset_password?token=${token}`,
    });
  }
  return { status: "ok", message: MESSAGES.forgotDone };
}

/**
 * Sets a new password from a reset token, ends every session of the account and revokes its
 * other open reset links (issue 15 B). The token is spent by a conditional update inside the
 * transaction, so of two resets racing with one link exactly one wins; the other gets the
 * invalid-link 400 and changes nothing.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<{ status: "ok"; message: string }> {
  const now = Date.now();
  const row = await repo.findValidToken(ctx.db, sha256(token), "reset_password", now);
  if (!row) throw badRequest(MESSAGES.badToken, BAD_TOKEN);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    // The read above is only a fast refusal; this claim is what decides.
    if (!(await repo.claimValidToken(trx, row.token_hash, "reset_password", now))) throw badRequest(MESSAGES.badToken, BAD_TOKEN);
    await repo.updateUser(trx, row.user_id, { password_hash: passwordHash });
    await repo.deleteUserSessions(trx, row.user_id);
    await repo.revokeOpenTokens(trx, row.user_id, "reset_password", now);
  });
  return { status: "ok", message: MESSAGES.resetDone };
}

/** Saves the signed-in user's theme. Requires a session. */
export async function setTheme(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, theme: Theme): Promise<Session> {
  const { actor } = await req.auth();
  if (actor.userId === null) throw unauthorized(MESSAGES.loginRequired, { code: "auth.login_required" });
  await repo.updateUser(ctx.db, actor.userId, { site_theme: theme });
  forgetAuth(req);
  return currentSession(ctx, req, reply);
}

/**
 * Saves the signed-in user's interface language (#21: one of SITE_LANGUAGES, checked by the
 * contract's body schema). 401 without a session. Answers the session, which now carries it.
 */
export async function setLanguage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, language: SiteLanguage): Promise<Session> {
  const { actor } = await req.auth();
  if (actor.userId === null) throw unauthorized(MESSAGES.loginRequired, { code: "auth.login_required" });
  await repo.updateUser(ctx.db, actor.userId, { language });
  forgetAuth(req);
  return currentSession(ctx, req, reply);
}

/** The site roles stored for an account (000 §6), e.g. to refuse banning an administrator. */
export function siteRolesOf(ctx: AppContext, userId: number): Promise<string[]> {
  return repo.rolesOfUser(ctx.db, userId);
}
