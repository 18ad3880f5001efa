import type { FastifyInstance } from "fastify";
import { sessionEndpoints as e } from "@site/contract";
import type { LimitSpec } from "../../lib/limiter.js";
import { requestLanguage } from "../../i18n/language.js";
import { route } from "../../lib/route.js";
import * as auth from "./auth.service.js";

/**
 * Per-IP caps on the calls that mail or create accounts (login has its own failure limiter):
 * 10 calls of each in 15 minutes, counted in `ctx.limits` (shared by every node on PostgreSQL).
 */
const perIp = (name: string): { ipLimit: LimitSpec } => ({ ipLimit: { name: `ip_${name}`, points: 10, durationSec: 15 * 60 } });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.get, ({ req, reply }) => auth.currentSession(ctx, req, reply));
  // Mails go out in the language of the page that asked (#21 §3), unless the account has one.
  route(app, e.signup, ({ req, body }) => auth.signup(ctx, body, requestLanguage(req)), { config: perIp("signup") });
  route(app, e.login, ({ req, reply, body }) => auth.login(ctx, req, reply, body));
  route(app, e.logout, ({ req, reply }) => auth.logout(ctx, req, reply));
  route(app, e.verifyEmail, ({ body }) => auth.verifyEmail(ctx, body.token), { config: perIp("verify_email") });
  route(app, e.forgotPassword, ({ req, body }) => auth.forgotPassword(ctx, body.email, requestLanguage(req)), {
    config: perIp("forgot_password"),
  });
  route(app, e.resetPassword, ({ body }) => auth.resetPassword(ctx, body.token, body.password), { config: perIp("reset_password") });
  route(app, e.theme, ({ req, reply, body }) => auth.setTheme(ctx, req, reply, body.site_theme));
  route(app, e.language, ({ req, reply, body }) => auth.setLanguage(ctx, req, reply, body.language));
}
