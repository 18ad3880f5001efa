import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { LANGUAGE_COOKIE, SESSION_CALL, UPLOAD_PURPOSES } from "@site/contract";
import { chooseLanguage } from "./lib/site-language.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { Database } from "./db/database.js";
import { auditRoutes } from "./features/audit/audit.routes.js";
import { authRoutes } from "./features/auth/auth.routes.js";
import { LoginLimiter } from "./features/auth/login-limiter.js";
import { ensureCsrfToken, registerSession, SESSION_COOKIE } from "./features/auth/session.js";
import { guardRoute } from "./features/permissions/route-access.js";
import { createMailer, type Mailer } from "./features/mail/mailer.js";
import { mediaRoutes } from "./features/media/media.routes.js";
import { adminRoleRoutes } from "./features/admin-roles/admin-roles.routes.js";
import { moderationRoutes } from "./features/moderation/moderation.routes.js";
import { notificationRoutes } from "./features/notifications/notifications.routes.js";
import { collectFirstScreen, firstScreenScript, readRouteChunks, routePreloadTags } from "./features/pages/first-screen.service.js";
import { type DrawnPage, keptPage, keptPageKey } from "./features/pages/kept-pages.js";
import { matchPageRoute, PageShells } from "./features/pages/page-meta.service.js";
import { SERVER_BUNDLE, ServerRender } from "./features/pages/server-render.service.js";
import { wordFilterRoutes } from "./features/word-filter/word-filter.routes.js";
import { placementRoutes } from "./features/placements/placements.routes.js";
import { roundRoutes } from "./features/rounds/rounds.routes.js";
import { playerRoutes } from "./features/players/players.routes.js";
import { referenceRoutes } from "./features/reference/reference.routes.js";
import { registrationRoutes } from "./features/registrations/registrations.routes.js";
import { registrationBulkRoutes } from "./features/registrations/registration-bulk.routes.js";
import { teamRegistrationHandlers, teamRegistrationRoutes } from "./features/team-registrations/team-registrations.routes.js";
import { registryRoutes } from "./features/registry/registry.routes.js";
import { seriesRoutes } from "./features/series/series.routes.js";
import { seriesPointsRoutes } from "./features/series/series-points.routes.js";
import { teamRoutes } from "./features/teams/teams.routes.js";
import { templateRoutes } from "./features/templates/templates.routes.js";
import { tournamentRoutes } from "./features/tournaments/tournaments.routes.js";
import { startScheduleSweeper } from "./features/tournaments/tournament-schedule.service.js";
import { tournamentProposalRoutes } from "./features/tournaments/tournament-proposals.routes.js";
import { calendarRoutes } from "./features/calendar/calendar.routes.js";
import { uploadRoutes } from "./features/uploads/uploads.routes.js";
import { startWebhookWorker } from "./features/webhooks/webhook-delivery.service.js";
import { webhookRoutes } from "./features/webhooks/webhooks.routes.js";
import { liveRoutes } from "./features/live/live.routes.js";
import { createBus, shareCacheOverBus } from "./lib/bus.js";
import { publishLiveChangesAfterCommit } from "./lib/live-changes.js";
import { TtlCache } from "./lib/cache.js";
import { createLimiterStore, registerIpLimits } from "./lib/limiter.js";
import { instrumentApp, Metrics, registerMetricsRoute } from "./lib/metrics.js";
import { registerRequestIdHeader, requestIdGenerator } from "./lib/request-id.js";
import { badRequest, containsNul, NUL_CODE, NUL_MESSAGE, registerErrorHandler } from "./lib/errors.js";

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Fastify logger settings; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** Replaces the outbox mailer (tests). */
  mailer?: Mailer;
  /** Adds GET /__bench/hello, the reference route of `npm run bench`. */
  bench?: boolean;
}

