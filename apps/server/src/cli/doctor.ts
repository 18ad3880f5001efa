import { ConfigError, loadConfig } from "../config.js";
import { CHECKS, formatViolation, runChecks } from "../doctor/doctor.checks.js";
import { hasSchema } from "../doctor/doctor.repository.js";
import { openReadOnly } from "../doctor/read-only.js";

const USAGE = `Usage: npm run doctor -- [--only CHECK[,CHECK...]]

Checks the database named by DATABASE_URL (default ./data/site.db) against the rules the
services keep, reading only (SQLite opened read-only, PostgreSQL in read-only transactions).
Prints each violation with the ids of its rows and exits 1 when there is any; otherwise prints
'doctor: N checks, 0 violations' and exits 0. Exit 2: bad arguments.
Checks: ${CHECKS.map((c) => c.name).join(", ")}`;

/** Parses `--only a,b` (or `--only=a,b`) and `--help`; a usage error comes back as a string. */
function parseArgs(argv: string[]): { only: string[] | undefined } | string {
  let only: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--help" || a === "-h") return "";
    if (a === "--only" || a.startsWith("--only=")) {
      const v = a.includes("=") ? a.slice("--only=".length) : argv[++i];
      only = (v ?? "").split(",").filter(Boolean);
      const unknown = only.filter((n) => !CHECKS.some((c) => c.name === n));
      if (only.length === 0 || unknown.length) return `Unknown check '${unknown.join(", ")}'.`;
    } else return `Unknown argument '${a}'.`;
  }
  return { only };
}

/** `npm run doctor`: exit 0 clean, 1 violations found or the check failed, 2 bad arguments. */
async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === "string") {
    console.error(args ? `${args}\n\n${USAGE}` : USAGE);
    return args ? 2 : 0;
  }
  let url: string;
  try {
    url = loadConfig().databaseUrl;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  let database;
  try {
    database = openReadOnly(url);
  } catch (err) {
    console.error(`doctor: cannot open ${url.startsWith("sqlite:") ? url : "the PostgreSQL database"}: ${(err as Error).message}`);
    return 1;
  }
  try {
    if (!(await hasSchema(database.db))) {
      console.error("doctor: the database has no schema (start the server or run `npm run seed` first).");
      return 1;
    }
    const { checks, violations } = await runChecks(database.db, args.only);
    for (const v of violations) console.log(formatViolation(v));
    if (violations.length > 0) {
      const perCheck = new Map<string, number>();
      for (const v of violations) perCheck.set(v.check, (perCheck.get(v.check) ?? 0) + 1);
      const list = [...perCheck].map(([name, n]) => `${name} ${n}`).join(", ");
      console.log(`doctor: ${checks} checks, ${violations.length} violations (${list})`);
      return 1;
    }
    console.log(`doctor: ${checks} checks, 0 violations`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
