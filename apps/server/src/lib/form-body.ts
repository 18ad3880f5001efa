import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Endpoint, UploadPurpose } from "@site/contract";
import { AppError, badRequest, type MessageCode } from "./errors.js";
import { type MultipartForm, readMultipart } from "./multipart.js";

const JSON_TYPE = "application/json";
const MULTIPART_TYPE = "multipart/form-data";

/** The media type of a request without its parameters, lower-cased ('' when none was sent). */
export function mediaType(req: FastifyRequest): string {
  return String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
}

/** The 415 text of a form route: names the types it takes. */
export function unsupportedFormMessage(what: string): string {
  return `Send ${what} as ${JSON_TYPE} or ${MULTIPART_TYPE}.`;
}

/**
 * The codes of this file's refusals (#21), with the form's key (`JsonOrMultipartOptions.form`, a
 * `select` in the catalogue) standing for `what`, which is English.
 */
const codes = (form: string) =>
  ({
    unsupported: { code: "request.form_type", params: { form } },
    notObject: { code: "request.form_not_object", params: { form } },
  }) satisfies Record<string, MessageCode>;

const files = new WeakMap<FastifyRequest, MultipartForm["file"]>();

/** The file a multipart request carried in its form's file field (see acceptJsonOrMultipart), or null. */
export function formFile(req: FastifyRequest): MultipartForm["file"] {
  return files.get(req) ?? null;
}

export interface JsonOrMultipartOptions {
  /** The POST endpoints of the plugin that take their body either way. */
  endpoints: Endpoint[];
  /** The form's file field and the upload purpose whose size cap and 413 message apply (000 §8). */
  fileField: string;
  purpose: UploadPurpose;
  /** What the form is, for the 415 message: 'the profile form'. */
  what: string;
  /** The form's key in the refusals' codes (#21), which the catalogue turns into words: 'profile'. */
  form: string;
  /** The multipart text fields as the JSON body the endpoint's schema validates (numbers and flags typed). */
  toBody: (fields: Record<string, string>) => Record<string, unknown>;
}

/**
 * Lets JSON endpoints also take their form as multipart form data (000 §7: "Payloads are
 * multipart form data unless stated"), with the file in the same request. Registered inside a
 * route plugin, before validation: a multipart body is read (the file capped at the purpose's
 * size: 413 with the spec's message), its fields become the JSON body the endpoint's schema
 * then validates, and the file waits for the handler in `formFile(req)`. Any other content type
 * of these endpoints gets 415 naming the two accepted ones; a JSON body that is not an object
 * gets 400. The CSRF check has already run on the header (multipart bodies are read here).
 */
export function acceptJsonOrMultipart(app: FastifyInstance, opts: JsonOrMultipartOptions): void {
  const routes = new Set(opts.endpoints.map((e) => `${e.method} ${e.path}`));
  const CODES = codes(opts.form);
  const unsupported = () => new AppError("UNSUPPORTED_MEDIA", unsupportedFormMessage(opts.what), CODES.unsupported);
  // Content types nobody parses (text/xml, application/x-www-form-urlencoded, …) would get
  // Fastify's own 415; this plugin's routes answer with the accepted types instead.
  app.addContentTypeParser("*", (_req, _payload, done) => done(unsupported(), undefined));
  app.addHook("preValidation", async (req) => {
    if (!routes.has(`${req.method} ${req.routeOptions.url}`)) return;
    const type = mediaType(req);
    if (type === MULTIPART_TYPE) {
      const { fields, file } = await readMultipart(req, opts.fileField, opts.purpose);
      req.body = opts.toBody(fields);
      files.set(req, file);
      return;
    }
    if (type !== JSON_TYPE) throw unsupported();
    if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
      throw badRequest(`Send ${opts.what} as a JSON object of its fields.`, CODES.notObject);
    }
  });
}

/** A multipart checkbox or flag: 'true', '1', 'on' → true; 'false', '0', '' → false; anything else as sent (the schema refuses it). */
export function formFlag(value: string): boolean | string {
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1" || v === "on") return true;
  if (v === "false" || v === "0" || v === "") return false;
  return value;
}

/** A multipart number: digits → the number; '' → undefined (left out); anything else as sent (the schema refuses it). */
export function formNumber(value: string): number | string | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  return /^-?\d+$/.test(v) ? Number(v) : value;
}
