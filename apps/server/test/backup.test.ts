import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BackupError, backupDatabase, databaseFingerprint, restoreDatabase, type Target } from "../src/backup/backup.js";
import { loadConfig } from "../src/config.js";
import { type Database, type Dialect, openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { runChecks } from "../src/doctor/doctor.checks.js";
import { createPlayer, createTournament } from "./factories.js";
import { dialects, freshDatabase, PG_URL, signedIn, type TestApp } from "./helpers.js";

/**
 * Backups that restore (issue #18 §7), on both databases: a backup taken while registrations
 * are being written restores into a fresh database that passes the doctor; a backup of a quiet
 * database restores to the same row counts and checksum of every table (uploaded images
 * included: they are rows now); restore refuses a database that has data unless forced.
 */
const execFileAsync = promisify(execFile);
const PLAYERS = 400;

/** The app on a database that a backup can read: a SQLite file, or a PostgreSQL schema of its own. */
async function fileBackedApp(dialect: Dialect, dir: string): Promise<{ t: TestApp; source: Target }> {
  let database: Database;
  let source: Target;
  if (dialect === "sqlite") {
    source = { url: `sqlite:${join(dir, "site.db")}` };
    database = openDatabase(source.url);
    await migrateToLatest(database);
  } else {
    database = await freshDatabase("postgres");
    source = { url: PG_URL, schema: database.schema };
  }
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, WEB_DIST: join(dir, "no-web"), PUBLIC_CACHE_SECONDS: "0" });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    source,
    t: {
      app,
      database,
      async close() {
        await app.close();
        await database.destroy();
      },
    },
  };
}

