import type { FastifyInstance } from "fastify";
import { sessionEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as auth from "./auth.service.js";

/** Per-IP caps on the calls that mail or create accounts (login has its own failure limiter). */
const strict = { rateLimit: { max: 10, timeWindow: "15 minutes" } };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.get, ({ req, reply }) => auth.currentSession(ctx, req, reply));
  route(app, e.signup, ({ body }) => auth.signup(ctx, body), { config: strict });
  route(app, e.login, ({ req, reply, body }) => auth.login(ctx, req, reply, body));
  route(app, e.logout, ({ req, reply }) => auth.logout(ctx, req, reply));
  route(app, e.verifyEmail, ({ body }) => auth.verifyEmail(ctx, body.token), { config: strict });
  route(app, e.forgotPassword, ({ body }) => auth.forgotPassword(ctx, body.email), { config: strict });
  route(app, e.resetPassword, ({ body }) => auth.resetPassword(ctx, body.token, body.password), { config: strict });
  route(app, e.theme, ({ req, reply, body }) => auth.setTheme(ctx, req, reply, body.site_theme));
}
