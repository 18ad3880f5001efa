import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { UPLOAD_PURPOSES, type UploadPurpose, uploadTooLargeMessage } from "@site/contract";
import { AppError, badRequest } from "./errors.js";

/** A multipart form read into memory: text fields and at most one file. */
export interface MultipartForm {
  fields: Record<string, string>;
  /** The file of `fileField`, or null when none was chosen (an empty file input sends no bytes). */
  file: { data: Buffer; filename: string } | null;
}

/** Largest text field: the long markdown fields (series long description, 200,000 characters of UTF-8). */
const FIELD_BYTES = 1024 * 1024;

/**
 * Reads a multipart form save (tournament, series, template; 001 §7): every text field, and
 * the image in `fileField` capped at the purpose's size. The whole body is read even when the
 * file is over the cap (busboy discards the rest), so the browser receives the 413 answer
 * 'The logo exceeds the maximum size of 2MB.' rather than a connection reset mid-upload.
 * The CSRF check has already run on the X-CSRF-TOKEN header (multipart bodies are not parsed
 * before the handler).
 */
export async function readMultipart(req: FastifyRequest, fileField: string, purpose: UploadPurpose): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest("Send the form as multipart form data.");
  const maxBytes = UPLOAD_PURPOSES[purpose].maxBytes;
  const fields: Record<string, string> = {};
  let file: MultipartForm["file"] = null;
  let tooLarge = false;
  let fieldTooLong = false;
  // throwFileSizeLimit: false makes busboy mark the file truncated and keep reading (the typings
  // of parts() omit the option, which @fastify/multipart honours at run time).
  const options = { limits: { fileSize: maxBytes, files: 1, fields: 60, fieldSize: FIELD_BYTES }, throwFileSizeLimit: false };
  const parts = req.parts(options);
  for await (const part of parts) {
    if (part.type === "file") {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) tooLarge = true;
      else if (part.fieldname === fileField && chunks.length > 0) file = { data: Buffer.concat(chunks), filename: part.filename };
    } else {
      if (part.valueTruncated) fieldTooLong = true;
      fields[part.fieldname] = String(part.value);
    }
  }
  if (tooLarge) throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(purpose));
  if (fieldTooLong) throw badRequest("A field of the form is too long.");
  return { fields, file };
}

/** Validates form fields with a contract schema; the first problem becomes a 400 with its message. */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const r = schema.safeParse(fields);
  if (!r.success) {
    const issue = r.error.issues[0];
    if (!issue) throw badRequest("Invalid form.");
    // The contract's own messages are sentences; zod's defaults get the field's name in front.
    throw badRequest(issue.message.endsWith(".") ? issue.message : `${issue.path.join(".")}: ${issue.message}`);
  }
  return r.data;
}