describe.each(await dialects())("backup and restore (%s)", (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), "site-backup-"));
  const restoredDatabases: string[] = [];
  let t: TestApp;
  let source: Target;
  let tournamentId: number;
  let playerIds: number[];
  let written = 0;

  beforeAll(async () => {
    ({ t, source } = await fileBackedApp(dialect, dir));
    // An uploaded image: its bytes are rows too, so the backup must carry them.
    const { c } = await signedIn(t, { player: false });
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    const boundary = "----b" + Math.random().toString(16).slice(2);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await c.request({
      method: "POST",
      url: "/api/uploads?purpose=markdown",
      payload: body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(200);
    tournamentId = await createTournament(t.database, { event_format: 1, registrations_open: 1 });
    playerIds = [];
    for (let i = 0; i < PLAYERS; i++) playerIds.push(await createPlayer(t.database));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (restoredDatabases.length) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      for (const name of restoredDatabases) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh, empty database to restore into, and how to open it once restored. */
  async function emptyTarget(label: string): Promise<{ target: Target; open(): Database }> {
    if (dialect === "sqlite") {
      const url = `sqlite:${join(dir, `restored-${label}.db`)}`;
      return { target: { url }, open: () => openDatabase(url) };
    }
    const name = `restore_${process.pid}_${label}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    restoredDatabases.push(name);
    const url = PG_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    return { target: { url, schema: source.schema }, open: () => openDatabase(url, { searchPath: source.schema!, poolSize: 2 }) };
  }

  /**
   * Registers players one by one, each in its own statement, until `stop()`; resolves with how
   * many it wrote. The last RESERVE players wait for `backupEnded()`, so writes go on after the
   * backup however long it takes (a busy machine's pg_dump can outlast the other 350 writes).
   */
  const RESERVE = 50;
  function writeLoop(): { stop(): Promise<number>; backupEnded(): void } {
    let running = true;
    let ended = false;
    const done = (async () => {
      while (running && written < PLAYERS) {
        if (!ended && written >= PLAYERS - RESERVE) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        await t.database.db
          .insertInto("registrations")
          .values({ tournament_id: tournamentId, player_id: playerIds[written]!, registered_at: Date.now() })
          .execute();
        written++;
        // Let the backup's own work interleave with the writes.
        await new Promise((r) => setImmediate(r));
      }
      return written;
    })();
    return {
      stop: async () => {
        running = false;
        return done;
      },
      backupEnded: () => {
        ended = true;
      },
    };
  }

  const registrations = async (db: Kysely<unknown>) =>
    Number(
      (
        await (db as Kysely<{ registrations: { id: number } }>)
          .selectFrom("registrations")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a backup taken while registrations are written restores into a fresh database that passes the doctor", async () => {
    const loop = writeLoop();
    while (written < 30) await new Promise((r) => setTimeout(r, 5));
    const before = written;
    const backup = await backupDatabase(source, join(dir, "during"));
    const after = written;
    loop.backupEnded();
    // Writes go on after the backup (the reserve guarantees there are some left to make).
    while (written <= after) await new Promise((r) => setTimeout(r, 5));
    const total = await loop.stop();
    expect(total).toBeGreaterThan(after);
    console.log(
      `${dialect}: backup of ${backup.bytes} bytes in ${backup.ms} ms; registrations written before it ${before}, by its end ${after}, in all ${total}`,
    );

    const { target, open } = await emptyTarget("during");
    await restoreDatabase(backup.file, target);
    const restored = open();
    try {
      // The snapshot holds every registration acknowledged before the backup began, and none
      // written after it ended; each row whole.
      const n = await registrations(restored.db as Kysely<unknown>);
      console.log(`${dialect}: the restored copy holds ${n} registrations`);
      expect(n).toBeGreaterThanOrEqual(before);
      expect(n).toBeLessThanOrEqual(after);
      const { checks, violations } = await runChecks(restored.db);
      expect(checks).toBeGreaterThan(5);
      expect(violations).toEqual([]);
      const [src, dst] = [
        await databaseFingerprint(t.database.db as Kysely<unknown>, dialect),
        await databaseFingerprint(restored.db as Kysely<unknown>, dialect),
      ];
      expect(dst.upload_bytes).toEqual(src.upload_bytes);
      expect(dst.upload_bytes!.rows).toBe(1);
      expect(Object.keys(dst).sort()).toEqual(Object.keys(src).sort());
    } finally {
      await restored.destroy();
    }
  }, 60_000);

  it("a backup of a quiet database restores to the same row counts and checksum of every table", async () => {
    const loop = writeLoop();
    await new Promise((r) => setTimeout(r, 30));
    await loop.stop();
    const before = await databaseFingerprint(t.database.db as Kysely<unknown>, dialect);
    expect(before.registrations!.rows).toBe(written);
    const backup = await backupDatabase(source, join(dir, "quiet"));
    expect(backup.file).toMatch(dialect === "sqlite" ? /site-.*\.sqlite$/ : /site-.*\.pgdump$/);
    const { target, open } = await emptyTarget("quiet");
    await restoreDatabase(backup.file, target);
    let restored = open();
    try {
      expect(await databaseFingerprint(restored.db as Kysely<unknown>, dialect)).toEqual(before);
      expect((await runChecks(restored.db)).violations).toEqual([]);
      // The restored copy is a working site: migrations are current, images are served.
      expect(await migrateToLatest(restored)).toEqual([]);
    } finally {
      await restored.destroy();
    }

    // Restoring over data is refused unless forced; forced, it replaces the data.
    await expect(restoreDatabase(backup.file, target)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(backup.file, target)).rejects.toThrow(/not empty.*--force/);
    await restoreDatabase(backup.file, target, { force: true });
    restored = open();
    try {
      expect(await databaseFingerprint(restored.db as Kysely<unknown>, dialect)).toEqual(before);
    } finally {
      await restored.destroy();
    }
  }, 60_000);

  it("refuses a file that is not a backup of the target's kind", async () => {
    const other: Target = dialect === "sqlite" ? { url: PG_URL } : { url: `sqlite:${join(dir, "x.db")}` };
    const backup = await backupDatabase(source, join(dir, "kind"));
    await expect(restoreDatabase(backup.file, other)).rejects.toThrow(/backup but DATABASE_URL is/);
    await expect(restoreDatabase(join(dir, "missing.file"), source)).rejects.toThrow(/No such file/);
  }, 30_000);

  it.runIf(dialect === "sqlite")(
    "npm run backup and npm run restore do it from the command line",
    async () => {
      const env = { ...process.env, NODE_ENV: "test", DATA_DIR: dir, DATABASE_URL: source.url };
      const cli = (name: string, args: string[], extra: Record<string, string> = {}) =>
        execFileAsync(process.execPath, ["--import", "tsx", join(import.meta.dirname, `../src/cli/${name}.ts`), ...args], {
          env: { ...env, ...extra },
        });
      const b = await cli("backup", ["--out", join(dir, "cli")]);
      const file = /backup: (\S+\.sqlite) \(/.exec(b.stdout)?.[1];
      expect(file).toBeTruthy();
      const target = `sqlite:${join(dir, "cli-restored.db")}`;
      const r = await cli("restore", [file!], { DATABASE_URL: target });
      expect(r.stdout).toContain("restored into");
      const refused = await cli("restore", [file!], { DATABASE_URL: target }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain("not empty");
      const restored = openDatabase(target);
      try {
        expect(await registrations(restored.db as Kysely<unknown>)).toBe(written);
      } finally {
        await restored.destroy();
      }
    },
    60_000,
  );
});
