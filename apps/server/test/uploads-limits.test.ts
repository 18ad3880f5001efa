import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMITS, UPLOAD_QUOTA_MESSAGE } from "../src/features/uploads/uploads.service.js";
import { type Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

function multipart(data: Buffer, filename = "a.png") {
  const boundary = "----test" + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (c: Client, data: Buffer, purpose = "markdown") =>
  c.request({ method: "POST", url: `/api/uploads?purpose=${purpose}`, ...multipart(data) });

/** A small PNG of one colour; `seed` changes the colour so each one is a different file. */
const png = (seed = 0) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: seed % 256, g: (seed >> 8) % 256, b: 7 } } })
    .png()
    .toBuffer();

// 16000×16000 = 256 megapixels of black: the compressed file is well under the 8MB cap.
const HUGE = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: "#000" } })
  .png({ compressionLevel: 9 })
  .toBuffer();

describe.each(D)("upload limits: pixels, rate and quota (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Rows standing for earlier uploads of the account (the files need not exist for the counts). */
  async function pastUploads(userId: number, rows: { bytes: number; ageMs: number }[]) {
    const now = Date.now();
    await t.database.db
      .insertInto("uploads")
      .values(
        rows.map((r, i) => ({
          filename: `past-${userId}-${i}-${Math.random().toString(16).slice(2)}.webp`,
          purpose: "markdown",
          content_type: "image/webp",
          bytes: r.bytes,
          width: 1,
          height: 1,
          user_id: userId,
          created_at: now - r.ageMs,
        })),
      )
      .execute();
  }

  it("a small PNG declaring 16000×16000 is refused with 400 before its pixels are decoded", async () => {
    expect(HUGE.length).toBeLessThan(1024 * 1024);
    const { c } = await signedIn(t, { player: false });
    const start = performance.now();
    const r = await upload(c, HUGE);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      status: "error",
      message: "Images may be at most 40 megapixels; this one is 16000×16000.",
      code: "uploads.too_many_pixels",
      params: { megapixels: 40, width: 16000, height: 16000 },
    });
    // Decoding 256 megapixels takes seconds and 768 MB; reading the header does not.
    expect(performance.now() - start).toBeLessThan(2000);
    const stored = await t.database.db.selectFrom("uploads").select("id").where("width", "=", 16000).execute();
    expect(stored).toEqual([]);
  });

  it("the 21st upload of an account within 10 minutes gets 429; older uploads and other accounts do not count", async () => {
    const a = await signedIn(t, { player: false });
    await pastUploads(a.userId, [{ bytes: 100, ageMs: UPLOAD_LIMITS.rate.windowMs + 60_000 }]);
    await pastUploads(
      a.userId,
      Array.from({ length: UPLOAD_LIMITS.rate.max - 1 }, () => ({ bytes: 100, ageMs: 60_000 })),
    );
    expect((await upload(a.c, await png(1))).statusCode).toBe(200); // the 20th of the window
    const refused = await upload(a.c, await png(2));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You may upload at most 20 images every 10 minutes\. Try again in (9|10) minutes\.$/);
    const b = await signedIn(t, { player: false });
    expect((await upload(b.c, await png(3))).statusCode).toBe(200);
  });

  it("an account's stored images are capped at 50MB (413); a file it already stored costs nothing", async () => {
    const { c, userId } = await signedIn(t, { player: false });
    const first = await upload(c, await png(4));
    expect(first.statusCode).toBe(200);
    const old = 60 * 60 * 1000; // outside the rate window
    await pastUploads(userId, [{ bytes: UPLOAD_LIMITS.quotaBytes - first.json().bytes - 10, ageMs: old }]);
    // 10 bytes left: a new image does not fit, the same image again does.
    const full = await upload(c, await png(5));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ status: "error", message: UPLOAD_QUOTA_MESSAGE, code: "uploads.quota", params: { megabytes: 50 } });
    expect((await upload(c, await png(4))).statusCode).toBe(200);
    // At the quota nothing more is read.
    await pastUploads(userId, [{ bytes: 10, ageMs: old }]);
    expect((await upload(c, await png(4))).statusCode).toBe(413);
  });

  it("every purpose counts towards the same quota (a profile image after markdown images)", async () => {
    const { c, userId } = await signedIn(t, { player: false });
    await pastUploads(userId, [{ bytes: UPLOAD_LIMITS.quotaBytes, ageMs: 60 * 60 * 1000 }]);
    const r = await upload(c, await png(6), "profile");
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(UPLOAD_QUOTA_MESSAGE);
  });
});
