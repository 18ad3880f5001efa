import type { FastifyInstance } from "fastify";
import { GAME_MODES, GAME_MODE_KEYS, GAMES, referenceEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import { COUNTRY_NAMES } from "./countries.js";
import { ping } from "./health.repository.js";
import { ReadinessCheck } from "./health.service.js";
import { MarkdownPool, previewMarkdown } from "./markdown-preview.js";

const GAME_MODE_LIST = GAME_MODE_KEYS.map((key) => {
  const m = GAME_MODES[key];
  return { key, title: m.title, game: m.game, game_title: GAMES[m.game].title };
});

/** Countries, game modes, the markdown preview, the health check (liveness) and readiness. */
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.countries, ({ reply }) => {
    reply.header("cache-control", "public, max-age=86400");
    return COUNTRY_NAMES;
  });
  route(app, e.gameModes, ({ reply }) => {
    reply.header("cache-control", "public, max-age=3600");
    return GAME_MODE_LIST;
  });
  const markdownPool = new MarkdownPool();
  app.addHook("onClose", () => markdownPool.close());
  route(app, e.markdown, async ({ req, body }) => previewMarkdown(app.ctx, markdownPool, (await req.auth()).actor, body.markdown));
  route(app, e.health, async () => {
    await ping(app.ctx.db);
    return { status: "ok" as const, database: app.ctx.dialect };
  });
  // Readiness (issue #18 §5): 503 while shutting down, without the database or with migrations
  // pending. Not a contract endpoint: its 503 answer is for machines, not the web app.
  const readiness = new ReadinessCheck(app.ctx);
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.get("/api/ready", { schema: { hide: true } }, async (_req, reply) => {
    const r = await readiness.check(closing);
    return reply.status(r.ready ? 200 : 503).send(r.body);
  });
}
