import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { importUploadFiles } from "../src/db/migrations/0023_upload_bytes.js";
import { UploadReader } from "../src/features/uploads/uploads.service.js";
import { ByteLru } from "../src/lib/byte-lru.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

/**
 * Uploads in the database (issue #18 §4): new uploads land in `upload_bytes` and nowhere on
 * disk, any node on the same database serves them with the immutable cache headers, the
 * per-node cache spares the database, and migration 0023 copies the files of DATA_DIR/uploads in.
 */
const D = await dialects();

function multipart(data: Buffer) {
  const boundary = "----test" + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const png = (r: number) =>
  sharp({ create: { width: 24, height: 12, channels: 3, background: { r, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe.each(D)("uploads stored in the database (%s)", (dialect) => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = (await signedIn(t, { player: false })).c;
  });
  afterAll(() => t.close());

  it("an upload is stored as bytes keyed by their SHA-256, not as a file, and served immutable with an ETag", async () => {
    const r = await c.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(await png(1)) });
    expect(r.statusCode).toBe(200);
    const url: string = r.json().url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const name = url.slice("/uploads/".length);
    const row = await t.database.db.selectFrom("upload_bytes").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash("sha256").update(row.data).digest("hex"));
    expect(row.sha256.slice(0, 32)).toBe(name.slice(0, 32));
    expect(row.byte_size).toBe(row.data.length);
    expect(row.content_type).toBe("image/webp");
    // Nothing written under DATA_DIR/uploads any more.
    const dir = join(t.app.ctx.config.dataDir, "uploads");
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);

    const served = await c.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers.etag).toBe(`"${row.sha256}"`);
    expect(Buffer.compare(served.rawPayload, row.data)).toBe(0);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    const again = await c.request({ method: "GET", url, headers: { "if-none-match": `"${row.sha256}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await c.request({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
  });

  it("the same image uploaded twice is one row of bytes and two upload records", async () => {
    const image = await png(2);
    const first = await c.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(image) });
    const second = await c.request({ method: "POST", url: "/api/uploads?purpose=profile", ...multipart(image) });
    expect(second.json().url).toBe(first.json().url);
    const name = first.json().url.slice("/uploads/".length);
    expect(await t.database.db.selectFrom("upload_bytes").select("sha256").where("name", "=", name).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom("uploads").select("id").where("filename", "=", name).execute()).toHaveLength(2);
  });

  it("another node on the same database (its own DATA_DIR) serves the image", async () => {
    const r = await c.request({ method: "POST", url: "/api/uploads?purpose=team_logo", ...multipart(await png(3)) });
    const dataDir = mkdtempSync(join(tmpdir(), "site-node-b-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), PUBLIC_CACHE_SECONDS: "0" });
    const b = await buildApp({ config, database: t.database, logger: false });
    try {
      const served = await b.inject({ method: "GET", url: r.json().url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toContain("immutable");
      expect(served.rawPayload.length).toBe(r.json().bytes);
    } finally {
      await b.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("unknown and malformed names are 404", async () => {
    for (const url of [
      "/uploads/0123456789abcdef0123456789abcdef.webp",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/.hidden",
      "/uploads/a%00b",
    ]) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("the per-node cache answers a hot image without the database; with no budget every read goes to it", async () => {
    const r = await c.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(await png(4)) });
    const name: string = r.json().url.slice("/uploads/".length);
    const cached = new UploadReader(t.app.ctx, 1024 * 1024);
    const uncached = new UploadReader(t.app.ctx, 0);
    expect((await cached.read(name)).data.length).toBe(r.json().bytes);
    expect((await uncached.read(name)).data.length).toBe(r.json().bytes);
    expect(cached.cached).toEqual({ bytes: r.json().bytes, entries: 1 });
    // Gone from the database (no app path deletes bytes; this stands for "no query made").
    await t.database.db.deleteFrom("upload_bytes").where("name", "=", name).execute();
    expect((await cached.read(name)).data.length).toBe(r.json().bytes);
    await expect(uncached.read(name)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("importUploadFiles copies every file of a folder once, under its own name, and leaves the files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-uploads-"));
    try {
      const webp = await sharp(await png(5))
        .webp()
        .toBuffer();
      const webpName = `${createHash("sha256").update(webp).digest("hex").slice(0, 32)}.webp`;
      writeFileSync(join(dir, webpName), webp);
      writeFileSync(join(dir, "legacy-logo.png"), await png(6));
      mkdirSync(join(dir, "sub"));
      const lines: string[] = [];
      const db = t.database.db as unknown as Kysely<unknown>;
      expect(await importUploadFiles(db, dir, (l) => lines.push(l))).toEqual({ added: 2, skipped: 0 });
      expect(lines.join("\n")).toMatch(/copied 2 file\(s\).*left in place/);
      expect(await importUploadFiles(db, dir, () => {})).toEqual({ added: 0, skipped: 2 });
      expect(readdirSync(dir).sort()).toEqual([webpName, "legacy-logo.png", "sub"].sort());
      const legacy = await c.get("/uploads/legacy-logo.png");
      expect(legacy.statusCode).toBe(200);
      expect(legacy.headers["content-type"]).toBe("image/png");
      expect((await c.get(`/uploads/${webpName}`)).headers["content-type"]).toBe("image/webp");
      expect(await importUploadFiles(db, join(dir, "missing"), () => {})).toEqual({ added: 0, skipped: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("migration 0023 moves DATA_DIR/uploads into the database", () => {
  it("on a database created before #18, the files land in upload_bytes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "site-migrate-"));
    const database = openDatabase("sqlite::memory:");
    try {
      mkdirSync(join(dataDir, "uploads"));
      const bytes = await sharp(await png(7))
        .webp()
        .toBuffer();
      writeFileSync(join(dataDir, "uploads", "old.webp"), bytes);
      const lines: string[] = [];
      const applied = await migrateToLatest(database, { dataDir, log: (l) => lines.push(l) });
      expect(applied).toContain("0023_upload_bytes");
      expect(lines).toHaveLength(1);
      const row = await database.db.selectFrom("upload_bytes").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "old.webp", content_type: "image/webp", byte_size: bytes.length });
      expect(existsSync(join(dataDir, "uploads", "old.webp"))).toBe(true);
      // Already current: nothing applied, nothing copied again.
      expect(await migrateToLatest(database, { dataDir, log: (l) => lines.push(l) })).toEqual([]);
      expect(lines).toHaveLength(1);
    } finally {
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("ByteLru", () => {
  it("evicts the least recently used to stay within its byte budget and skips values over a quarter of it", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 20);
    lru.set("b", "B", 20);
    lru.set("c", "C", 20);
    lru.set("d", "D", 20);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("e", "E", 25); // 105 > 100: b goes
    expect(lru.get("b")).toBeUndefined();
    expect(lru.size).toEqual({ bytes: 85, entries: 4 });
    lru.set("huge", "H", 26);
    expect(lru.get("huge")).toBeUndefined();
    lru.set("a", "A2", 5);
    expect(lru.size).toEqual({ bytes: 70, entries: 4 });
    expect(new ByteLru<string>(0).get("x")).toBeUndefined();
  });

  it("holds at most maxEntries values, and forgets one key, the keys under prefixes or all, giving their bytes back", () => {
    const lru = new ByteLru<string>(100, 3);
    for (const k of ["a:1", "a:2", "b:1"]) lru.set(k, k, 10);
    expect(lru.get("a:1")).toBe("a:1"); // a:2 is now the least recently used
    lru.set("c:1", "c:1", 10); // a fourth entry: a:2 goes
    expect(lru.get("a:2")).toBeUndefined();
    expect(lru.size).toEqual({ bytes: 30, entries: 3 });
    expect(lru.delete("b:1")).toBe(true);
    expect(lru.delete("b:1")).toBe(false);
    expect(lru.size).toEqual({ bytes: 20, entries: 2 });
    lru.set("a:3", "a:3", 10);
    lru.deletePrefixed(["a:", "x:"]);
    expect(lru.size).toEqual({ bytes: 10, entries: 1 });
    expect(lru.get("c:1")).toBe("c:1");
    lru.deletePrefixed([""]);
    expect(lru.size).toEqual({ bytes: 0, entries: 0 });
  });
});
