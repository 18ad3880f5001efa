import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { type Upload, UPLOAD_PURPOSES, type UploadPurpose, uploadTooLargeMessage } from "@site/contract";
import type { AppContext } from "../../context.js";
import { ByteLru } from "../../lib/byte-lru.js";
import { AppError, badRequest, forbidden, type MessageCode, notFound } from "../../lib/errors.js";
import { uploadTooLargeCode } from "../../lib/multipart.js";
import type { Actor } from "../permissions/permissions.js";
import { hasUploadFile, insertUpload, insertUploadBytes, uploadBytesByName, uploadUsage } from "./uploads.repository.js";

/** Formats we accept, judged by the bytes (sharp's sniffing), never by the name or the browser's type. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif"]);
/** Largest edge kept; bigger images are scaled down. */
const MAX_EDGE = 2048;

/**
 * Limits of issue #15 (docs/decisions.md): the most pixels an image may declare (40
 * megapixels, checked on the header before any pixel is decoded), the uploads one account may
 * make per window (20 per 10 minutes, every purpose counted) and the bytes of stored files one
 * account may hold (50 MB, counted after re-encoding, a file stored twice counted once).
 */
export const UPLOAD_LIMITS = {
  maxPixels: 40_000_000,
  rate: { max: 20, windowMs: 10 * 60 * 1000 },
  quotaBytes: 50 * 1024 * 1024,
} as const;

