import type { Database } from "../../db/database.js";
import { generateUsers, writeAccounts } from "./accounts.js";
import { writeMedia } from "./media-news.js";
import { writeModerationQueues } from "./moderation.js";
import { writeNotifications } from "./notifications.js";
import { generatePlayers, writePlayers } from "./players.js";
import { writeEntries } from "./registrations.js";
import { Rng } from "./rng.js";
import { simulateRosters } from "./rosters.js";
import { SCALES } from "./scale.js";
import { seedRoundsDemo } from "./rounds.js";
import { generateSeries, writeSeries } from "./series.js";
import { seedTeamRegistrationDemo } from "./team-registrations.js";
import { generateTeams, writeTeams } from "./teams.js";
import { generateTournaments, tournamentRow } from "./tournaments.js";
import { analyzeDatabase, resetSequences, Writer } from "./writer.js";

/**
 * The demo dataset: a deterministic, realistic-looking scene (players, accounts, teams with
 * rosters and transfer history, series, tournaments with registrations and placements, news,
 * media, notifications). Used by the server in DEMO mode, by `npm run seed` and by the
 * benchmark (`large` scale). Writes through Kysely without the feature repositories on
 * purpose: it inserts hundreds of thousands of rows in multi-row batches with fixed ids.
 *
 * One file per concern; this one runs them in order. Every phase draws from its own seeded
 * random stream (rng.ts), named after it, so editing one phase leaves the others' rows alone.
 *
 * - model.ts: the in-memory records and the demo accounts; scale.ts: the two sizes;
 *   writer.ts: batched inserts; names.ts, words.ts: name generators and word lists.
 * - players.ts, accounts.ts: players (friend codes, bans, old names), accounts and roles.
 * - teams.ts, rosters.ts: teams, rosters over time and the transfers that match them.
 * - moderation.ts: team claims and name/tag change requests.
 * - series.ts, tournaments.ts: series with templates, tournaments.
 * - registrations.ts, team-registrations.ts, placements.ts: solo, squad and team entries,
 *   placements, and the team registration journey (issue #8).
 * - media-news.ts, notifications.ts: news, media items, the demo accounts' notifications.
 * - rounds.ts: three FFA tournaments run through the rounds services (issue #19 §7).
 */

/**
 * Fills an EMPTY database with the demo dataset.
 *
 * - `scale`: 'demo' (about 2,000 players, 200 teams, 80 tournaments; a few seconds) or
 *   'large' (100,000 players, 10,000 teams, 2,000 tournaments, ~500,000 registrations; for
 *   benchmarks: about 15 s on SQLite, 35 s on PostgreSQL, on two cores).
 * - `now`: ms since the epoch (default `Date.now()`); every date is relative to it, so there
 *   are always past, ongoing and upcoming tournaments. Same `now` and scale give the same rows.
 * - `passwordHash`: stored on every account (the demo accounts log in with its password).
 * - `log`: progress lines.
 *
 * Rows get explicit ids (1..n per table); on PostgreSQL the serial sequences are moved past
 * them at the end. Throws when the database already has users or players, or on any insert
 * error (each phase runs in its own transaction, so a failure leaves earlier phases in place).
 */
export async function seedDemo(
  database: Database,
  opts: { scale: "demo" | "large"; now?: number; passwordHash: string; log?: (m: string) => void },
): Promise<void> {
  const cfg = SCALES[opts.scale];
  const now = opts.now ?? Date.now();
  const log = opts.log ?? (() => {});
  const db = database.db;

  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  const existingPlayer = await db.selectFrom("players").select("id").limit(1).executeTakeFirst();
  if (existing || existingPlayer) throw new Error("seedDemo: the database is not empty");

  const started = Date.now();
  const step = (m: string) => log(`${m} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Generation first (pure, in memory), then writes phase by phase.
  const players = generatePlayers(cfg, now);
  const people = generateUsers(cfg, now, players);
  step(`generated ${players.length} players, ${people.users.length} accounts`);

  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeAccounts(w, opts.passwordHash, people);
    writePlayers(w, now, players);
    await w.flush();
  });
  step("wrote players and accounts");

  const teams = generateTeams(cfg, now);
  const transfers = simulateRosters(cfg, now, players, teams);
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    // One "team-rows" stream: the renamed teams' old names, then the moderation queues.
    const rng = new Rng("team-rows");
    const usedNames = new Set<string>();
    writeTeams(w, rng, usedNames, players, teams, transfers);
    writeModerationQueues(w, rng, usedNames, cfg, now, players, people, teams);
    await w.flush();
  });
  step(`wrote ${teams.length} teams, ${transfers.length} transfers`);

  const series = generateSeries();
  const tournaments = generateTournaments(cfg, now, series);
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeSeries(w, now, series, people);
    for (const t of tournaments) w.add("tournaments", tournamentRow(t, now));
    await w.flush();
  });
  step(`wrote ${series.length} series, ${tournaments.length} tournaments`);

  let registrationCount = 0;
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    registrationCount = await writeEntries(w, cfg, now, players, teams, tournaments);
    await w.flush();
  });
  step(`wrote ${registrationCount} registrations and the placements`);

  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeMedia(w, now);
    writeNotifications(w, now, tournaments, teams, people);
    await w.flush();
  });

  if (database.dialect === "postgres") await resetSequences(database);
  // Team registration journey (issue #8); after the sequences are reset, as it uses serial ids.
  if (opts.scale === "demo") await seedTeamRegistrationDemo(db, now);
  // FFA rounds (issue #19): run through the rounds services, so after the rest is in place.
  if (opts.scale === "demo") {
    await seedRoundsDemo(database, now);
    step("ran the FFA rounds demo");
  }
  // A bulk load leaves PostgreSQL without planner statistics until autovacuum gets to it
  // (issue #16: a recent-transfers page took 1,273 ms unanalyzed, 50 ms analyzed).
  if (database.dialect === "postgres") {
    await analyzeDatabase(database);
    step("analyzed the database");
  }
  step("done");
}