/**
 * Builds the whole site as a Fastify instance without listening: API routes, the session
 * and CSRF layer, uploads, the OpenAPI document and the built web app. Tests drive it
 * through `app.inject`; server.ts listens.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within a minute, so a trickled upload cannot
    // hold a connection and its buffers forever (issue #15 §1).
    requestTimeout: 60_000,
    // Every limit keys on req.ip: the client's address, read through the proxies trusted here.
    // A hop count trusts that many proxies nearest the server (Fastify types take it as a function).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops: number) => (_addr: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Request ids (issue #18 §8): a trusted proxy's X-Request-Id, else a UUID; on every log line and answer.
    genReqId: requestIdGenerator(config.trustProxy),
  });
  registerRequestIdHeader(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Counters in PostgreSQL when it is the database, so limits hold across nodes (issue #18 §3).
  const limits = createLimiterStore(database);
  // One bus per app (issue #18 §1): on PostgreSQL every node's cache clears on every node's writes.
  const bus = createBus(database.pool, app.log);
  const cache = new TtlCache(config.publicCacheMs);
  shareCacheOverBus(cache, bus);
  await bus.start();
  // Live updates (issue #20 §1): what a transaction noted is published once it committed.
  const stopLive = publishLiveChangesAfterCommit(database.db, bus, (err) => app.log.error({ err }, "live: publish failed"));
  app.addHook("onClose", async () => {
    stopLive();
    limits.close?.();
    await bus.close();
  });
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: opts.mailer ?? createMailer({ db: database.db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    loginLimiter: new LoginLimiter(limits),
    limits,
    cache,
    bus,
    metrics: new Metrics(),
  };
  app.decorate("ctx", ctx);
  // Check-in windows that close on schedule run their withdrawals (issue #17 §2).
  startScheduleSweeper(app, ctx);
  // Each node delivers due webhooks from the shared queue (issue #20 §5); off in tests unless WEBHOOK_WORKER=1.
  startWebhookWorker(app, ctx);
  instrumentApp(app, ctx.metrics, { database, cache, bus });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "https:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site is served over plain http on localhost in the demo; HSTS would break that.
    hsts: config.publicUrl.startsWith("https://"),
  });
  registerIpLimits(app, limits);
  await app.register(multipart, { limits: { fileSize: UPLOAD_PURPOSES.profile.maxBytes, files: 1, fields: 50 } });
  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerSession(app);
  // Who may call each route is checked before its body is read; a route without a rule fails here.
  app.addHook("onRoute", guardRoute);
  // No text column stores U+0000 (PostgreSQL refuses it): such a query or body is a 400 everywhere.
  app.addHook("preValidation", async (req) => {
    if (containsNul(req.query) || containsNul(req.body)) throw badRequest(NUL_MESSAGE, NUL_CODE);
  });
  // API answers are private and fresh unless a route marks itself cacheable (issue #15 §5):
  // the session, own statuses and staff lists must never sit in a shared or browser cache.
  app.addHook("onSend", async (req, reply, payload) => {
    if (req.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  await app.register(authRoutes);
  await app.register(auditRoutes);
  await app.register(referenceRoutes);
  await app.register(mediaRoutes);
  await app.register(tournamentRoutes);
  await app.register(tournamentProposalRoutes);
  await app.register(calendarRoutes);
  await app.register(registrationRoutes, { teams: teamRegistrationHandlers });
  await app.register(registrationBulkRoutes);
  await app.register(teamRegistrationRoutes);
  await app.register(placementRoutes);
  await app.register(roundRoutes);
  await app.register(registryRoutes);
  await app.register(teamRoutes);
  await app.register(playerRoutes);
  await app.register(seriesRoutes);
  await app.register(seriesPointsRoutes);
  await app.register(templateRoutes);
  await app.register(uploadRoutes);
  await app.register(notificationRoutes);
  await app.register(liveRoutes);
  await app.register(moderationRoutes);
  await app.register(wordFilterRoutes);
  await app.register(adminRoleRoutes);
  await app.register(webhookRoutes);

  app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
  registerMetricsRoute(app, ctx.metrics, { allow: config.metricsAllow, token: config.metricsToken });
  if (opts.bench) app.get("/__bench/hello", { schema: { hide: true } }, async () => ({ hello: "world" }));

  registerWebApp(app, config);
  return app;
}

const gzipAsync = promisify(gzip);

/**
 * Serves the built web app: hashed assets with a year's cache, and the shell (index.html,
 * with the site's name and support link injected) for every page route. Each shell carries
 * its page's title, description and Open Graph / Twitter tags (link previews,
 * `features/pages/page-meta.service.ts`): one precomputed, gzipped shell per route pattern,
 * and for tournament, series, player and team pages a shell of their own from the
 * micro-cache. Unknown paths get the 'Page not found' shell with status 404 so the browser
 * renders the not-found page; unknown /api paths get a JSON 404. Page answers also embed the
 * first screen's API answers (`features/pages/first-screen.service.ts`).
 */
