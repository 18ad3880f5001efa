import { GAME_MODES, type GameModeKey, LANGUAGES, TEAM_CATEGORY_KEYS, THEMES } from "@site/contract";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../db/database.js";
import type { DB } from "../db/schema.js";

/**
 * The demo dataset: a deterministic, realistic-looking scene (players, accounts, teams with
 * rosters and transfer history, series, tournaments with registrations and placements, news,
 * media, notifications). Used by the server in DEMO mode, by `npm run seed` and by the
 * benchmark (`large` scale). Writes through Kysely without the feature repositories on
 * purpose: it inserts hundreds of thousands of rows in multi-row batches with fixed ids.
 */

// ---------------------------------------------------------------------------------------
// Randomness and time
// ---------------------------------------------------------------------------------------

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/** FNV-1a of a label: every phase gets its own stream, so editing one phase leaves the others alone. */
function hashSeed(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for fake data; never Math.random so runs repeat. */
class Rng {
  private s: number;
  constructor(label: string) {
    this.s = hashSeed(label);
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  /** Integer time in [lo, hi). */
  time(lo: number, hi: number): number {
    return Math.floor(lo + this.next() * Math.max(0, hi - lo));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1]![0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

// ---------------------------------------------------------------------------------------
// Scale
// ---------------------------------------------------------------------------------------

interface ScaleConfig {
  players: number;
  extraUsers: number;
  shadowPlayers: number;
  hiddenPlayers: number;
  bannedPlayers: number;
  extraSupporters: number;
  teams: number;
  historicalTeams: number;
  shadowTeams: number;
  rosterMin: number;
  rosterMax: number;
  /** Probability factor that a membership change of long ago still has its transfer row. */
  transferTracking: number;
  pendingInvites: number;
  pendingProfileChanges: number;
  pendingClaims: number;
  tournaments: { historical: number; noDate: number; ongoing: number; upcoming: number; unpublished: number; total: number };
  /** Multiplies the entrant counts of every tournament. */
  entrantScale: number;
}

const SCALES: Record<"demo" | "large", ScaleConfig> = {
  demo: {
    players: 2000,
    extraUsers: 320,
    shadowPlayers: 24,
    hiddenPlayers: 12,
    bannedPlayers: 10,
    extraSupporters: 8,
    teams: 200,
    historicalTeams: 15,
    shadowTeams: 2,
    rosterMin: 4,
    rosterMax: 10,
    transferTracking: 0.22,
    pendingInvites: 8,
    pendingProfileChanges: 7,
    pendingClaims: 3,
    tournaments: { historical: 12, noDate: 3, ongoing: 3, upcoming: 10, unpublished: 5, total: 80 },
    entrantScale: 1,
  },
  large: {
    players: 100_000,
    extraUsers: 20_000,
    shadowPlayers: 1200,
    hiddenPlayers: 600,
    bannedPlayers: 500,
    extraSupporters: 300,
    teams: 10_000,
    historicalTeams: 750,
    shadowTeams: 60,
    rosterMin: 4,
    rosterMax: 11,
    transferTracking: 0.3,
    pendingInvites: 300,
    pendingProfileChanges: 120,
    pendingClaims: 40,
    tournaments: { historical: 150, noDate: 20, ongoing: 30, upcoming: 150, unpublished: 60, total: 2000 },
    entrantScale: 3.75,
  },
};

// ---------------------------------------------------------------------------------------
// Batched writes
// ---------------------------------------------------------------------------------------

type TableName = keyof DB & string;

// FK order: a flush writes parents before children so one buffer can hold both.
const WRITE_ORDER: TableName[] = [
  "users",
  "user_roles",
  "players",
  "friend_code_history",
  "player_bans",
  "name_history",
  "teams",
  "team_memberships",
  "transfers",
  "team_claims",
  "profile_changes",
  "tournament_series",
  "series_roles",
  "templates",
  "tournaments",
  "squads",
  "team_registrations",
  "registrations",
  "placements",
  "news_posts",
  "media_items",
  "notifications",
];

/**
 * Buffers rows per table and inserts them as multi-row INSERTs. Chunks stay under SQLite's
 * 32766 and PostgreSQL's 65535 bound-parameter limits (at most 500 rows, 30000 values).
 * Every row of a table must carry the same keys: Kysely would otherwise emit DEFAULT, which
 * SQLite's VALUES does not accept.
 */
class Writer {
  private buffers = new Map<TableName, object[]>();
  private pending = 0;
  readonly counts = new Map<TableName, number>();
  constructor(private db: Kysely<DB>) {}

  add<T extends TableName>(table: T, row: Insertable<DB[T]>): void {
    let buf = this.buffers.get(table);
    if (!buf) this.buffers.set(table, (buf = []));
    buf.push(row);
    this.pending++;
  }

  /** Flushes once enough rows are waiting, to bound memory at the large scale. */
  async flushIfFull(limit = 20_000): Promise<void> {
    if (this.pending >= limit) await this.flush();
  }

  async flush(): Promise<void> {
    for (const table of WRITE_ORDER) {
      const rows = this.buffers.get(table);
      if (!rows || rows.length === 0) continue;
      const columns = Object.keys(rows[0]!).length;
      const size = Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
      for (let i = 0; i < rows.length; i += size) {
        // The rows were type-checked by add(); a generic table name defeats Kysely's inference.
        await this.db
          .insertInto(table)
          .values(rows.slice(i, i + size) as never)
          .execute();
      }
      this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
      rows.length = 0;
    }
    this.pending = 0;
  }
}

// ---------------------------------------------------------------------------------------
// In-memory model
// ---------------------------------------------------------------------------------------

interface PlayerRec {
  id: number;
  userId: number | null;
  name: string;
  country: string;
  created: number;
  shadow: boolean;
  banned: boolean;
  hidden: boolean;
  switchFc: string | null;
  fc3ds: string | null;
  mktFc: string | null;
  nnid: string | null;
  discord: string | null;
  discordPrivacy: string;
  message: string;
  border: number;
  nameChangedAt: number | null;
  oldName: string | null;
  cats: GameModeKey[];
  demo: boolean;
}

interface MemberRec {
  pid: number;
  joined: number;
  left: number | null;
  leader: boolean;
  manager: boolean;
}

interface TeamRec {
  id: number;
  name: string;
  tag: string;
  color: number;
  cat: GameModeKey;
  created: number;
  status: string;
  historical: boolean;
  shadow: boolean;
  disbandAt: number;
  primary: TeamRec | null;
  recruitment: string;
  language: string;
  languageName: string;
  description: string;
  nameChangedAt: number | null;
  members: MemberRec[];
}

interface UserRec {
  id: number;
  email: string;
  state: string;
  theme: string;
  created: number;
  verifiedAt: number | null;
  playerId: number | null;
}

interface SeriesRec {
  id: number;
  name: string;
  slug: string;
  organizer: string;
  mode: GameModeKey;
  format: 0 | 1 | 2;
  historical: boolean;
  published: boolean;
  era: "mkworld" | "classic" | "any" | "historical";
  titleBase: string;
  location: readonly [string, string] | null;
  templateIds: number[];
}

type TournamentKind = "historical" | "past" | "ongoing" | "upcoming" | "nodate";

interface TournamentRec {
  id: number;
  kind: TournamentKind;
  title: string;
  numbered: boolean;
  start: number | null;
  end: number | null;
  created: number;
  mode: GameModeKey;
  format: 0 | 1 | 2;
  minSize: number;
  maxSize: number;
  organizer: string;
  location: readonly [string, string] | null;
  series: SeriesRec | null;
  templateId: number | null;
  published: boolean;
  featured: boolean;
  registrationsOpen: boolean;
  teamTagRequired: boolean;
  teamNameRequired: boolean;
  hostRequired: boolean;
  miiRequired: boolean;
  miiMax: number;
  checkinRequired: boolean;
  verificationRequired: boolean;
  prValue: number;
}

/** Demo accounts: ids 1–7 in this order (admin is user 1). */
const DEMO_USERS = [
  { email: "admin@example.com", role: "administrate", name: "DemoAdmin", country: "US", theme: "forest", player: true },
  { email: "mod@example.com", role: "moderate", name: "DemoMod", country: "FR", theme: "forest", player: true },
  { email: "event-admin@example.com", role: "event_admin", name: "DemoEventAdmin", country: "GB", theme: "forest", player: true },
  { email: "leader@example.com", role: null, name: "DemoLeader", country: "CA", theme: "forest", player: true },
  { email: "supporter@example.com", role: "supporter", name: "DemoSupporter", country: "JP", theme: "ocean", player: true },
  { email: "player@example.com", role: null, name: "DemoPlayer", country: "DE", theme: "forest", player: true },
  { email: "new@example.com", role: null, name: "", country: "", theme: "forest", player: false },
] as const;

const CATEGORY_WEIGHTS: ReadonlyArray<readonly [GameModeKey, number]> = [
  ["mkworld_150", 36],
  ["mk8dx_150", 34],
  ["mk8dx_200", 12],
  ["mkw_vs_race", 6],
  ["mktour_vs_race", 4],
  ["mk7_vs_race", 3],
  ["mk8u_150", 3],
  ["mk8u_200", 2],
];

// ---------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------

/**
 * Fills an EMPTY database with the demo dataset.
 *
 * - `scale`: 'demo' (about 2,000 players, 200 teams, 80 tournaments; a few seconds) or
 *   'large' (100,000 players, 10,000 teams, 2,000 tournaments, ~500,000 registrations; for
 *   benchmarks, a minute or two on SQLite).
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
  const users = generateUsers(cfg, now, players);
  step(`generated ${players.length} players, ${users.length} accounts`);

  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writePeople(w, cfg, now, opts.passwordHash, players, users);
    await w.flush();
  });
  step("wrote players and accounts");

  const teams = generateTeams(cfg, now, players);
  const transfers = simulateRosters(cfg, now, players, teams);
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeTeams(w, cfg, now, players, users, teams, transfers);
    await w.flush();
  });
  step(`wrote ${teams.length} teams, ${transfers.length} transfers`);

  const series = generateSeries(now);
  const tournaments = generateTournaments(cfg, now, series);
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeSeries(w, now, series, users);
    for (const t of tournaments) w.add("tournaments", tournamentRow(t));
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
    writeNotifications(w, now, tournaments, teams, players, users);
    await w.flush();
  });

  if (database.dialect === "postgres") await resetSequences(database);
  step("done");
}

/** Moves each serial sequence past the explicit ids we inserted, so app inserts do not collide. */
async function resetSequences(database: Database): Promise<void> {
  for (const table of WRITE_ORDER) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      database.db,
    );
  }
}
