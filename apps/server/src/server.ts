import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig } from "./config.js";
import { buildApp } from "./app.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { hashPassword } from "./features/auth/passwords.js";
import { seedDemo } from "./seed/demo/index.js";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts.js";
import { existingAccounts, isDatabaseEmpty } from "./seed/seed.repository.js";

/**
 * Starts the site: parse the environment, open and migrate the database, load the demo
 * dataset into an empty database when DEMO is on (never with NODE_ENV=production), listen,
 * and shut down gracefully on SIGTERM/SIGINT within SHUTDOWN_GRACE_MS (stop accepting, finish
 * in-flight requests, close the pool).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
  });
  await migrateToLatest(database, { dataDir: config.dataDir, log: (line) => console.log(line) });

  if (config.demoRefusal) console.warn(config.demoRefusal);
  let seeded = false;
  if (config.demo && (await isDatabaseEmpty(database))) {
    const started = Date.now();
    console.log("Empty database: loading the demo dataset...");
    await seedDemo(database, { scale: "demo", passwordHash: await hashPassword("password") });
    console.log(`Demo dataset loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    seeded = true;
  }

  const app = await buildApp({ config, database, bench: process.env.BENCH === "1" });
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  console.log(`\n${config.siteName} is running at ${url}  (database: ${database.dialect})`);
  const demoAccounts = await existingAccounts(
    database,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  if (demoAccounts.length) {
    // Loud on purpose: these accounts log in with the password 'password'.
    const line = "!".repeat(78);
    console.warn(`\n${line}\n  DEMO ACCOUNTS EXIST in this database (password: password)${seeded ? "" : " — loaded earlier"}:`);
    for (const a of DEMO_ACCOUNTS.filter((x) => demoAccounts.includes(x.email))) console.warn(`    ${a.email.padEnd(26)} ${a.description}`);
    console.warn(`  Never expose this database publicly; start from an empty one for a real site.\n${line}\n`);
  }

  // Graceful shutdown (issue #18 §5) on SIGTERM/SIGINT (and on a crash): app.close() runs the
  // preClose hooks (GET /api/ready turns 503; a route holding long-lived responses, such as the
  // live updates' SSE streams, ends them in its own preClose hook so the drain can finish), stops
  // accepting connections, lets in-flight requests finish (idle keep-alive connections are
  // closed), then runs the onClose hooks (bus, workers) and the pool is closed. Whatever is still
  // running after SHUTDOWN_GRACE_MS is cut off: the process exits with 1.
  closeWithGrace(
    {
      delay: config.shutdownGraceMs,
      logger: { error: (m: unknown, ...rest: unknown[]) => app.log.error({ detail: rest }, String(m)) },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, "closing after an uncaught error");
      else app.log.info({ signal }, "shutting down");
      await app.close();
      await database.destroy();
      app.log.info("shut down");
    },
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