function registerWebApp(app: FastifyInstance, config: Config): void {
  const indexPath = join(config.webDist, "index.html");
  const hasWeb = existsSync(indexPath);
  let shells: PageShells | null = null;
  let routeChunks: ReturnType<typeof readRouteChunks> = {};
  const serverRender = new ServerRender(config.webDist, config.serverRender);
  if (hasWeb) {
    const site = JSON.stringify({ siteName: config.siteName, supportForumUrl: config.supportForumUrl })
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/</g, "&lt;");
    const template = readFileSync(indexPath, "utf8").replace("</head>", () => `<meta name="site-config" content="${site}"></head>`);
    shells = new PageShells(app.ctx, template);
    routeChunks = readRouteChunks(config.webDist);
    app.addHook("onReady", async () => serverRender.load(app.log));
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: "/",
      wildcard: false,
      index: false,
      // The server-render bundle is read from disk by the server, never sent.
      allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_BUNDLE.split("/")[0]}/`),
      // apps/web's build writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || req.method !== "GET" || !shells) {
      // The same body as a service's notFound() (code included, #21), so a route that refuses
      // with a 404 (the metrics) cannot be told from one that does not exist.
      return reply.status(404).send({ status: "error", message: "Not found.", code: "not_found" });
    }
    const { status, shell } = await shells.answer(pathname, req.log);
    const gzipOk = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    reply.status(status).header("vary", "accept-encoding, accept-language, cookie").type("text/html; charset=utf-8");
    // The page's language (#21): the account's, the `lang` cookie's, Accept-Language's, English.
    // The browser loads that catalogue before it hydrates (app-main.tsx reads <html lang>).
    const lang = chooseLanguage({
      account: (await req.auth()).user?.language,
      cookie: req.cookies[LANGUAGE_COOKIE],
      acceptLanguage: req.headers["accept-language"],
    });
    const withLang = (html: string) => (lang === "en" ? html : html.replace('<html lang="en"', `<html lang="${lang}"`));
    if (status === 404) {
      reply.header("cache-control", "no-cache");
      if (lang !== "en") return reply.send(withLang(shell.html));
      return gzipOk ? reply.header("content-encoding", "gzip").send(shell.gzip()) : reply.send(shell.html);
    }
    // The first screen's data rides in the HTML (#17 §6). It is the browser's own (its cookies
    // were forwarded), so the page is private and never stored by a shared cache.
    const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
    const draw = async (): Promise<DrawnPage> => {
      // Before the answers are read: the page holds every change made before this instant.
      const drawnAt = Date.now();
      const first = await collectFirstScreen(app, req, pathname, search);
      const route = matchPageRoute(pathname)?.route;
      // Stringified once: the render's memo key and the embedded script both use it.
      const answersJson = JSON.stringify(first.answers);
      // The page drawn from the same answers (#17 §6); "" leaves the drawing to the browser.
      const drawn = serverRender.render(
        req.url,
        first.answers,
        answersJson,
        { siteName: config.siteName, supportForumUrl: config.supportForumUrl },
        lang,
        req.log,
      );
      // The route's stylesheets always (the drawn page needs them to paint); its scripts only when
      // the browser draws the page itself: a drawn page loads them after its first paint (main.tsx).
      const preload = routePreloadTags(routeChunks, route ?? "", { scripts: drawn === "" });
      const html = withLang(shell.html)
        // When the answers were read (this server's clock, ms): the live-updates stream asks for
        // every change since, so one made before the stream opens is not missed (#20 §1, LiveHub).
        .replace("</head>", () => `${preload}<meta name="page-drawn-at" content="${drawnAt}"></head>`)
        // Over a drawn page, until it is hydrated, a layer that takes the taps (web base.css).
        .replace(/<div id="?root"?><\/div>/, (empty) => (drawn ? `<div id="root">${drawn}</div><div id="hydrating"></div>` : empty))
        .replace("</body>", () => `${firstScreenScript(answersJson)}</body>`);
      const token = (first.answers[SESSION_CALL] as { csrfToken?: unknown } | undefined)?.csrfToken;
      return { html, token: typeof token === "string" ? token : null, complete: first.complete, cookies: first.cookies };
    };
    reply.header("cache-control", "private, no-cache");
    // A page every visitor without a session sees alike is drawn once per data version and
    // compressed once; each answer carries the visitor's own CSRF token (#16, kept-pages.ts).
    const key = keptPageKey(pathname, search, Boolean(req.cookies[SESSION_COOKIE]), lang);
    const kept = key === null ? null : await keptPage(app.ctx, key, draw);
    if (kept) {
      const token = ensureCsrfToken(app.ctx, req, reply);
      return gzipOk ? reply.header("content-encoding", "gzip").send(kept.gzip(token)) : reply.send(kept.fillText(token));
    }
    const { html, cookies } = await draw();
    for (const c of cookies) reply.header("set-cookie", c);
    return gzipOk ? reply.header("content-encoding", "gzip").send(await gzipAsync(html, { level: 6 })) : reply.send(html);
  });
}
