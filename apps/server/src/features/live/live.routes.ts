import type { FastifyInstance } from "fastify";
import { LIVE_PATH, LiveQuerySchema, type LiveQuery } from "@site/contract";
import { LiveStreams } from "./live.service.js";
import { endReadRequest } from "../permissions/read-request.js";

/**
 * `GET /api/live?topics=tournament:12,notifications` (issue #20 §1): a `text/event-stream` of
 * live events for the topics the viewer may see (see `LiveStreams`). Route access `public`;
 * the service decides per topic. Over the caps it answers 429 JSON before streaming.
 *
 * The reply is hijacked: Fastify's serializer and onSend hooks do not run, so the headers are
 * set here (no caching, `X-Accel-Buffering: no` so nginx passes each event on at once).
 * Streams end in `preClose`, so `app.close()` (tests, a graceful shutdown) is not held by them;
 * the browsers reconnect (to another node behind the proxy) with their `Last-Event-ID`.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const c = ctx.config;
  const streams = new LiveStreams(ctx, {
    maxPerIp: c.sseMaxPerIp,
    maxConnections: c.sseMaxConnections,
    heartbeatMs: c.sseHeartbeatMs,
    maxStreamMs: c.sseMaxStreamMs,
    replayMs: c.sseReplaySeconds * 1000,
    replayPerTopic: 200,
  });
  app.addHook("preClose", async () => streams.endAll());
  app.addHook("onClose", async () => streams.stop());

  app.get(
    LIVE_PATH,
    {
      schema: {
        summary: "Live updates (text/event-stream) for tournaments and the account's notifications.",
        querystring: LiveQuerySchema,
      },
    },
    async (req, reply) => {
      const query = req.query as LiveQuery;
      const { actor } = await req.auth();
      // The stream lives on: each event re-checks visibility, never from what this request read first.
      endReadRequest(actor);
      const ip = req.ip;
      streams.admit(ip);
      let topics;
      try {
        topics = await streams.allowedTopics(actor, query.topics);
      } catch (err) {
        streams.release(ip);
        throw err;
      }
      const header = req.headers["last-event-id"];
      const lastEventId = (typeof header === "string" && header.length <= 64 ? header : undefined) ?? query.last_event_id;
      reply.hijack();
      const res = reply.raw;
      // Past hijack Fastify no longer answers for us: a failure here must end the response itself.
      try {
        // A long-lived response: no idle timeout, and each event leaves at once (no Nagle delay).
        // (app.inject's fake socket has neither method.)
        const socket = req.raw.socket as Partial<Pick<typeof req.raw.socket, "setTimeout" | "setNoDelay">> | undefined;
        socket?.setTimeout?.(0);
        socket?.setNoDelay?.(true);
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          "x-accel-buffering": "no",
          "x-request-id": String(req.id),
          connection: "keep-alive",
        });
        streams.open(res, ip, actor, topics, lastEventId);
      } catch (err) {
        req.log.error({ err }, "live: could not open the stream");
        streams.release(ip);
        res.destroy();
      }
    },
  );
}
