import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { Endpoint } from "@site/contract";
import { RawJson } from "./cache.js";

/** What a handler receives: the validated inputs of its endpoint plus the raw request. */
export interface RouteContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract endpoint: its params, query, body and 200-response schemas become
 * Fastify's validation, serialization (fields outside the response schema never leave) and
 * OpenAPI document. Routes stay thin: translate HTTP, call a service, return its answer.
 */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  e: Endpoint<P, Q, B, R>,
  handler: (ctx: RouteContext<P, Q, B>) => Promise<z.input<R> | RawJson> | z.input<R> | RawJson,
  options: { config?: RouteShorthandOptions["config"] } = {},
): void {
  const schema: FastifySchema = {
    summary: e.summary,
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    response: { 200: e.response },
  };
  app.route({
    method: e.method,
    url: e.path,
    config: options.config,
    schema,
    // Validation and serialization come from the zod compilers set on the app; the types
    // come from the endpoint's schemas through `handler`'s signature.
    handler: async (req, reply) => {
      const out = await handler({
        params: req.params as z.output<P>,
        query: req.query as z.output<Q>,
        body: req.body as z.output<B>,
        req,
        reply,
      });
      // A string with a JSON content type is sent as is, skipping the serializer: RawJson
      // was validated against this endpoint's schema when it was made.
      if (out instanceof RawJson) {
        reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
        const gz = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? out.gzip() : null;
        return gz ? reply.header("content-encoding", "gzip").send(gz) : reply.send(out.body());
      }
      return out;
    },
  });
}
