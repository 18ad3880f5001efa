import { resolve } from "node:path";
import { BackupError, restoreDatabase } from "../backup/backup.js";
import { ConfigError, loadConfig } from "../config.js";

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a file written by 'npm run backup' into the database named by DATABASE_URL (default
DATA_DIR/site.db), which must be empty: a new SQLite file or a PostgreSQL database without
tables. --force replaces a database that has data (stop the site first). The next start runs
any migration the backup predates; then check it with 'npm run doctor'.`;

/** `npm run restore`: exit 0 restored, 1 refused or failed, 2 bad arguments. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const force = argv.includes("--force");
  const rest = argv.filter((a) => a !== "--force");
  const unknown = rest.filter((a) => a.startsWith("-"));
  if (rest.length !== 1 || unknown.length) {
    console.error(`${unknown.length ? `Unknown argument '${unknown[0]}'.` : "Name one backup file."}\n\n${USAGE}`);
    return 2;
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
    const r = await restoreDatabase(resolve(rest[0]!), { url: config.databaseUrl }, { force });
    const where = config.databaseUrl.startsWith("sqlite:") ? config.databaseUrl : "the PostgreSQL database";
    console.log(`restore: ${rest[0]} restored into ${where} in ${(r.ms / 1000).toFixed(1)} s. Check it with: npm run doctor`);
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(`restore: ${err.message}`);
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
