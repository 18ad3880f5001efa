import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { UNKNOWN_ERROR_MESSAGE } from "@site/contract";
import { isRefusedValue } from "../db/errors.js";

/** Error codes services throw, each with its HTTP status. */
const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
} as const;
export type ErrorCode = keyof typeof STATUS;

/**
 * A refusal's stable name for translation (#21, contract `ApiErrorSchema`): `code` ("auth.bad_login")
 * is the web catalogue's `error.<code>` message, `params` its placeholders. The English `message`
 * is unchanged by it.
 */
export interface MessageCode {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * A refusal the caller should see: rendered as `{status: "error", message}` (plus `code` and
 * `params` when it has a MessageCode) with the code's HTTP status. Anything else that escapes a
 * handler is a 500 with the generic message.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly messageCode?: MessageCode,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

const FORBIDDEN = "You do not have permission to do that.";
const NOT_FOUND = "Not found.";
const UNAUTHORIZED = "You must be logged in to do that.";
/** The default messages carry their codes; another message has none unless given (#21). */
const codeOf = (m: string, fallback: string, code: string, c?: MessageCode) => c ?? (m === fallback ? { code } : undefined);

export const badRequest = (m: string, c?: MessageCode) => new AppError("BAD_REQUEST", m, c);
export const forbidden = (m = FORBIDDEN, c?: MessageCode) => new AppError("FORBIDDEN", m, codeOf(m, FORBIDDEN, "forbidden", c));
export const notFound = (m = NOT_FOUND, c?: MessageCode) => new AppError("NOT_FOUND", m, codeOf(m, NOT_FOUND, "not_found", c));
export const unauthorized = (m = UNAUTHORIZED, c?: MessageCode) =>
  new AppError("UNAUTHORIZED", m, codeOf(m, UNAUTHORIZED, "auth.login_required", c));

/** busboy's parse errors of a broken multipart body (cut short, no boundary, a bad part header). */
const MALFORMED_FORM = /^(Unexpected end of (form|multipart data)|Multipart: Boundary not found|Malformed part header)/;
/** The answer to a multipart body that cannot be parsed. */
export const MALFORMED_FORM_MESSAGE = "The form could not be read.";
/** The answer to a value the database refuses (out of range, not valid text) that got past validation. */
export const REFUSED_VALUE_MESSAGE = "A value of the request is out of range or not valid text.";

/**
 * The codes of the error handler's own answers (#21), beside their English texts above: the web
 * catalogue's `error.<code>` says each in the page's language.
 */
const REQUEST_CODES = {
  refusedValue: { code: "request.invalid_value" },
  malformedForm: { code: "request.malformed_form" },
} as const;

/**
 * Fastify's own 4xx answers (its messages are terse and English: 'Request body is too large')
 * → their codes; any other 4xx Fastify or a plugin raises is `request.refused`.
 */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "request.body_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "request.unsupported_media",
  FST_ERR_CTP_INVALID_JSON_BODY: "request.invalid_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "request.empty_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "request.length_mismatch",
};

/**
 * The code of a schema validation refusal (#21): `validation.invalid` with the bad field's path
 * (`members.0.name`), or `validation.invalid_request` when the request as a whole is refused. The
 * English message stays the zod message (after `field: ` unless it is a contract sentence); the
 * web shows the field's translated message when it knows that zod message, else the code's text.
 */
export function validationCode(field: string): MessageCode {
  return field ? { code: "validation.invalid", params: { field } } : { code: "validation.invalid_request" };
}

/** True when a string anywhere in `value` (a query or body) holds U+0000, which no text column stores. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  for (const v of Object.values(value as Record<string, unknown>)) if (containsNul(v, depth + 1)) return true;
  return false;
}

/** The refusal of text holding U+0000. */
export const NUL_MESSAGE = "Text may not contain the character U+0000.";
/** NUL_MESSAGE's code (#21). */
export const NUL_CODE: MessageCode = { code: "request.nul" };

/**
 * The one error handler: AppError and 4xx errors keep their message; zod validation errors
 * name the first bad field; 5xx never leaks its message (logged instead). Every 4xx answer
 * carries a code (#21): the AppError's own, `validationCode`, REQUEST_CODES, FASTIFY_CODES.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ status: "error", message: err.message, ...err.messageCode });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "";
      const msg = first?.message ?? "Invalid request.";
      return reply.status(400).send({ status: "error", message: field ? `${field}: ${msg}` : msg, ...validationCode(field) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, "response did not match its schema");
      return reply.status(500).send({ status: "error", message: UNKNOWN_ERROR_MESSAGE, code: "unknown" });
    }
    // Bad input that got past validation is still the caller's: 400, never a 5xx.
    if (isRefusedValue(err))
      return reply.status(400).send({ status: "error", message: REFUSED_VALUE_MESSAGE, ...REQUEST_CODES.refusedValue });
    if (MALFORMED_FORM.test(err.message ?? ""))
      return reply.status(400).send({ status: "error", message: MALFORMED_FORM_MESSAGE, ...REQUEST_CODES.malformedForm });
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, "request failed");
      return reply.status(status).send({ status: "error", message: UNKNOWN_ERROR_MESSAGE, code: "unknown" });
    }
    return reply.status(status).send({ status: "error", message: err.message, code: FASTIFY_CODES[err.code] ?? "request.refused" });
  });
}
