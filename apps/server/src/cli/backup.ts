import { resolve } from "node:path";
import { BackupError, backupDatabase, defaultBackupDir } from "../backup/backup.js";
import { ConfigError, loadConfig } from "../config.js";

const USAGE = `Usage: npm run backup [-- --out DIR]

Backs up the database named by DATABASE_URL (default ./data/site.db) into a new timestamped
file in DIR (default DATA_DIR/backups): SQLite with the online backup API (safe while the site
runs), PostgreSQL with pg_dump --format=custom. Uploaded images are in the database, so the
file holds everything. Restore with: npm run restore -- FILE`;

/** `npm run backup`: exit 0 written, 1 failed, 2 bad arguments. Prints the file, its size and the time taken. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      return 0;
    }
    if (a === "--out" || a.startsWith("--out=")) out = a.includes("=") ? a.slice("--out=".length) : argv[++i];
    else {
      console.error(`Unknown argument '${a}'.\n\n${USAGE}`);
      return 2;
    }
    if (!out) {
      console.error(`--out needs a folder.\n\n${USAGE}`);
      return 2;
    }
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    const r = await backupDatabase({ url: config.databaseUrl }, resolve(out ?? defaultBackupDir(config.dataDir)));
    console.log(`backup: ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB in ${(r.ms / 1000).toFixed(1)} s)`);
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(`backup: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
