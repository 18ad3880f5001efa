import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../database.js";
import type { MigrationOptions } from "../migrate.js";

/**
 * Uploads in the database (issue #18 §4): the bytes of every stored image, keyed by the
 * SHA-256 (hex) of the bytes, so every app node serves every upload and one backup holds
 * everything.
 *
 * - `sha256`: 64 hex characters of the bytes' SHA-256; primary key (a file stored twice is one row).
 * - `name`: the name the image is served under (`/uploads/<name>`), unique; new uploads are
 *   `<first 32 hex of sha256>.webp`, which `uploads.filename` already records.
 * - `content_type`, `byte_size` (bytes), `data` (`bytea` / `blob`), `created_at` (ms).
 *
 * Then every file under `DATA_DIR/uploads` is copied in (when the caller gives `dataDir`; see
 * `importUploadFiles`). The files are left where they are, and the log says so: deleting them
 * is the operator's call once a backup holds the table.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"], opts: MigrationOptions = {}): Promise<void> {
  await db.schema
    .createTable("upload_bytes")
    .addColumn("sha256", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("data", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  if (opts.dataDir) await importUploadFiles(db, join(opts.dataDir, "uploads"), opts.log ?? (() => {}));
}

/** Content types by file extension, as the static file server answered them before #18. */
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
};

/**
 * Copies every regular file of `dir` into `upload_bytes` under its own file name, one file in
 * memory at a time. Idempotent: a name or content already stored is skipped (so a second run,
 * or a run after the server stored the same image, adds nothing). A missing `dir` is nothing
 * to do. Returns how many files were added and skipped; `log` gets one line when there was
 * anything to look at.
 */
export async function importUploadFiles(
  db: Kysely<unknown>,
  dir: string,
  log: (line: string) => void,
): Promise<{ added: number; skipped: number }> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { added: 0, skipped: 0 };
    throw err;
  }
  const store = db as Kysely<{
    upload_bytes: { sha256: string; name: string; content_type: string; byte_size: number; data: Buffer; created_at: number };
  }>;
  let added = 0;
  let skipped = 0;
  for (const name of names) {
    const data = await readFile(join(dir, name));
    const sha256 = createHash("sha256").update(data).digest("hex");
    const r = await store
      .insertInto("upload_bytes")
      .values({
        sha256,
        name,
        content_type: TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
        byte_size: data.length,
        data,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) added++;
    else skipped++;
  }
  if (names.length) {
    log(
      `uploads: copied ${added} file(s) from ${dir} into the database (upload_bytes)` +
        `${skipped ? `, ${skipped} already there` : ""}. The files were left in place; ` +
        `the site no longer reads them, so delete them once a backup holds the database.`,
    );
  }
  return { added, skipped };
}
