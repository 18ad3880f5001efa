import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { addressMatcher } from "./addresses.js";

/** The header a trusted proxy may set and every answer carries. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What an incoming id may look like: short, no spaces or separators that could forge log fields. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId` (issue #18 §8): the `X-Request-Id` of a request from a trusted proxy
 * (`TRUST_PROXY`: with a hop count every peer is taken as the proxy, as Fastify does; with
 * addresses, only those), so one id follows a request from nginx through the node's logs;
 * otherwise a fresh UUID. A client cannot choose its id (it would pick one to confuse logs),
 * and a malformed id from a proxy is replaced.
 */
export function requestIdGenerator(trustProxy: Config["trustProxy"]): (raw: IncomingMessage) => string {
  const trusted = trustProxy === false ? () => false : typeof trustProxy === "number" ? () => trustProxy > 0 : addressMatcher(trustProxy);
  return (raw) => {
    const incoming = raw.headers[REQUEST_ID_HEADER];
    if (typeof incoming === "string" && VALID_ID.test(incoming) && trusted(raw.socket?.remoteAddress)) return incoming;
    return randomUUID();
  };
}

/**
 * Every answer carries its request's id in `X-Request-Id` (the same id Fastify's logger puts
 * on each line of the request as `reqId`), so a user's report or an nginx log line leads to
 * the server's lines.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