/** The 400 text of an image over the pixel cap, naming its declared size. */
export function tooManyPixelsMessage(width: number, height: number): string {
  return `Images may be at most 40 megapixels; this one is ${width}×${height}.`;
}
/** The 429 text once an account has made its uploads for the window; `minutes` until it may again. */
export function uploadRateMessage(minutes: number): string {
  return `You may upload at most ${UPLOAD_LIMITS.rate.max} images every 10 minutes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
export const UPLOAD_QUOTA_MESSAGE = "Your account has reached its 50MB limit of stored images.";
const NOT_IMAGE_MESSAGE = "The file is not a supported image (JPEG, PNG, WebP or GIF).";

/**
 * The codes of the upload refusals (#21), with the numbers of their messages as params: the web
 * catalogue's `error.<code>` says each in the page's language.
 */
const CODES = {
  loginRequired: { code: "uploads.login_required" },
  banned: { code: "players.banned" },
  quota: { code: "uploads.quota", params: { megabytes: UPLOAD_LIMITS.quotaBytes / (1024 * 1024) } },
  notImage: { code: "uploads.not_image" },
  notFound: { code: "uploads.image_not_found" },
  rate: (minutes: number) => ({
    code: "uploads.rate",
    params: { max: UPLOAD_LIMITS.rate.max, window: UPLOAD_LIMITS.rate.windowMs / 60_000, minutes },
  }),
  pixels: (width: number, height: number) => ({
    code: "uploads.too_many_pixels",
    params: { megapixels: UPLOAD_LIMITS.maxPixels / 1_000_000, width, height },
  }),
} satisfies Record<string, MessageCode | ((...args: number[]) => MessageCode)>;

/**
 * Stores an image upload for a signed-in user. The content is sniffed and re-encoded by
 * sharp (which drops metadata and anything hidden after the image), its bytes stored in the
 * database under their SHA-256 (`upload_bytes`, served as `/uploads/<first 32 hex>.webp`),
 * and the upload recorded for the account, in one transaction. Errors: 401 when anonymous; 403 when the account is
 * banned (pending and inactive accounts may upload: they may save their own profile, whose
 * background comes through here); 413 with the spec's
 * message when over the purpose's cap (profile 8MB, team logo 200KB, tournament logo 2MB);
 * 415 when the bytes are not a JPEG, PNG, WebP or GIF image; 400 when the image declares more
 * than 40 megapixels (read from its header, nothing decoded); 429 after 20 uploads of the
 * account in 10 minutes; 413 when the account's stored files would pass 50 MB. Every upload
 * path (this call, profile backgrounds, team, tournament, series and template logos) comes here.
 */
export async function storeUpload(
  ctx: AppContext,
  actor: Actor,
  purpose: UploadPurpose,
  file: { data: Buffer; truncated: boolean },
): Promise<Upload> {
  if (actor.userId === null) throw new AppError("UNAUTHORIZED", "You must be logged in to upload files.", CODES.loginRequired);
  if (actor.state === "banned") throw forbidden("Your account has been banned.", CODES.banned);
  if (file.truncated || file.data.length > UPLOAD_PURPOSES[purpose].maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(purpose), uploadTooLargeCode(purpose));
  }
  const now = Date.now();
  const usage = await uploadUsage(ctx.db, actor.userId, now - UPLOAD_LIMITS.rate.windowMs);
  if (usage.recent >= UPLOAD_LIMITS.rate.max) {
    const waitMs = (usage.firstRecentAt ?? now) + UPLOAD_LIMITS.rate.windowMs - now;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new AppError("RATE_LIMITED", uploadRateMessage(minutes), CODES.rate(minutes));
  }
  if (usage.bytes >= UPLOAD_LIMITS.quotaBytes) throw new AppError("PAYLOAD_TOO_LARGE", UPLOAD_QUOTA_MESSAGE, CODES.quota);
  let meta: Metadata;
  try {
    meta = await sharp(file.data).metadata();
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA", NOT_IMAGE_MESSAGE, CODES.notImage);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new AppError("UNSUPPORTED_MEDIA", NOT_IMAGE_MESSAGE, CODES.notImage);
  }
  // The header's size, before a pixel is decoded: a small file may declare a huge image.
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > UPLOAD_LIMITS.maxPixels) throw badRequest(tooManyPixelsMessage(width, height), CODES.pixels(width, height));
  // Re-encoding is the sanitising step: the output holds pixels only. WebP keeps alpha.
  // limitInputPixels repeats the cap inside libvips, should a header have lied.
  const { data, info } = await sharp(file.data, { animated: false, limitInputPixels: UPLOAD_LIMITS.maxPixels })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const sha256 = createHash("sha256").update(data).digest("hex");
  const filename = `${sha256.slice(0, 32)}.webp`;
  if (usage.bytes + data.length > UPLOAD_LIMITS.quotaBytes && !(await hasUploadFile(ctx.db, actor.userId, filename))) {
    throw new AppError("PAYLOAD_TOO_LARGE", UPLOAD_QUOTA_MESSAGE, CODES.quota);
  }
  const userId = actor.userId;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await insertUploadBytes(trx, { sha256, name: filename, contentType: "image/webp", data, now });
    return insertUpload(trx, {
      filename,
      purpose,
      contentType: "image/webp",
      bytes: data.length,
      width: info.width,
      height: info.height,
      userId,
      now,
    });
  });
  return { id, url: `/uploads/${filename}`, width: info.width, height: info.height, bytes: data.length };
}

/** Public URL of a stored upload (`/uploads/<sha256>.webp`), or null for none. */
export const uploadUrl = (filename: string | null) => (filename ? `/uploads/${filename}` : null);

/** An image as served: its bytes, type and entity tag (the SHA-256 of the bytes). */
export interface ServedImage {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** Served names: what storeUpload and migration 0023 write (no path separators, no leading dot). */
const SERVED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * Reads stored images for `GET /uploads/:name` through a per-node memory cache of
 * `budgetBytes` (least recently used out first; `UPLOAD_CACHE_MB`), so hot images cost no
 * database read. Content-addressed bytes never change, so nothing is ever invalidated; misses
 * for the same name at the same moment share one database read.
 */
export class UploadReader {
  private readonly cache: ByteLru<ServedImage>;
  private readonly inFlight = new Map<string, Promise<ServedImage>>();

  constructor(
    private readonly ctx: AppContext,
    budgetBytes: number,
  ) {
    this.cache = new ByteLru(budgetBytes);
  }

  /** The image served as `/uploads/<name>`. Anyone may read it. Errors: 404 for an unknown or malformed name. */
  async read(name: string): Promise<ServedImage> {
    const hit = this.cache.get(name);
    if (hit) return hit;
    if (!SERVED_NAME.test(name)) throw notFound("Image not found.", CODES.notFound);
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = this.load(name).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  /** Bytes and entries held by this node's cache. */
  get cached(): { bytes: number; entries: number } {
    return this.cache.size;
  }

  private async load(name: string): Promise<ServedImage> {
    const row = await uploadBytesByName(this.ctx.db, name);
    if (!row) throw notFound("Image not found.", CODES.notFound);
    // pg hands back a Buffer for bytea and better-sqlite3 one for a blob.
    const image = { data: row.data, contentType: row.content_type, etag: `"${row.sha256}"` };
    this.cache.set(name, image, row.data.length);
    return image;
  }
}
