import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Metadata } from "sharp";
import { type Upload, UPLOAD_PURPOSES, type UploadPurpose, uploadTooLargeMessage } from "@site/contract";
import type { AppContext } from "../../context.js";
import { AppError, forbidden } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { insertUpload } from "./uploads.repository.js";

/** Formats we accept, judged by the bytes (sharp's sniffing), never by the name or the browser's type. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);
/** Largest edge kept; bigger images are scaled down. */
const MAX_EDGE = 2048;

export const uploadsDir = (ctx: AppContext) => join(ctx.config.dataDir, "uploads");

/**
 * Stores an image upload for a signed-in user. The content is sniffed and re-encoded by
 * sharp (which drops metadata and anything hidden after the image), saved under a
 * content-addressed name, and recorded. Errors: 401 when anonymous; 403 when the account is
 * banned (pending and inactive accounts may upload: they may save their own profile, whose
 * background comes through here); 413 with the spec's
 * message when over the purpose's cap (profile 8MB, team logo 200KB, tournament logo 2MB);
 * 415 when the bytes are not a JPEG, PNG, WebP or GIF image.
 */
export async function storeUpload(
  ctx: AppContext,
  actor: Actor,
  purpose: UploadPurpose,
  file: { data: Buffer; truncated: boolean },
): Promise<Upload> {
  if (actor.userId === null) throw new AppError("UNAUTHORIZED", "You must be logged in to upload files.");
  if (actor.state === "banned") throw forbidden("Your account has been banned.");
  if (file.truncated || file.data.length > UPLOAD_PURPOSES[purpose].maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(purpose));
  }
  let meta: Metadata;
  try {
    meta = await sharp(file.data).metadata();
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA", "The file is not a supported image (JPEG, PNG, WebP or GIF).");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new AppError("UNSUPPORTED_MEDIA", "The file is not a supported image (JPEG, PNG, WebP or GIF).");
  }
  // Re-encoding is the sanitising step: the output holds pixels only. WebP keeps alpha.
  const { data, info } = await sharp(file.data, { animated: false })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const filename = `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.webp`;
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, filename), data);
  const id = await insertUpload(ctx.db, {
    filename,
    purpose,
    contentType: "image/webp",
    bytes: data.length,
    width: info.width,
    height: info.height,
    userId: actor.userId,
    now: Date.now(),
  });
  return { id, url: `/uploads/${filename}`, width: info.width, height: info.height, bytes: data.length };
}

/** Public URL of a stored upload (`/uploads/<sha256>.webp`), or null for none. */
export const uploadUrl = (filename: string | null) => (filename ? `/uploads/${filename}` : null);
