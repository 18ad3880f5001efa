import type { FastifyInstance } from "fastify";
import { uploadEndpoints as e, UPLOAD_PURPOSES, uploadTooLargeMessage } from "@site/contract";
import { AppError, badRequest } from "../../lib/errors.js";
import { uploadTooLargeCode } from "../../lib/multipart.js";
import { route } from "../../lib/route.js";
import { storeUpload, UploadReader } from "./uploads.service.js";

/** The codes of this file's refusals (#21); the web catalogue's `error.<code>` says each in the page's language. */
const CODES = {
  notMultipart: { code: "uploads.multipart_required" },
  noFile: { code: "uploads.no_file" },
} as const;

/** Long-lived and shared: a served name is a content hash, so its bytes never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.create, async ({ req, query }) => {
    if (!req.isMultipart())
      throw new AppError("UNSUPPORTED_MEDIA", "Send the image as multipart/form-data in the field 'file'.", CODES.notMultipart);
    const maxBytes = UPLOAD_PURPOSES[query.purpose].maxBytes;
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw badRequest("No file was sent.", CODES.noFile);
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch {
      // @fastify/multipart throws once the stream passes fileSize.
      throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(query.purpose), uploadTooLargeCode(query.purpose));
    }
    return storeUpload(ctx, (await req.auth()).actor, query.purpose, { data, truncated: part.file.truncated });
  });

  // The images themselves (issue #18 §4): bytes from the database through this node's cache,
  // at the URL the files had. Outside /api, so no access row: every image is public.
  const reader = new UploadReader(ctx, ctx.config.uploadCacheBytes);
  app.get<{ Params: { name: string } }>("/uploads/:name", { schema: { hide: true } }, async (req, reply) => {
    const image = await reader.read(req.params.name);
    reply.header("cache-control", IMMUTABLE).header("etag", image.etag);
    if (req.headers["if-none-match"] === image.etag) return reply.status(304).send();
    return reply.type(image.contentType).send(image.data);
  });
}
