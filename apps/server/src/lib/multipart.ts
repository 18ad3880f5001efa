import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { UPLOAD_PURPOSES, type UploadPurpose, uploadTooLargeMessage } from "@site/contract";
import { AppError, badRequest, type MessageCode, NUL_CODE, NUL_MESSAGE, validationCode } from "./errors.js";

/** A multipart form read into memory: text fields and at most one file. */
export interface MultipartForm {
  fields: Record<string, string>;
  /** The file of `fileField`, or null when none was chosen (an empty file input sends no bytes). */
  file: { data: Buffer; filename: string } | null;
}

/** Largest text field: the long markdown fields (series long description, 200,000 characters of UTF-8). */
const FIELD_BYTES = 1024 * 1024;

/**
 * Most bytes one form save may send, fields and file together (issue #15 §1): the largest
 * form (a series with every markdown field full and a 2 MB logo) stays under it; anything
 * larger is refused with 413 as soon as the running total passes it, without reading on.
 */
export const FORM_TOTAL_BYTES = 3 * 1024 * 1024;

/** Fields a form may carry beyond its schema's: the CSRF field under either name and slack. */
const FIELD_MARGIN = 8;

/** The refusal of a form over FORM_TOTAL_BYTES (or its file cap plus the fields, when larger). */
export const FORM_TOO_LARGE_MESSAGE = "The form is too large.";

/** The codes of this file's refusals (#21): the web catalogue's `error.<code>` says each in the page's language. */
const CODES = {
  notMultipart: { code: "request.multipart_required" },
  formTooLarge: { code: "request.form_too_large" },
  fieldTooLong: { code: "request.field_too_long" },
} as const;

/**
 * The code of `uploadTooLargeMessage(purpose)` (#21): `uploads.too_large` with the purpose's cap
 * as a number and its unit (`{ size: 200, unit: "KB" }`, `{ size: 8, unit: "MB" }`; the unit a
 * `select` in the catalogue, which writes it the language's way).
 */
export function uploadTooLargeCode(purpose: UploadPurpose): MessageCode {
  const bytes = UPLOAD_PURPOSES[purpose].maxBytes;
  const mb = 1024 * 1024;
  return { code: "uploads.too_large", params: bytes % mb === 0 ? { size: bytes / mb, unit: "MB" } : { size: bytes / 1024, unit: "KB" } };
}

/**
 * Reads a multipart form save (tournament, series, template; 001 §7): every text field, and
 * the image in `fileField` capped at the purpose's size. The whole body is read even when the
 * file is over the cap (busboy discards the rest), so the browser receives the 413 answer
 * 'The logo exceeds the maximum size of 2MB.' rather than a connection reset mid-upload.
 * The CSRF check has already run on the X-CSRF-TOKEN header (multipart bodies are not parsed
 * before the handler).
 */
export async function readMultipart(
  req: FastifyRequest,
  fileField: string,
  purpose: UploadPurpose,
  schema?: z.ZodObject,
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", "Send the form as multipart/form-data.", CODES.notMultipart);
  const maxBytes = UPLOAD_PURPOSES[purpose].maxBytes;
  // The form's own fields plus the margin: a flood of tiny fields is refused by busboy's count.
  const maxFields = schema ? Object.keys(schema.shape).length + FIELD_MARGIN : 60;
  const totalCap = Math.max(FORM_TOTAL_BYTES, maxBytes + FIELD_BYTES);
  const fields: Record<string, string> = {};
  let file: MultipartForm["file"] = null;
  let tooLarge = false;
  let fieldTooLong = false;
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > totalCap) throw new AppError("PAYLOAD_TOO_LARGE", FORM_TOO_LARGE_MESSAGE, CODES.formTooLarge);
  };
  // throwFileSizeLimit: false makes busboy mark the file truncated and keep reading (the typings
  // of parts() omit the option, which @fastify/multipart honours at run time).
  const options = {
    limits: { fileSize: maxBytes, files: 1, fields: maxFields, fieldSize: FIELD_BYTES },
    throwFileSizeLimit: false,
  };
  const parts = req.parts(options);
  for await (const part of parts) {
    if (part.type === "file") {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        count((chunk as Buffer).length);
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) tooLarge = true;
      else if (part.fieldname === fileField && chunks.length > 0) file = { data: Buffer.concat(chunks), filename: part.filename };
    } else {
      if (part.valueTruncated) fieldTooLong = true;
      const value = String(part.value);
      if (value.includes("\u0000")) throw badRequest(NUL_MESSAGE, NUL_CODE);
      count(Buffer.byteLength(value) + part.fieldname.length);
      fields[part.fieldname] = value;
    }
  }
  if (tooLarge) throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(purpose), uploadTooLargeCode(purpose));
  if (fieldTooLong) throw badRequest("A field of the form is too long.", CODES.fieldTooLong);
  return { fields, file };
}

/** Validates form fields with a contract schema; the first problem becomes a 400 with its message and `validationCode`. */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const r = schema.safeParse(fields);
  if (!r.success) {
    const issue = r.error.issues[0];
    if (!issue) throw badRequest("Invalid form.", validationCode(""));
    // The contract's own messages are sentences; zod's defaults get the field's name in front.
    const field = issue.path.join(".");
    throw badRequest(issue.message.endsWith(".") ? issue.message : `${field}: ${issue.message}`, validationCode(field));
  }
  return r.data;
}
