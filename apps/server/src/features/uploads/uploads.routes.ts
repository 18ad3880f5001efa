import type { FastifyInstance } from "fastify";
import { uploadEndpoints as e, UPLOAD_PURPOSES, uploadTooLargeMessage } from "@site/contract";
import { AppError, badRequest } from "../../lib/errors.js";
import { route } from "../../lib/route.js";
import { storeUpload } from "./uploads.service.js";

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.create, async ({ req, query }) => {
    if (!req.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", "Send the image as multipart/form-data in the field 'file'.");
    const maxBytes = UPLOAD_PURPOSES[query.purpose].maxBytes;
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw badRequest("No file was sent.");
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch {
      // @fastify/multipart throws once the stream passes fileSize.
      throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(query.purpose));
    }
    return storeUpload(ctx, (await req.auth()).actor, query.purpose, { data, truncated: part.file.truncated });
  });
}
