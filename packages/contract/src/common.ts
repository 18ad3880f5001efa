import { z } from "zod";

/**
 * Every failed call answers this body (000 §7/§8): the caller shows `message` in its error box.
 * 5xx answers never carry the internal message, only 'An unknown error has occurred.'.
 *
 * `code` and `params` (#21) name the refusal for translation: `message` stays the spec's English
 * text, and a web page in another language shows its catalogue's `error.<code>` message with
 * `params` filled in (ICU placeholders of the same names), else `message`. Codes are stable
 * dotted names ("auth.bad_login"); a refusal without one is shown in English.
 */
export const ApiErrorSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The generic failure text of profile, team and tournament saves (000 §8). */
export const UNKNOWN_ERROR_MESSAGE = "An unknown error has occurred.";

/** The largest id a table holds (a 4-byte integer key in PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id coming from a path or query string (at most MAX_ID). */
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

/** `{ id }` path params. */
export const IdParamsSchema = z.object({ id: IdSchema });

/** Plain success acknowledgement used by calls whose answer the spec does not show. */
export const OkSchema = z.object({ status: z.literal("ok"), message: z.string().optional() });
export type Ok = z.infer<typeof OkSchema>;

/** A page number, counted from 1 (000 §9: "Transaction list pages start at 1"). */
export const PageSchema = z.coerce.number().int().min(1).max(100000).default(1);

/** Lists that page answer `{ data, has_next_page }` (000 §7). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), has_next_page: z.boolean() });
}

/** Booleans in query strings arrive as "1"/"0"/"true"/"false". */
export const QueryBoolSchema = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === "1" || v === "true");

/**
 * One HTTP call of the site: method, path (Fastify style, `:id`), and the zod schemas of
 * what goes in and what comes back. The server registers routes from these; the web builds
 * its fetchers from the same object, so neither side writes a wire type by hand.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST";
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** One line for the OpenAPI document. */
  summary: string;
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined) throw new Error(`missing path param ${k}`);
    return encodeURIComponent(String(v));
  });
}
