import { GAME_MODES, GAMES, type GameModeKey, LANGUAGES, TEAM_CATEGORY_KEYS, THEMES } from "@site/contract";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../db/database.js";
import type { DB } from "../db/schema.js";
import { seedTeamRegistrationDemo } from "./demo-team-registrations.js";

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
    shadowPlayers: 24,
    hiddenPlayers: 12,
    bannedPlayers: 10,
    extraSupporters: 8,
    teams: 200,
    historicalTeams: 15,
    shadowTeams: 2,
    rosterMin: 4,
    rosterMax: 10,
    transferTracking: 0.12,
    pendingInvites: 8,
    pendingProfileChanges: 7,
    pendingClaims: 3,
    tournaments: { historical: 12, noDate: 3, ongoing: 3, upcoming: 10, unpublished: 5, total: 80 },
    entrantScale: 1,
  },
  large: {
    players: 100_000,
    shadowPlayers: 1200,
    hiddenPlayers: 600,
    bannedPlayers: 500,
    extraSupporters: 300,
    teams: 10_000,
    historicalTeams: 750,
    shadowTeams: 60,
    rosterMin: 4,
    rosterMax: 11,
    transferTracking: 0.24,
    pendingInvites: 300,
    pendingProfileChanges: 120,
    pendingClaims: 40,
    tournaments: { historical: 150, noDate: 6, ongoing: 30, upcoming: 150, unpublished: 60, total: 2000 },
    entrantScale: 3.95,
  },
};

// ---------------------------------------------------------------------------------------
// Batched writes
// ---------------------------------------------------------------------------------------

type TableName = keyof DB & string;

// FK order: a flush writes parents before children so one buffer can hold both.
// prettier-ignore
const WRITE_ORDER: TableName[] = [
  "users", "user_roles", "players", "friend_code_history", "player_bans", "name_history", "teams", "team_memberships",
  "transfers", "team_claims", "profile_changes", "tournament_series", "series_roles", "templates", "tournaments", "squads",
  "team_registrations", "registrations", "placements", "news_posts", "media_items", "notifications",
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
    writePeople(w, now, opts.passwordHash, players, people);
    await w.flush();
  });
  step("wrote players and accounts");

  const teams = generateTeams(cfg, now);
  const transfers = simulateRosters(cfg, now, players, teams);
  await db.transaction().execute(async (trx) => {
    const w = new Writer(trx);
    writeTeams(w, cfg, now, players, people, teams, transfers);
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

// ---------------------------------------------------------------------------------------
// Players and accounts
// ---------------------------------------------------------------------------------------

/** Unique-ish gamer handles (at most 20 characters); `used` holds lower-cased names. */
function makeHandle(rng: Rng, country: string, used: Set<string>): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const r = rng.next();
    let name: string;
    if (r < 0.26) name = rng.pick(HANDLE_PREFIXES) + rng.pick(HANDLE_NOUNS);
    else if (r < 0.34) name = `${rng.pick(HANDLE_PREFIXES)} ${rng.pick(HANDLE_NOUNS)}`;
    else if (r < 0.54) {
      const n = rng.int(2, 3);
      let s = "";
      for (let i = 0; i < n; i++) s += rng.pick(SYLLABLES);
      name = s.charAt(0).toUpperCase() + s.slice(1);
    } else if (r < 0.74) {
      const first = rng.pick(FIRST_NAMES[COUNTRY_REGION[country] ?? "en"]!);
      name = first + rng.pick(["", "", "MK", "_MK", ".", "_", "TV", "Kart", String(rng.int(1, 99))]);
    } else if (r < 0.92) name = rng.pick(HANDLE_NOUNS) + rng.pick(["", "_"]) + String(rng.int(1, 999));
    else {
      const noun = rng.pick(HANDLE_NOUNS);
      name = rng.pick([`xX${noun}Xx`, `ii${noun}`, `${noun.toLowerCase()}_`, `The${noun}`, `${noun}Main`]);
    }
    // Later attempts add digits so the loop ends even with many players.
    if (attempt >= 4 || rng.chance(0.08)) name += rng.digits(attempt >= 8 ? 4 : 2);
    name = name.slice(0, 20);
    const key = name.toLowerCase();
    if (name.length >= 2 && !used.has(key)) {
      used.add(key);
      return name;
    }
  }
  let name: string;
  do name = `Racer${rng.digits(8)}`;
  while (used.has(name.toLowerCase()));
  used.add(name.toLowerCase());
  return name;
}

/** A Switch/3DS/MKT friend code, normalized without prefix: 1234-5678-9012, unique. */
function makeFriendCode(rng: Rng, used: Set<string>): string {
  let fc: string;
  do fc = `${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`;
  while (used.has(fc));
  used.add(fc);
  return fc;
}

function slugify(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();
}

function makeDiscord(rng: Rng, name: string): string {
  const base = slugify(name) || "racer";
  if (rng.chance(0.2)) return `${name.replace(/\s+/g, "")}#${rng.digits(4)}`.slice(0, 37);
  return (base + rng.pick(["", "", "_", ".", "_mk", String(rng.int(1, 99))])).slice(0, 32);
}

function generatePlayers(cfg: ScaleConfig, now: number): PlayerRec[] {
  const rng = new Rng("players");
  const n = cfg.players;
  const mkworldEra = now - 520 * DAY;
  const created: number[] = [];
  for (let i = 0; i < n; i++) {
    // Steady growth over six years plus a Mario Kart World boom in the last ~17 months.
    created.push(rng.chance(0.25) ? rng.time(mkworldEra, now - 10 * MIN) : rng.time(now - 6 * YEAR, now - 10 * MIN));
  }
  created.sort((a, b) => a - b);

  const demoIndex = new Map<number, number>();
  [0.02, 0.05, 0.1, 0.3, 0.4, 0.7].forEach((f, k) => demoIndex.set(Math.floor(n * f), k));

  const flags = new Rng("player-flags");
  const others = flags.shuffle([...Array(n).keys()].filter((i) => !demoIndex.has(i)));
  const shadow = new Set(others.slice(0, cfg.shadowPlayers));
  const hidden = new Set(others.slice(cfg.shadowPlayers, cfg.shadowPlayers + cfg.hiddenPlayers));
  const banned = new Set(others.slice(cfg.shadowPlayers + cfg.hiddenPlayers, cfg.shadowPlayers + cfg.hiddenPlayers + cfg.bannedPlayers));

  const usedNames = new Set<string>(DEMO_USERS.map((d) => d.name.toLowerCase()));
  const usedFcs = new Set<string>();
  const players: PlayerRec[] = [];
  for (let i = 0; i < n; i++) {
    const demoK = demoIndex.get(i);
    const demo = demoK === undefined ? null : DEMO_USERS[demoK]!;
    const country = demo ? demo.country : rng.weighted(COUNTRY_WEIGHTS);
    const name = demo ? demo.name : makeHandle(rng, country, usedNames);
    const isShadow = shadow.has(i);
    const primary = rng.weighted(CATEGORY_WEIGHTS);
    const cats: GameModeKey[] = [primary];
    if (rng.chance(0.35)) {
      const second = rng.weighted(CATEGORY_WEIGHTS);
      if (second !== primary) cats.push(second);
    }
    const p: PlayerRec = {
      id: i + 1,
      userId: null,
      name,
      country,
      created: created[i]!,
      shadow: isShadow,
      banned: banned.has(i),
      hidden: hidden.has(i),
      switchFc: demo || rng.chance(isShadow ? 0.5 : 0.82) ? makeFriendCode(rng, usedFcs) : null,
      fc3ds: !isShadow && rng.chance(0.1) ? makeFriendCode(rng, usedFcs) : null,
      mktFc: !isShadow && rng.chance(0.08) ? makeFriendCode(rng, usedFcs) : null,
      nnid: !isShadow && rng.chance(0.06) ? (slugify(name).slice(0, 12) || "racer") + rng.digits(rng.int(0, 4)) : null,
      discord: demo ? slugify(name) : isShadow || rng.chance(0.2) ? null : makeDiscord(rng, name),
      discordPrivacy: rng.chance(0.15) ? "private" : "public",
      message: demo ? `Demo account (${demo.email}).` : rng.chance(0.25) ? rng.pick(PROFILE_MESSAGES) : "",
      border: 60,
      nameChangedAt: null,
      oldName: null,
      cats,
      demo: demo !== null,
    };
    if (!demo && !isShadow && rng.chance(0.07)) {
      p.nameChangedAt = rng.time(p.created, now);
      p.oldName = makeHandle(rng, country, usedNames);
    }
    players.push(p);
  }
  return players;
}

interface People {
  users: UserRec[];
  roles: Array<{ userId: number; role: string; created: number }>;
}

function generateUsers(cfg: ScaleConfig, now: number, players: PlayerRec[]): People {
  const rng = new Rng("users");
  const demoPlayers = players.filter((p) => p.demo);
  const users: UserRec[] = [];
  const roles: People["roles"] = [];
  DEMO_USERS.forEach((d, k) => {
    const player = d.player ? demoPlayers[k]! : null;
    const created = player ? player.created - rng.time(MIN, HOUR) : now - 3 * DAY;
    users.push({
      id: k + 1,
      email: d.email,
      state: "active",
      theme: d.theme,
      created,
      verifiedAt: created + 5 * MIN,
      playerId: player?.id ?? null,
    });
    if (player) player.userId = k + 1;
    if (d.role) roles.push({ userId: k + 1, role: d.role, created: created + DAY });
  });
  demoPlayers[4]!.border = 45;

  // Every registry player except shadow players has an account (a shadow player is exactly
  // a registry entry without one); banned players' accounts are banned too.
  const candidates = players.filter((p) => !p.demo && !p.shadow);
  candidates.sort((a, b) => a.created - b.created);
  for (const p of candidates) {
    const id = users.length + 1;
    const state: UserRec["state"] = p.banned
      ? "banned"
      : rng.weighted([
          ["active", 94],
          ["pending_email", 4],
          ["inactive", 2],
        ] as const);
    const created = p.created - rng.time(MIN, 2 * HOUR);
    users.push({
      id,
      email: `${slugify(p.name) || "racer"}.${id}@example.org`,
      state,
      theme: rng.chance(0.8) ? "forest" : rng.pick(THEMES),
      created,
      verifiedAt: state === "pending_email" ? null : created + rng.time(MIN, DAY),
      playerId: p.id,
    });
    p.userId = id;
  }

  // Some more staff and supporters among the ordinary accounts, as on the real site.
  const active = users.filter((u) => u.id > DEMO_USERS.length && u.state === "active" && u.playerId !== null);
  const picked = rng.shuffle([...active]);
  picked.slice(0, cfg.extraSupporters).forEach((u) => {
    roles.push({ userId: u.id, role: "supporter", created: rng.time(u.created, now) });
    players[u.playerId! - 1]!.border = rng.int(41, 60);
  });
  const staff = picked.slice(cfg.extraSupporters, cfg.extraSupporters + 3);
  staff.forEach((u, i) => roles.push({ userId: u.id, role: i === 2 ? "moderate" : "event_mod", created: rng.time(u.created, now) }));
  return { users, roles };
}

function writePeople(w: Writer, now: number, passwordHash: string, players: PlayerRec[], people: People): void {
  const rng = new Rng("people-rows");
  for (const u of people.users) {
    w.add("users", {
      id: u.id,
      email: u.email,
      password_hash: passwordHash,
      state: u.state,
      site_theme: u.theme,
      created_at: u.created,
      email_verified_at: u.verifiedAt,
    });
  }
  people.roles.forEach((r, i) => w.add("user_roles", { id: i + 1, user_id: r.userId, role: r.role, created_at: r.created }));

  let fcId = 0;
  let banId = 0;
  let historyId = 0;
  for (const p of players) {
    w.add("players", {
      id: p.id,
      user_id: p.userId,
      display_name: p.name,
      country_code: p.country,
      discord_tag: p.discord,
      discord_privacy: p.discordPrivacy,
      switch_fc: p.switchFc,
      fc_3ds: p.fc3ds,
      mktour_fc: p.mktFc,
      nnid: p.nnid,
      profile_message: p.message,
      border_color: p.border,
      background_upload_id: null,
      is_hidden: p.hidden ? 1 : 0,
      is_shadow: p.shadow ? 1 : 0,
      is_banned: p.banned ? 1 : 0,
      created_at: p.created,
      name_changed_at: p.nameChangedAt,
    });
    const codes: Array<[string, string | null]> = [
      ["switch", p.switchFc],
      ["3ds", p.fc3ds],
      ["mktour", p.mktFc],
      ["nnid", p.nnid],
    ];
    for (const [type, fc] of codes) {
      if (fc) w.add("friend_code_history", { id: ++fcId, player_id: p.id, fc_type: type, fc, created_at: p.created });
    }
    if (p.banned) {
      const created = rng.time(p.created, now);
      w.add("player_bans", {
        id: ++banId,
        player_id: p.id,
        reason: rng.pick(BAN_REASONS),
        banned_by_user_id: 2,
        created_at: created,
        // Either indefinite or ending in the future: an expired ban would not keep is_banned set.
        ends_at: rng.chance(0.6) ? null : Math.max(created + rng.int(30, 365) * DAY, now + rng.int(7, 200) * DAY),
        lifted_at: null,
      });
    }
    if (p.oldName && p.nameChangedAt) {
      w.add("name_history", {
        id: ++historyId,
        table_name: "players",
        field_name: "display_name",
        row_id: p.id,
        from_value: p.oldName,
        to_value: p.name,
        changed_at: p.nameChangedAt,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------
// Teams, rosters and transfers
// ---------------------------------------------------------------------------------------

function makeTeamName(rng: Rng, used: Set<string>): string {
  for (let attempt = 0; attempt < 24; attempt++) {
    const r = rng.next();
    let name: string;
    if (r < 0.38) name = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)}`;
    else if (r < 0.5) name = `Team ${rng.pick([...TEAM_SINGLE_WORDS, ...TEAM_NOUNS])}`;
    else if (r < 0.72) name = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)} ${rng.pick(TEAM_SUFFIXES)}`;
    else if (r < 0.86) name = rng.pick(TEAM_SINGLE_WORDS) + (rng.chance(0.6) ? ` ${rng.pick(TEAM_SUFFIXES)}` : "");
    else name = `${rng.pick(CITIES)} ${rng.pick(TEAM_NOUNS)}`;
    if (name.length <= 35 && !used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
  // The word lists hold ~15,000 names; beyond that a generation suffix keeps names unique.
  const base = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)}`;
  for (let k = 2; ; k++) {
    const name = `${base} ${k}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}

/** A tag of at most 5 characters derived from the name, unique within `scope` (a category). */
function makeTag(rng: Rng, name: string, used: Set<string>, scope: string): string {
  const words = name.split(/\s+/).filter((w) => w !== "Team" && !/^\d+$/.test(w));
  const clean = (s: string) => s.normalize("NFD").replace(/[^A-Za-z0-9]/g, "");
  const options: string[] = [];
  if (words.length >= 2)
    options.push(
      words
        .map((w) => clean(w).charAt(0).toUpperCase())
        .join("")
        .slice(0, 5),
    );
  const first = clean(words[0] ?? name);
  options.push(
    first.slice(0, 3).toUpperCase(),
    first.slice(0, 4),
    first.slice(0, 2).toUpperCase() + (clean(words[1] ?? "").charAt(0) || ""),
  );
  for (const o of rng.shuffle(options)) {
    if (o.length >= 1 && !used.has(`${scope}|${o.toLowerCase()}`)) {
      used.add(`${scope}|${o.toLowerCase()}`);
      return o;
    }
  }
  const stem = (options[0] ?? "T").slice(0, 3);
  for (let k = 1; ; k++) {
    const tag = `${stem}${k}`.slice(0, 5);
    if (!used.has(`${scope}|${tag.toLowerCase()}`)) {
      used.add(`${scope}|${tag.toLowerCase()}`);
      return tag;
    }
  }
}

const OTHER_LANGUAGE_NAMES = ["Japanese", "Italian", "Dutch", "Korean", "Polish", "Swedish"];

function generateTeams(cfg: ScaleConfig, now: number): TeamRec[] {
  const rng = new Rng("teams");
  const mkworldEra = now - 520 * DAY;
  const names = new Set<string>();
  const tags = new Set<string>();
  const baseCount = Math.round(cfg.teams * 0.92);
  const teams: TeamRec[] = [];
  for (let i = 0; i < baseCount; i++) {
    const cat = rng.weighted(CATEGORY_WEIGHTS);
    const name = makeTeamName(rng, names);
    const language = rng.weighted<string>([
      ["en", 55],
      ["fr", 12],
      ["es", 10],
      ["de", 6],
      ["pt", 4],
      ["other", 5],
      ["", 8],
    ]);
    teams.push({
      id: 0,
      name,
      tag: makeTag(rng, name, tags, cat),
      color: rng.int(1, 40),
      cat,
      // Older games' teams mostly formed in their heyday, years ago.
      created:
        cat === "mkworld_150"
          ? rng.time(mkworldEra, now - HOUR)
          : now - 6 * YEAR + Math.floor((6 * YEAR - HOUR) * Math.pow(rng.next(), 1.5)),
      status: "approved",
      historical: false,
      shadow: false,
      disbandAt: 0,
      primary: null,
      recruitment: rng.weighted([
        ["recruiting", 50],
        ["invite_only", 25],
        ["closed", 25],
      ] as const),
      language,
      languageName: language === "other" ? rng.pick(OTHER_LANGUAGE_NAMES) : language ? LANGUAGES[language as keyof typeof LANGUAGES] : "",
      description: rng.chance(0.75) ? rng.pick(TEAM_DESCRIPTIONS)(name) : "",
      nameChangedAt: null,
      members: [],
    });
  }
  // Statuses: new teams wait for approval; a few were turned down.
  const order = rng.shuffle([...teams]);
  const unapproved = Math.round(baseCount * 0.06);
  const disapproved = Math.round(baseCount * 0.03);
  order.slice(0, unapproved).forEach((t) => {
    t.status = "unapproved";
    t.created = now - rng.time(HOUR, 21 * DAY);
  });
  order.slice(unapproved, unapproved + disapproved).forEach((t) => {
    t.status = "disapproved";
    t.created = now - rng.time(5 * DAY, 120 * DAY);
  });
  const rest = order.slice(unapproved + disapproved);
  const oldEnough = rest.filter((t) => t.cat !== "mkworld_150" && t.created < now - 400 * DAY);
  oldEnough.slice(0, cfg.historicalTeams).forEach((t) => {
    t.historical = true;
    t.recruitment = "closed";
    t.disbandAt = rng.time(t.created + 180 * DAY, now - 60 * DAY);
  });
  rest
    .filter((t) => !t.historical)
    .slice(0, cfg.shadowTeams)
    .forEach((t) => (t.shadow = true));
  for (const t of rest) if (!t.historical && rng.chance(0.05)) t.nameChangedAt = rng.time(t.created, now);

  // Organisations: sister teams in other categories share name, tag and colour and point at
  // the primary team. They are created later, so the primary always has the lower id.
  const primaries = rest.filter((t) => !t.historical && !t.shadow);
  const orgCats = new Map<TeamRec, Set<GameModeKey>>();
  for (let made = 0, guard = 0; made < cfg.teams - baseCount && guard < cfg.teams * 20; guard++) {
    const p = rng.pick(primaries);
    const cats = orgCats.get(p) ?? new Set([p.cat]);
    const cat = rng.weighted(CATEGORY_WEIGHTS);
    if (cats.has(cat)) continue;
    const lo = Math.max(p.created + DAY, cat === "mkworld_150" ? mkworldEra : 0);
    if (lo >= now - HOUR) continue;
    cats.add(cat);
    orgCats.set(p, cats);
    teams.push({
      ...p,
      cat,
      created: rng.time(lo, now - HOUR),
      primary: p,
      nameChangedAt: null,
      members: [],
      description: p.description,
    });
    made++;
  }
  teams.sort((a, b) => a.created - b.created);
  teams.forEach((t, i) => (t.id = i + 1));
  return teams;
}

interface TransferRec {
  pid: number;
  from: TeamRec | null;
  to: TeamRec | null;
  cat: GameModeKey;
  at: number;
  status: string;
  decidedAt: number | null;
}

/** Demo players in DEMO_USERS order (admin, mod, event admin, leader, supporter, player). */
function demoPlayers(players: PlayerRec[]): PlayerRec[] {
  return players.filter((p) => p.demo);
}

/** The team the leader@ account leads (an approved Mario Kart World team). */
function leaderTeamOf(teams: TeamRec[], players: PlayerRec[]): TeamRec {
  const leader = demoPlayers(players)[3]!;
  const options = teams.filter(
    (t) => t.cat === "mkworld_150" && t.status === "approved" && !t.historical && !t.shadow && !t.primary && t.created > leader.created,
  );
  return options[Math.floor(options.length / 3)] ?? teams.find((t) => t.status === "approved" && !t.historical)!;
}

/**
 * Builds every roster over time and returns the transfer history that matches it: each
 * accepted transfer's from-team membership ends (left_at) and its to-team membership starts
 * (joined_at) at the transfer's created_at. A player has at most one active membership per
 * category, and stints of one player in one category never overlap.
 */
function simulateRosters(cfg: ScaleConfig, now: number, players: PlayerRec[], teams: TeamRec[]): TransferRec[] {
  const rng = new Rng("rosters");
  const events: TransferRec[] = [];
  const demo = demoPlayers(players);
  const leaderTeam = leaderTeamOf(teams, players);
  const pickTeam = (cat: GameModeKey, not: TeamRec[]) =>
    teams.find(
      (t) => t.cat === cat && t.status === "approved" && !t.historical && !t.shadow && !not.includes(t) && t.created < now - 30 * DAY,
    );
  const forced = new Map<TeamRec, Array<{ p: PlayerRec; leader: boolean }>>();
  const force = (t: TeamRec | undefined, p: PlayerRec, leader: boolean) => {
    if (t) forced.set(t, [...(forced.get(t) ?? []), { p, leader }]);
  };
  force(leaderTeam, demo[3]!, true);
  force(pickTeam("mkworld_150", [leaderTeam]), demo[4]!, false);
  force(pickTeam("mk8dx_150", []), demo[5]!, false);
  force(pickTeam("mk8dx_200", []), demo[0]!, false);

  const shadowPool = rng.shuffle(players.filter((p) => p.shadow));
  let shadowCursor = 0;

  for (const cat of TEAM_CATEGORY_KEYS) {
    const catTeams = teams.filter((t) => t.cat === cat);
    const movable = catTeams.filter((t) => t.status === "approved" && !t.historical && !t.shadow);
    const active = new Set<number>();
    const firstStart = new Map<number, number>();
    // Demo players only join the teams chosen for them above, so their profiles stay predictable.
    const pool = rng.shuffle(players.filter((p) => !p.shadow && !p.banned && !p.demo && p.cats.includes(cat)));
    let cursor = 0;

    for (const team of catTeams) {
      if (team.historical) continue;
      const size = team.shadow
        ? rng.int(2, 5)
        : team.status === "approved"
          ? rng.int(cfg.rosterMin, cfg.rosterMax)
          : team.status === "unapproved"
            ? rng.int(1, 3)
            : 1;
      // Forced leaders first (founders), forced plain members after the founder.
      const forcedHere = forced.get(team) ?? [];
      const chosen = forcedHere.filter((f) => f.leader);
      const forcedMembers = forcedHere.filter((f) => !f.leader);
      while (chosen.length < size - forcedMembers.length) {
        if (team.shadow) {
          const p = shadowPool[shadowCursor++ % Math.max(1, shadowPool.length)];
          if (!p || active.has(p.id)) break;
          chosen.push({ p, leader: chosen.length === 0 });
          continue;
        }
        if (cursor >= pool.length) break;
        // The founder should predate the team, and most of a roster should have been around
        // when it formed (otherwise old teams had no roster in old team tournaments).
        if (chosen.length === 0 || rng.chance(0.8)) {
          const before = chosen.length === 0 ? team.created : team.created + 30 * DAY;
          for (let j = cursor; j < Math.min(pool.length, cursor + 80); j++) {
            if (pool[j]!.created < before) {
              [pool[cursor], pool[j]] = [pool[j]!, pool[cursor]!];
              break;
            }
          }
        }
        chosen.push({ p: pool[cursor++]!, leader: chosen.length === 0 });
      }
      chosen.push(...forcedMembers);
      if (chosen.length > 2 && !chosen.some((c, i) => i > 0 && c.leader) && !chosen[1]!.p.demo && rng.chance(0.35)) {
        chosen[1]!.leader = true;
      }
      const managerIndex = chosen.length > 3 && rng.chance(0.15) ? chosen.length - 1 : -1;

      chosen.forEach(({ p, leader }, i) => {
        active.add(p.id);
        const founder = i === 0 && p.created < team.created;
        const base = Math.min(Math.max(team.created, p.created) + rng.int(1, 72) * HOUR, now - MIN);
        let joined: number;
        const r = rng.next();
        if (founder) joined = team.created;
        // Most of a roster forms in the team's first weeks; the rest trickles in since,
        // with a few arrivals in the last weeks (the recent transfers).
        else if (r < 0.55) joined = Math.min(base + rng.time(0, 45 * DAY), now - MIN);
        else if (r < 0.58) joined = Math.max(base, now - rng.time(HOUR, 40 * DAY));
        else joined = Math.floor(base + (now - MIN - base) * rng.next());
        team.members.push({ pid: p.id, joined, left: null, leader, manager: i === managerIndex });
        if (team.shadow) return;

        // Earlier teams of this player in this category, newest first.
        let cur = team;
        let curStart = joined;
        for (let depth = 0; depth < 3 && !p.demo && rng.chance(depth === 0 ? 0.35 : 0.25); depth++) {
          const latest = curStart - 14 * DAY;
          let prev: TeamRec | undefined;
          for (let tries = 0; tries < 6 && !prev; tries++) {
            const c = movable[Math.floor(rng.next() * movable.length)];
            if (c && c !== cur && c.created < latest - DAY && Math.max(c.created, p.created) < latest) prev = c;
          }
          if (!prev) break;
          const start = rng.time(Math.max(prev.created, p.created), latest);
          prev.members.push({ pid: p.id, joined: start, left: curStart, leader: false, manager: false });
          events.push({ pid: p.id, from: prev, to: cur, cat, at: curStart, status: "accepted", decidedAt: curStart });
          cur = prev;
          curStart = start;
        }
        if (!(founder && cur === team))
          events.push({ pid: p.id, from: null, to: cur, cat, at: curStart, status: "accepted", decidedAt: curStart });
        firstStart.set(p.id, curStart);
      });
    }

    // Free agents: played for a team, left, teamless now (some left in the last weeks).
    const freeAgents = Math.round(active.size * 0.15);
    for (let k = 0; k < freeAgents && cursor < pool.length; k++) {
      const p = pool[cursor++]!;
      const t = movable[Math.floor(rng.next() * movable.length)];
      if (!t) break;
      const lo = Math.max(t.created, p.created);
      if (lo > now - 10 * DAY) continue;
      const joined = rng.time(lo, now - 9 * DAY);
      const left = rng.chance(0.15) ? rng.time(Math.max(joined + DAY, now - 30 * DAY), now - HOUR) : rng.time(joined + DAY, now - HOUR);
      t.members.push({ pid: p.id, joined, left, leader: false, manager: false });
      events.push({ pid: p.id, from: null, to: t, cat, at: joined, status: "accepted", decidedAt: joined });
      events.push({ pid: p.id, from: t, to: null, cat, at: left, status: "accepted", decidedAt: left });
      firstStart.set(p.id, joined);
    }

    // Historical teams: whole rosters that ended when the team disbanded, before the
    // members' later careers in this category began.
    for (const team of catTeams) {
      if (!team.historical) continue;
      const size = rng.int(4, 8);
      const end = team.disbandAt;
      for (let tries = 0; tries < 80 && team.members.length < size && pool.length > 0; tries++) {
        const p = pool[Math.floor(rng.next() * pool.length)]!;
        const fs = firstStart.get(p.id);
        if ((fs !== undefined && fs <= end + DAY) || p.created >= end - 30 * DAY) continue;
        const lo = Math.max(team.created, p.created);
        if (lo >= end - 7 * DAY) continue;
        const founder = team.members.length === 0 && p.created < team.created;
        const joined = founder ? team.created : rng.time(lo, end - 7 * DAY);
        team.members.push({ pid: p.id, joined, left: end, leader: team.members.length === 0, manager: false });
        if (!founder) events.push({ pid: p.id, from: null, to: team, cat, at: joined, status: "accepted", decidedAt: joined });
        events.push({ pid: p.id, from: team, to: null, cat, at: end, status: "accepted", decidedAt: end });
        firstStart.set(p.id, joined);
      }
    }

    // Invitations not answered yet, and a few old declined or cancelled ones.
    const invites = Math.max(1, Math.round((cfg.pendingInvites * catTeams.length) / teams.length));
    for (let k = 0; k < invites * 3; k++) {
      const p = pool[Math.floor(rng.next() * pool.length)];
      const t = movable[Math.floor(rng.next() * movable.length)];
      if (!p || !t || active.has(p.id)) continue;
      if (k < invites)
        events.push({ pid: p.id, from: null, to: t, cat, at: now - rng.time(HOUR, 6 * DAY), status: "invited", decidedAt: null });
      else {
        const at = now - rng.time(7 * DAY, YEAR);
        if (at < Math.max(t.created, p.created)) continue;
        events.push({
          pid: p.id,
          from: null,
          to: t,
          cat,
          at,
          status: rng.chance(0.6) ? "declined" : "cancelled",
          decidedAt: at + rng.time(HOUR, 3 * DAY),
        });
      }
    }
  }
  // player@ has an open invitation from leader@'s team, so the demo can accept one.
  events.push({ pid: demo[5]!.id, from: null, to: leaderTeam, cat: leaderTeam.cat, at: now - 2 * DAY, status: "invited", decidedAt: null });

  // Only part of the moves are on record (the old site logged few of them), recent ones more.
  const trackRng = new Rng("transfer-tracking");
  const kept = events.filter((e) => {
    if (e.status !== "accepted") return true;
    if (e.at >= now - 60 * DAY) return trackRng.chance(0.5);
    return trackRng.chance(e.at >= now - YEAR ? Math.min(1, cfg.transferTracking * 2.5) : cfg.transferTracking);
  });
  kept.sort((a, b) => a.at - b.at);
  return kept;
}

function writeTeams(
  w: Writer,
  cfg: ScaleConfig,
  now: number,
  players: PlayerRec[],
  people: People,
  teams: TeamRec[],
  transfers: TransferRec[],
): void {
  const rng = new Rng("team-rows");
  const usedNames = new Set<string>();
  let historyId = players.filter((p) => p.oldName).length;
  for (const t of teams) {
    w.add("teams", {
      id: t.id,
      team_name: t.name,
      team_tag: t.tag,
      team_color: t.color,
      logo_upload_id: null,
      recruitment_status: t.recruitment,
      team_description: t.description,
      main_language: t.language,
      language_name: t.languageName,
      category: t.cat,
      primary_team_id: t.primary?.id ?? null,
      team_status: t.status,
      is_historical: t.historical ? 1 : 0,
      is_shadow: t.shadow ? 1 : 0,
      created_at: t.created,
      name_changed_at: t.nameChangedAt,
    });
    if (t.nameChangedAt) {
      w.add("name_history", {
        id: ++historyId,
        table_name: "teams",
        field_name: "team_name",
        row_id: t.id,
        from_value: makeTeamName(rng, usedNames),
        to_value: t.name,
        changed_at: t.nameChangedAt,
      });
    }
  }
  const memberships = teams.flatMap((t) => t.members.map((m) => ({ team: t, m })));
  memberships.sort((a, b) => a.m.joined - b.m.joined);
  memberships.forEach(({ team, m }, i) =>
    w.add("team_memberships", {
      id: i + 1,
      team_id: team.id,
      player_id: m.pid,
      is_leader: m.leader ? 1 : 0,
      is_manager: m.manager ? 1 : 0,
      joined_at: m.joined,
      left_at: m.left,
    }),
  );
  transfers.forEach((e, i) =>
    w.add("transfers", {
      id: i + 1,
      player_id: e.pid,
      from_team_id: e.from?.id ?? null,
      to_team_id: e.to?.id ?? null,
      category: e.cat,
      status: e.status,
      created_at: e.at,
      decided_at: e.decidedAt,
    }),
  );

  // Claims on historical teams (someone wants to revive the old team).
  const accounts = people.users.filter((u) => u.id > DEMO_USERS.length && u.state === "active");
  const historical = teams.filter((t) => t.historical);
  for (let i = 0; i < Math.min(cfg.pendingClaims, historical.length); i++) {
    w.add("team_claims", {
      id: i + 1,
      team_id: rng.pick(historical).id,
      user_id: rng.pick(accounts).id,
      status: "pending",
      created_at: now - rng.time(HOUR, 14 * DAY),
      decided_at: null,
    });
  }

  // Name and tag change requests: pending ones for the moderation queue plus some decided.
  const withAccounts = players.filter((p) => p.userId !== null && !p.demo);
  const leaderUser = new Map<number, number>();
  for (const t of teams) {
    const leader = t.members.find((m) => m.leader && m.left === null);
    const user = leader ? players[leader.pid - 1]?.userId : null;
    if (user) leaderUser.set(t.id, user);
  }
  const ledTeams = teams.filter((t) => leaderUser.has(t.id) && t.status === "approved" && !t.historical);
  let changeId = 0;
  const decided = ["approved", "declined"] as const;
  for (let i = 0; i < cfg.pendingProfileChanges * 2; i++) {
    const pending = i < cfg.pendingProfileChanges;
    const created = pending ? now - rng.time(HOUR, 10 * DAY) : now - rng.time(15 * DAY, YEAR);
    const status = pending ? "pending" : rng.pick(decided);
    const decidedFields = pending
      ? { decided_by_user_id: null, decided_at: null }
      : { decided_by_user_id: 2, decided_at: created + rng.time(HOUR, 3 * DAY) };
    if (i % 2 === 0 || ledTeams.length === 0) {
      const p = rng.pick(withAccounts);
      w.add("profile_changes", {
        id: ++changeId,
        table_name: "players",
        field_name: "display_name",
        row_id: p.id,
        from_value: p.name,
        to_value: makeHandle(rng, p.country, usedNames),
        status,
        requested_by_user_id: p.userId,
        created_at: created,
        ...decidedFields,
      });
    } else {
      const t = rng.pick(ledTeams);
      const tagChange = rng.chance(0.4);
      w.add("profile_changes", {
        id: ++changeId,
        table_name: "teams",
        field_name: tagChange ? "team_tag" : "team_name",
        row_id: t.id,
        from_value: tagChange ? t.tag : t.name,
        to_value: tagChange ? makeTag(rng, makeTeamName(rng, usedNames), new Set(), "x") : makeTeamName(rng, usedNames),
        status,
        requested_by_user_id: leaderUser.get(t.id)!,
        created_at: created,
        ...decidedFields,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------
// Series and tournaments
// ---------------------------------------------------------------------------------------

interface SeriesDef {
  name: string;
  slug: string;
  organizer: "mkc" | "affiliate" | "lan";
  mode: GameModeKey;
  format: 0 | 1 | 2;
  era: SeriesRec["era"];
  titleBase: string;
  aggregation: string;
  finalist: string;
  published: boolean;
  short: string;
}

const SERIES_DEFS: SeriesDef[] = [
  {
    name: "Mario Kart World Open Series",
    slug: "mkworld-open-series",
    organizer: "mkc",
    mode: "mkworld_150",
    format: 1,
    era: "mkworld",
    titleBase: "MKWorld Open Series",
    aggregation: "player_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "The flagship individual series of Mario Kart World: monthly qualifiers and a live final.",
  },
  {
    name: "MKWorld Knockout Cup",
    slug: "knockout-cup",
    organizer: "mkc",
    mode: "mkworld_knockout",
    format: 1,
    era: "mkworld",
    titleBase: "Knockout Cup",
    aggregation: "player_id",
    finalist: "top_2",
    published: true,
    short: "Knockout Tour rallies: 24 racers, one survivor.",
  },
  {
    name: "MK8DX 150cc Squad Series",
    slug: "mk8dx-squad-series",
    organizer: "mkc",
    mode: "mk8dx_150",
    format: 2,
    era: "classic",
    titleBase: "150cc Squad Series",
    aggregation: "squad_name",
    finalist: "top_3_or_finalist",
    published: true,
    short: "Four-player squads racing for the season title in Mario Kart 8 Deluxe.",
  },
  {
    name: "200cc Squad Showdown",
    slug: "200cc-squad-showdown",
    organizer: "mkc",
    mode: "mk8dx_200",
    format: 2,
    era: "any",
    titleBase: "200cc Squad Showdown",
    aggregation: "squad_name",
    finalist: "top_2",
    published: true,
    short: "High-speed squad cups at 200cc. Brake early, brake often.",
  },
  {
    name: "World Cup of Teams",
    slug: "world-cup-of-teams",
    organizer: "mkc",
    mode: "mk8dx_150",
    format: 0,
    era: "classic",
    titleBase: "World Cup of Teams",
    aggregation: "team_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "The biggest team event of the year: groups, then a double-elimination bracket.",
  },
  {
    name: "MKWorld Team League",
    slug: "mkworld-team-league",
    organizer: "mkc",
    mode: "mkworld_150",
    format: 0,
    era: "mkworld",
    titleBase: "MKWorld Team League Season",
    aggregation: "team_id",
    finalist: "top_2",
    published: true,
    short: "Weekly 6v6 wars in divisions, with playoffs at the end of each season.",
  },
  {
    name: "Battle Mode Bonanza",
    slug: "battle-mode-bonanza",
    organizer: "affiliate",
    mode: "mk8dx_battle_shine",
    format: 1,
    era: "classic",
    titleBase: "Battle Mode Bonanza",
    aggregation: "player_id",
    finalist: "none",
    published: false,
    short: "Shine Thief and friends, run by our affiliate battle community.",
  },
  {
    name: "Kart Krew LAN Circuit",
    slug: "kart-krew-lan",
    organizer: "lan",
    mode: "mk8dx_150",
    format: 1,
    era: "any",
    titleBase: "Kart Krew LAN",
    aggregation: "player_id",
    finalist: "top_3_or_finalist",
    published: true,
    short: "In-person events across Europe and North America.",
  },
  {
    name: "Mario Kart Wii Classic Series",
    slug: "mkw-classic",
    organizer: "mkc",
    mode: "mkw_vs_race",
    format: 1,
    era: "historical",
    titleBase: "MKW Classic",
    aggregation: "player_id",
    finalist: "none",
    published: true,
    short: "The Wii-era series, kept for the record.",
  },
  {
    name: "MK8 Legacy League",
    slug: "mk8-legacy-league",
    organizer: "mkc",
    mode: "mk8u_150",
    format: 0,
    era: "historical",
    titleBase: "MK8 Legacy League Season",
    aggregation: "team_id",
    finalist: "top_2",
    published: true,
    short: "Team league of the Wii U days.",
  },
];

interface SeriesFull extends SeriesRec {
  def: SeriesDef;
  templates: Array<{ id: number; name: string }>;
}

/** The ten series with their templates (ids 1..n in definition order). */
function generateSeries(): SeriesFull[] {
  let templateId = 0;
  return SERIES_DEFS.map((def, i) => {
    const names =
      def.format === 0
        ? ["League week", "Playoffs"]
        : def.organizer === "lan"
          ? ["LAN main event", "LAN side event", "Online qualifier"]
          : ["Weekly qualifier", "Final"];
    const templates = names.map((name) => ({ id: ++templateId, name }));
    return {
      id: i + 1,
      name: def.name,
      slug: def.slug,
      organizer: def.organizer,
      mode: def.mode,
      format: def.format,
      historical: def.era === "historical",
      published: def.published,
      era: def.era,
      titleBase: def.titleBase,
      location: def.organizer === "lan" ? LAN_VENUES[0]! : null,
      templateIds: templates.map((t) => t.id),
      def,
      templates,
    };
  });
}

function writeSeries(w: Writer, now: number, series: SeriesFull[], people: People): void {
  const rng = new Rng("series-rows");
  for (const s of series) {
    const d = s.def;
    const created = s.historical ? now - rng.time(7 * YEAR, 9 * YEAR) : now - rng.time(200 * DAY, 3 * YEAR);
    w.add("tournament_series", {
      id: s.id,
      series_name: s.name,
      url_slug: s.slug,
      display_order: s.id * 10,
      logo_upload_id: null,
      organizer: s.organizer,
      location: s.location?.[0] ?? null,
      location_url: s.location?.[1] ?? null,
      game_mode: s.mode,
      default_event_format: s.format,
      short_description: d.short,
      full_description: `## ${s.name}\n\n${d.short}\n\n### Format\n\n${TOURNAMENT_DESCRIPTIONS[s.format === 0 ? "team" : s.format === 1 ? "solo" : "squad"][0]}\n\n### Points\n\nPlacements in each event count towards the series standings; the best players qualify for the final.`,
      aggregation_field: d.aggregation,
      finalist_criteria: d.finalist,
      published: s.published ? 1 : 0,
      historical: s.historical ? 1 : 0,
      created_at: created,
    });
    for (const t of s.templates) {
      const squad = s.format === 2;
      const team = s.format === 0;
      w.add("templates", {
        id: t.id,
        series_id: s.id,
        template_name: t.name,
        tournament_title: `${d.titleBase} #`,
        logo_mode: "default",
        logo_upload_id: null,
        organizer: s.organizer,
        location: s.location?.[0] ?? null,
        game_mode: s.mode,
        event_format: s.format,
        minimum_team_size: team ? 6 : squad ? 2 : 1,
        maximum_team_size: team ? 12 : squad ? 4 : 1,
        team_tag_required: squad ? 1 : 0,
        team_name_required: squad ? 1 : 0,
        player_host_required: team ? 0 : 1,
        player_ign_required: 0,
        pr_value: team ? 20 : 0,
        checkin_required: t.name === "Final" || t.name === "Playoffs" ? 1 : 0,
        checkin_minimum: squad ? 2 : null,
        verification_required: 0,
        description: TOURNAMENT_DESCRIPTIONS[team ? "team" : squad ? "squad" : "solo"][1],
        rules: RULES_TEXT[s.id % RULES_TEXT.length]!,
        post_registration_message: POST_REGISTRATION_MESSAGES[0]!,
        created_at: created + DAY,
      });
    }
  }
  // The event administrator runs two series; a staff member organizes one.
  w.add("series_roles", { id: 1, series_id: 1, user_id: 3, role: "series_admin", created_at: now - 100 * DAY });
  w.add("series_roles", { id: 2, series_id: 5, user_id: 3, role: "series_admin", created_at: now - 300 * DAY });
  const staff = people.users.find((u) => u.id > DEMO_USERS.length && u.state === "active");
  if (staff) w.add("series_roles", { id: 3, series_id: 4, user_id: staff.id, role: "series_mod", created_at: now - 50 * DAY });
}

interface TournamentFull extends TournamentRec {
  description: string;
  rules: string;
  postMessage: string;
  showOnProfiles: boolean;
  seriesStats: boolean;
  override: number | null;
  histCount: number;
  titleBase: string;
}

const SEASONS = ["Winter", "Winter", "Spring", "Spring", "Spring", "Summer", "Summer", "Summer", "Autumn", "Autumn", "Autumn", "Winter"];

function modeFor(rng: Rng, kind: TournamentKind, mkworldEra: boolean): GameModeKey {
  if (kind === "historical") {
    return rng.weighted<GameModeKey>([
      ["mkw_vs_race", 35],
      ["mk8u_150", 30],
      ["mk8u_200", 10],
      ["mk7_vs_race", 15],
      ["mk8dx_150", 10],
    ]);
  }
  if (mkworldEra) {
    return rng.weighted<GameModeKey>([
      ["mkworld_150", 55],
      ["mkworld_knockout", 12],
      ["mk8dx_150", 15],
      ["mk8dx_200", 8],
      ["mk8dx_battle_bobomb", 2],
      ["mk8dx_battle_coin", 2],
      ["mkw_vs_race", 3],
      ["smk_match_race", 1],
      ["switch_other", 2],
    ]);
  }
  return rng.weighted<GameModeKey>([
    ["mk8dx_150", 50],
    ["mk8dx_200", 20],
    ["mk8dx_battle_bobomb", 2],
    ["mk8dx_battle_renegade", 2],
    ["mk8dx_battle_coin", 2],
    ["mk8dx_battle_shine", 2],
    ["mk8dx_mixed", 4],
    ["mkw_vs_race", 8],
    ["mktour_vs_race", 4],
    ["mk7_vs_race", 2],
    ["mk8u_150", 2],
    ["smk_match_race", 1],
    ["switch_other", 1],
  ]);
}

function generateTournaments(cfg: ScaleConfig, now: number, series: SeriesFull[]): TournamentFull[] {
  const rng = new Rng("tournaments");
  const c = cfg.tournaments;
  const mkworldEra = now - 520 * DAY;
  const pastCount = c.total - c.historical - c.noDate - c.ongoing - c.upcoming - 1;
  const kinds: TournamentKind[] = [
    ...Array<TournamentKind>(c.historical).fill("historical"),
    ...Array<TournamentKind>(c.noDate).fill("nodate"),
    ...Array<TournamentKind>(c.ongoing).fill("ongoing"),
    ...Array<TournamentKind>(c.upcoming).fill("upcoming"),
    ...Array<TournamentKind>(pastCount).fill("past"),
  ];
  const list: TournamentFull[] = kinds.map((kind) => makeTournament(rng, kind, now, mkworldEra, series, false));
  // The newest finished tournament feeds the home results panel: a published squad cup of
  // at most four players per squad, so the panel shows member names.
  list.push(makeTournament(rng, "past", now, mkworldEra, series, true));

  // Unpublished drafts: some upcoming, a past one that was never announced, a dateless one.
  const draftable = rng.shuffle(list.filter((t) => !t.featured && t.kind !== "historical"));
  draftable.slice(0, c.unpublished).forEach((t) => {
    t.published = false;
    t.registrationsOpen = false;
  });

  // Ids follow creation time like an autoincrement would; numbers (#n) follow start dates.
  list.sort((a, b) => a.created - b.created);
  list.forEach((t, i) => (t.id = i + 1));
  const counters = new Map<string, number>();
  const uses = new Map<string, number>();
  for (const t of list) uses.set(t.titleBase, (uses.get(t.titleBase) ?? 0) + 1);
  for (const t of [...list].sort((a, b) => (a.start ?? a.created) - (b.start ?? b.created))) {
    // "Nations Cup 2024" stays unnumbered unless two events share the name.
    if (!t.numbered && uses.get(t.titleBase)! < 2) continue;
    const n = (counters.get(t.titleBase) ?? 0) + 1;
    counters.set(t.titleBase, n);
    t.title = t.titleBase.endsWith("Season") ? `${t.titleBase} ${n}` : `${t.titleBase} #${n}`;
  }
  return list;
}

function makeTournament(
  rng: Rng,
  kind: TournamentKind,
  now: number,
  mkworldEraStart: number,
  series: SeriesFull[],
  featured: boolean,
): TournamentFull {
  // Dates first: they decide which games were being played.
  let start: number | null = null;
  if (kind === "historical") start = now - rng.time(6.3 * YEAR, 11 * YEAR);
  else if (kind === "past") start = featured ? now - 2 * DAY - 3 * HOUR : now - 3 * DAY - Math.floor(5 * YEAR * Math.pow(rng.next(), 1.6));
  else if (kind === "upcoming") start = now + rng.time(6 * HOUR, 70 * DAY);
  const inMkworld = start === null ? true : start >= mkworldEraStart;

  // A series, when one fits the era.
  let s: SeriesFull | null = null;
  if (!featured) {
    const fits = series.filter((x) =>
      kind === "historical"
        ? x.era === "historical"
        : x.era === "any" ||
          (x.era === "mkworld" && inMkworld) ||
          (x.era === "classic" && (start === null || start < mkworldEraStart + 60 * DAY)),
    );
    if (fits.length > 0 && kind !== "nodate" && rng.chance(kind === "historical" ? 0.6 : 0.5)) s = rng.pick(fits);
  }

  // A team series does not run before the registry had teams.
  if (s && s.format === 0 && kind !== "historical" && start !== null && start <= now - 4.5 * YEAR) s = null;
  let mode: GameModeKey = featured ? "mkworld_150" : s ? s.mode : modeFor(rng, kind, inMkworld);
  if (s?.organizer === "lan" && inMkworld) mode = "mkworld_150";
  const isCategory = GAME_MODES[mode].category;
  let format: 0 | 1 | 2;
  if (featured) format = 2;
  else if (s) format = s.format;
  else if (kind === "historical") format = isCategory && rng.chance(0.5) ? 0 : 1;
  else if (kind === "nodate") format = 1;
  // Team events need a registry with rosters: none in the first years of the dataset.
  else if (isCategory && start !== null && start > now - 4.5 * YEAR)
    format = rng.weighted<0 | 1 | 2>([
      [1, 40],
      [2, 38],
      [0, 22],
    ]);
  else
    format = rng.weighted<0 | 1 | 2>([
      [1, 60],
      [2, 40],
    ]);

  const organizer = featured
    ? "mkc"
    : s
      ? s.organizer
      : rng.weighted<string>([
          ["mkc", 68],
          ["affiliate", 24],
          ["lan", 8],
        ]);
  const location = organizer === "lan" ? rng.pick(LAN_VENUES) : null;
  const isLeague = format === 0 && rng.chance(0.6);
  let duration: number;
  if (featured) duration = 5 * HOUR;
  else if (organizer === "lan") duration = rng.int(1, 3) * DAY - 10 * HOUR;
  else if (isLeague) duration = rng.int(3, 8) * 7 * DAY;
  else if (rng.chance(0.2)) duration = 2 * DAY;
  else duration = rng.int(3, 6) * HOUR;

  let end: number | null = start === null ? null : start + duration;
  if (kind === "past" && !featured) {
    // Past events must end before the featured one (2 days ago); stretch back from the end.
    end = Math.min(end!, now - 3 * DAY);
    start = Math.min(start!, end - duration);
  }
  if (kind === "ongoing") {
    // Under way right now: started between an hour ago and (almost) its whole duration ago.
    start = now - rng.time(HOUR, Math.min(duration - HOUR, 12 * DAY));
    end = start + duration;
  }

  // Sizes and requirements.
  let minSize = 1;
  let maxSize = 1;
  if (format === 2) {
    maxSize = featured
      ? 4
      : rng.weighted<number>([
          [2, 35],
          [3, 15],
          [4, 30],
          [6, 20],
        ]);
    minSize = featured ? 2 : maxSize <= 2 ? 2 : rng.pick([2, maxSize - 1, maxSize]);
  } else if (format === 0) {
    minSize = rng.weighted<number>([
      [4, 35],
      [5, 35],
      [6, 30],
    ]);
    maxSize = 12;
  }
  const abbrev = GAME_MODES[mode].abbrev;
  const startDate = start === null ? null : new Date(start);
  const season = startDate ? SEASONS[startDate.getUTCMonth()]! : "Open";
  const year = startDate ? startDate.getUTCFullYear() : 0;

  let titleBase: string;
  let numbered = true;
  if (featured) titleBase = `${abbrev} Squad Cup`;
  else if (s) titleBase = s.organizer === "lan" && location ? `${s.titleBase} ${location[0].split(",")[0]}` : s.titleBase;
  else if (kind === "nodate") {
    titleBase = rng.pick([`${abbrev} Ladder`, `${abbrev} Time Trial Challenge`, `${abbrev} Open Lobby Series`]);
  } else if (organizer === "lan" && location) {
    titleBase = `${location[0].split(",")[0]} Kart Open ${year}`;
    numbered = false;
  } else if (!GAME_MODES[mode].category && mode.startsWith("mk8dx_battle")) titleBase = `${abbrev} Battle Royale`;
  else if (format === 1) {
    const r = rng.next();
    if (r < 0.45) titleBase = `${abbrev} ${season} Cup`;
    else if (r < 0.7) titleBase = `${abbrev} Weekly`;
    else if (r < 0.88) titleBase = `${rng.pick(TEAM_ADJECTIVES)} Cup`;
    else {
      titleBase = `${abbrev} Open ${year}`;
      numbered = false;
    }
  } else if (format === 2) {
    const r = rng.next();
    if (r < 0.35) titleBase = `${mode.endsWith("200") ? "200cc" : abbrev} Squad Showdown`;
    else if (r < 0.6) titleBase = `${abbrev} ${maxSize}v${maxSize} Cup`;
    else if (r < 0.8) titleBase = maxSize === 2 ? "Duos Draft" : `${abbrev} Squad Cup`;
    else {
      titleBase = `${season} Squad Clash ${year}`;
      numbered = false;
    }
  } else {
    const r = rng.next();
    if (r < 0.4) titleBase = `${abbrev} Team Cup`;
    else if (r < 0.7) titleBase = isLeague ? "Clan Wars Season" : `${abbrev} War Cup`;
    else {
      titleBase = `Nations Cup ${year}`;
      numbered = false;
    }
  }
  if (kind === "historical" && !s) {
    titleBase = `${abbrev} ${rng.pick(["Invitational", "Championship", "Grand Prix", "Masters"])} ${year}`;
    numbered = false;
  }

  let created: number;
  if (kind === "historical") created = start! - rng.time(14 * DAY, 45 * DAY);
  else if (kind === "nodate") created = now - rng.time(30 * DAY, 2 * YEAR);
  else if (kind === "upcoming") created = Math.min(now - rng.time(HOUR, 40 * DAY), start! - HOUR);
  else created = Math.min(start! - rng.time(7 * DAY, 60 * DAY), now - HOUR);

  const solo = format === 1;
  const teamEvent = format === 0;
  const checkinRequired = !teamEvent && rng.chance(0.35);
  const key = teamEvent ? "team" : solo ? "solo" : "squad";
  const histCount = kind === "historical" ? rng.int(8, 32) : 0;
  return {
    id: 0,
    kind,
    title: titleBase,
    titleBase,
    numbered,
    start,
    end,
    created,
    mode,
    format,
    minSize,
    maxSize,
    organizer,
    location,
    series: s,
    templateId: s && rng.chance(0.6) ? rng.pick(s.templateIds) : null,
    published: true,
    featured,
    registrationsOpen: kind === "nodate" || (kind === "upcoming" && rng.chance(0.9)) || (kind === "ongoing" && isLeague && rng.chance(0.5)),
    teamTagRequired: format === 2 && (featured || rng.chance(0.6)),
    teamNameRequired: format === 2 && rng.chance(0.4),
    hostRequired: !teamEvent && rng.chance(0.35),
    miiRequired: !teamEvent && rng.chance(0.4),
    miiMax: rng.pick([10, 10, 12]),
    checkinRequired,
    verificationRequired: rng.chance(0.08),
    prValue: teamEvent && rng.chance(0.4) ? rng.pick([10, 20, 30, 40]) : 0,
    description: rng.pick(TOURNAMENT_DESCRIPTIONS[key]),
    rules: rng.pick(RULES_TEXT),
    postMessage: rng.pick(POST_REGISTRATION_MESSAGES),
    showOnProfiles: rng.chance(0.97),
    seriesStats: rng.chance(0.95),
    override: kind === "historical" ? histCount + rng.int(0, 40) : null,
    histCount,
  };
}

function tournamentRow(t: TournamentFull, now: number): Insertable<DB["tournaments"]> {
  // Check-in: closed once played; open for events starting within three days (the same rule
  // writeEntries uses to check players in).
  let checkinStatus = 0;
  if (t.checkinRequired && (t.kind === "past" || t.kind === "ongoing" || t.kind === "historical")) checkinStatus = 2;
  else if (t.checkinRequired && t.kind === "upcoming" && t.registrationsOpen && t.start !== null && t.start - now < 3 * DAY)
    checkinStatus = 1;
  return {
    id: t.id,
    title: t.title,
    logo_upload_id: null,
    start_date: t.start,
    end_date: t.end,
    transfer_deadline: t.format === 0 && t.start !== null ? t.start - 2 * DAY : null,
    organizer: t.organizer,
    location: t.location?.[0] ?? null,
    location_url: t.location?.[1] ?? null,
    tournament_series_id: t.series?.id ?? null,
    series_stats_include: t.seriesStats ? 1 : 0,
    template_id: t.templateId,
    game: GAME_MODES[t.mode].game,
    game_mode: t.mode,
    event_format: t.format,
    pr_value: t.prValue,
    minimum_team_size: t.minSize,
    maximum_team_size: t.maxSize,
    team_name_required: t.teamNameRequired ? 1 : 0,
    team_tag_required: t.teamTagRequired ? 1 : 0,
    player_host_required: t.hostRequired ? 1 : 0,
    player_mii_name_required: t.miiRequired ? 1 : 0,
    player_mii_name_max_length: t.miiMax,
    checkin_required: t.checkinRequired ? 1 : 0,
    checkin_status: checkinStatus,
    checkin_minimum: t.checkinRequired ? (t.format === 1 ? 1 : t.minSize) : 0,
    verification_required: t.verificationRequired ? 1 : 0,
    description: t.description,
    rules: t.rules,
    post_registration_message: t.postMessage,
    published: t.published ? 1 : 0,
    registrations_open: t.registrationsOpen ? 1 : 0,
    show_on_profiles: t.showOnProfiles ? 1 : 0,
    is_historical: t.kind === "historical" ? 1 : 0,
    total_registrations_override: t.override,
    created_at: t.created,
  };
}

// ---------------------------------------------------------------------------------------
// Registrations and placements
// ---------------------------------------------------------------------------------------

interface Entrant {
  type: "player" | "squad" | "team";
  id: number;
}

/**
 * Registrations for every dated or dateless tournament, squads and team registrations, and
 * placements for every finished one. Returns the number of registration rows. Streams rows
 * through the writer so the large scale does not hold 500,000 registrations in memory.
 */
async function writeEntries(
  w: Writer,
  cfg: ScaleConfig,
  now: number,
  players: PlayerRec[],
  teams: TeamRec[],
  tournaments: TournamentFull[],
): Promise<number> {
  const rng = new Rng("entries");
  // Players are sorted by creation time, so "players who existed at time x" is a prefix.
  const eligibleCount = (at: number) => {
    let lo = 0;
    let hi = players.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (players[mid]!.created < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const demo = demoPlayers(players);
  const leaderTeam = leaderTeamOf(teams, players);
  const teamsByCat = new Map<string, TeamRec[]>();
  for (const t of teams) {
    if (t.status !== "approved" || t.shadow) continue;
    teamsByCat.set(t.cat, [...(teamsByCat.get(t.cat) ?? []), t]);
  }
  const ids = { reg: 0, squad: 0, teamReg: 0, placement: 0 };
  const forcedDone = { solo: false, squad: false, team: false };

  for (const t of tournaments) {
    if (t.kind === "historical") {
      addHistoricalPlacements(w, rng, t, players, teamsByCat.get(t.mode) ?? [], ids);
      continue;
    }
    const fcType = GAMES_FC[GAME_MODES[t.mode].game];
    const fcOk = (p: PlayerRec) =>
      fcType === null || (fcType === "switch" ? p.switchFc : fcType === "nnid" ? p.nnid : fcType === "3ds" ? p.fc3ds : p.mktFc) !== null;
    const lo = t.kind === "past" || t.kind === "ongoing" ? Math.max(t.created, t.start! - 21 * DAY) : t.created;
    const hi = t.kind === "past" || t.kind === "ongoing" ? Math.min(t.start! - 15 * MIN, now - MIN) : now - MIN;
    const regAt = () => rng.time(lo, Math.max(lo + MIN, hi));
    const taken = new Set<number>();
    const take = (p: PlayerRec) => {
      taken.add(p.id);
      return p;
    };
    const samplePlayer = (at: number): PlayerRec | null => {
      const k = eligibleCount(at);
      for (let tries = 0; tries < 40 && k > 0; tries++) {
        const p = players[Math.floor(rng.next() * k)]!;
        if (taken.has(p.id) || (p.banned && t.kind !== "past")) continue;
        if (p.shadow && !rng.chance(0.1)) continue;
        if (!fcOk(p) && !rng.chance(0.25)) continue;
        return take(p);
      }
      return null;
    };
    const openForDemo = t.kind === "upcoming" && t.published && t.registrationsOpen;
    const checkinOpen = t.checkinRequired && t.kind === "upcoming" && t.registrationsOpen && t.start !== null && t.start - now < 3 * DAY;
    const played = t.kind === "past" || t.kind === "ongoing";
    let factor = 1;
    if (t.kind === "upcoming") factor = t.published ? 0.25 + rng.next() * 0.55 : 0;
    else if (t.kind === "nodate") factor = 0.3;
    const status = () =>
      played
        ? rng.weighted([
            ["registered", 90],
            ["withdrawn", 7],
            ["rejected", 3],
          ] as const)
        : rng.weighted([
            ["registered", 95],
            ["withdrawn", 5],
          ] as const);
    const checkedIn = () => (t.checkinRequired ? (played ? rng.chance(0.88) : checkinOpen && rng.chance(0.4)) : false);
    const verified = () => (t.verificationRequired ? (played || rng.chance(0.6) ? 1 : 0) : 0);
    const mii = (p: PlayerRec, tag: string) =>
      t.miiRequired ? `${tag ? `${tag} ` : ""}${p.name.replace(/\s+/g, "")}`.slice(0, t.miiMax) : null;
    const reg = (
      p: PlayerRec,
      at: number,
      st: string,
      extra: { squad?: number; team?: number; captain?: boolean; rep?: boolean; tag?: string; checked?: boolean },
    ) =>
      w.add("registrations", {
        id: ++ids.reg,
        tournament_id: t.id,
        player_id: p.id,
        status: st,
        squad_id: extra.squad ?? null,
        team_id: extra.team ?? null,
        is_captain: extra.captain ? 1 : 0,
        is_representative: extra.rep ? 1 : 0,
        opted_out: extra.team && rng.chance(0.03) ? 1 : 0,
        mii_name: mii(p, extra.tag ?? ""),
        can_host: t.hostRequired && rng.chance(0.3) ? 1 : 0,
        checked_in: extra.checked ? 1 : 0,
        verified: verified(),
        custom_field: null,
        registered_at: at,
      });
    const entrants: Entrant[] = [];

    if (t.format === 1) {
      const forced = openForDemo && !forcedDone.solo ? [demo[5]!, demo[4]!, demo[3]!] : [];
      if (forced.length) forcedDone.solo = true;
      for (const p of forced) reg(take(p), regAt(), "registered", { checked: checkinOpen });
      const n = Math.round(rng.int(20, 120) * cfg.entrantScale * factor);
      for (let i = 0; i < n; i++) {
        const at = regAt();
        const p = samplePlayer(at);
        if (!p) continue;
        const st = status();
        const checked = checkedIn();
        reg(p, at, st, { checked });
        if (st === "registered" && (!t.checkinRequired || checked)) entrants.push({ type: "player", id: p.id });
      }
    } else if (t.format === 2) {
      const count = t.featured
        ? Math.max(24, Math.round(rng.int(24, 36) * cfg.entrantScale))
        : Math.round(rng.int(10, 36) * cfg.entrantScale * factor);
      for (let s = 0; s < count; s++) {
        const at = regAt();
        const forceDemo = openForDemo && !forcedDone.squad && s === 0;
        const size = rng.chance(0.7) ? t.maxSize : rng.int(t.minSize, t.maxSize);
        const members: PlayerRec[] = forceDemo ? [take(demo[3]!), take(demo[5]!)] : [];
        for (let tries = 0; members.length < size && tries < size * 3; tries++) {
          const p = samplePlayer(at);
          if (p) members.push(p);
        }
        if (forceDemo) forcedDone.squad = true;
        if (members.length < t.minSize) continue;
        const name = t.teamNameRequired || rng.chance(0.5) ? makeTeamName(rng, new Set()).slice(0, 30) : `Squad ${s + 1}`;
        const tag = t.teamTagRequired || rng.chance(0.3) ? makeTag(rng, name, new Set(), "squad") : "";
        const st = forceDemo ? "registered" : status();
        const squadId = ++ids.squad;
        w.add("squads", {
          id: squadId,
          tournament_id: t.id,
          squad_name: name,
          squad_tag: tag,
          squad_color: rng.int(1, 40),
          status: st,
          verified: verified(),
          created_at: at,
        });
        members.forEach((p, i) => {
          // Teammates accept their invitations a little after the captain registers.
          const memberAt = i === 0 ? at : Math.min(at + rng.time(MIN, 2 * DAY), Math.max(at, hi));
          const memberStatus = st === "registered" && !played && i > 0 && !forceDemo && rng.chance(0.05) ? "invited" : st;
          reg(p, memberAt, memberStatus, { squad: squadId, captain: i === 0, tag, checked: st === "registered" && checkedIn() });
        });
        if (st === "registered") entrants.push({ type: "squad", id: squadId });
      }
    } else {
      const count = Math.round(rng.int(6, 16) * cfg.entrantScale * factor);
      const candidates = rng.shuffle([...(teamsByCat.get(t.mode) ?? [])]);
      if (openForDemo && !forcedDone.team && t.mode === leaderTeam.cat) {
        forcedDone.team = true;
        candidates.unshift(leaderTeam);
      }
      let registered = 0;
      for (const team of candidates) {
        if (registered >= count) break;
        const at = regAt();
        if (team.created >= at) continue;
        const roster = team.members.filter((m) => m.joined <= at && (m.left === null || m.left > at) && !taken.has(m.pid));
        if (roster.length < t.minSize && team !== leaderTeam) continue;
        registered++;
        const st = team === leaderTeam ? "registered" : status();
        w.add("team_registrations", {
          id: ++ids.teamReg,
          tournament_id: t.id,
          team_id: team.id,
          secondary_team_id: null,
          status: st,
          verified: verified(),
          registered_at: at,
        });
        roster.sort((a, b) => Number(b.leader) - Number(a.leader));
        for (const m of roster.slice(0, t.maxSize)) {
          const p = take(players[m.pid - 1]!);
          reg(p, Math.min(at + rng.time(0, HOUR), Math.max(at, hi)), st, {
            team: team.id,
            rep: m.leader,
            checked: st === "registered" && checkedIn(),
          });
        }
        if (st === "registered") entrants.push({ type: "team", id: team.id });
      }
    }

    if (t.kind === "past" && entrants.length > 0) addPlacements(w, rng, t, entrants, ids);
    await w.flushIfFull();
  }
  return ids.reg;
}

/** fc_type of each game, read from the contract; null means the game has no friend code. */
const GAMES_FC: Record<string, string | null> = Object.fromEntries(Object.entries(GAMES).map(([k, g]) => [k, g.fc_type]));

/**
 * Placements 1..N in random order with a few tie ranges and DQs. A tie stores the old site's
 * shape: every row of a tie over ranks 5–8 has placement 8 and placement_upper_bound 5 (the
 * better rank). DQ rows have a null placement and come last.
 */
function addPlacements(w: Writer, rng: Rng, t: TournamentFull, entrants: Entrant[], ids: { placement: number }): void {
  const order = rng.shuffle([...entrants]);
  const dqCount = !t.featured && order.length >= 10 && rng.chance(0.15) ? rng.int(1, 2) : 0;
  const ranked = order.slice(0, order.length - dqCount);
  const runnerUpTitle = rng.chance(0.4);
  const tieRate = rng.chance(0.4) ? 0.06 : 0;
  for (let i = 0; i < ranked.length;) {
    const rank = i + 1;
    let size = 1;
    if (rank >= 3 && ranked.length - i >= 2 && (rank === 3 ? rng.chance(0.2) : rng.chance(tieRate)))
      size = rng.int(2, Math.min(4, ranked.length - i));
    for (let j = 0; j < size; j++) {
      const e = ranked[i + j]!;
      w.add("placements", {
        id: ++ids.placement,
        tournament_id: t.id,
        entrant_type: e.type,
        entrant_id: e.id,
        placement: rank + size - 1,
        placement_upper_bound: size > 1 ? rank : null,
        dq: 0,
        title: rank === 1 ? "Champion" : rank === 2 && runnerUpTitle ? "Runner-up" : null,
      });
    }
    i += size;
  }
  for (const e of order.slice(ranked.length)) {
    w.add("placements", {
      id: ++ids.placement,
      tournament_id: t.id,
      entrant_type: e.type,
      entrant_id: e.id,
      placement: null,
      placement_upper_bound: null,
      dq: 1,
      title: null,
    });
  }
}

/** Pre-MKCentral results: no registrations were kept, only the top of the standings. */
function addHistoricalPlacements(
  w: Writer,
  rng: Rng,
  t: TournamentFull,
  players: PlayerRec[],
  catTeams: TeamRec[],
  ids: { placement: number },
): void {
  const entrants: Entrant[] = [];
  if (t.format === 0 && catTeams.length >= 4) {
    // Prefer the teams that were around back then (now historical).
    const pool = rng.shuffle([...catTeams.filter((x) => x.historical), ...rng.shuffle(catTeams.filter((x) => !x.historical))]);
    for (const team of pool.slice(0, Math.min(pool.length, Math.max(4, Math.round(t.histCount / 3)))))
      entrants.push({ type: "team", id: team.id });
  } else {
    const seen = new Set<number>();
    for (let tries = 0; entrants.length < t.histCount && tries < t.histCount * 10; tries++) {
      const p = players[Math.floor(rng.next() * players.length)]!;
      if (p.shadow || seen.has(p.id)) continue;
      seen.add(p.id);
      entrants.push({ type: "player", id: p.id });
    }
  }
  // The standings were recorded best first, so keep the generated order as the ranking.
  addPlacements(w, rng, { ...t, featured: true }, entrants, ids);
}

// ---------------------------------------------------------------------------------------
// News, media, notifications
// ---------------------------------------------------------------------------------------

function writeMedia(w: Writer, now: number): void {
  const rng = new Rng("media");
  const authorUser: Record<string, number> = { DemoAdmin: 1, DemoMod: 2, DemoEventAdmin: 3 };
  NEWS_POSTS.forEach((n, i) =>
    w.add("news_posts", {
      id: NEWS_POSTS.length - i,
      title: n.title,
      content: n.content,
      image: null,
      author_user_id: authorUser[n.author] ?? null,
      author_name: n.author,
      published: 1,
      created_at: now - i * 9 * DAY - rng.time(HOUR, 5 * DAY),
    }),
  );
  const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  const token = (n: number) => Array.from({ length: n }, () => rng.pick([...idChars])).join("");
  let id = 0;
  for (const kind of ["youtube", "stream", "social"] as const) {
    MEDIA[kind].forEach(([title, author], i) => {
      const url =
        kind === "youtube"
          ? `https://www.youtube.com/watch?v=${token(11)}`
          : kind === "stream"
            ? `https://www.twitch.tv/${author.toLowerCase()}`
            : `https://bsky.app/profile/${slugify(author)}.bsky.social/post/3l${token(11).toLowerCase().replace(/[_-]/g, "a")}`;
      w.add("media_items", { id: ++id, kind, title, url, image: null, author, created_at: now - i * 4 * DAY - rng.time(HOUR, 3 * DAY) });
    });
  }
}

function writeNotifications(w: Writer, now: number, tournaments: TournamentFull[], teams: TeamRec[], people: People): void {
  const rng = new Rng("notifications");
  const visible = tournaments.filter((t) => t.published && t.kind !== "historical");
  const approvedTeams = teams.filter((t) => t.status === "approved" && !t.historical);
  const tLink = (t: TournamentFull) => `<a href="/tournaments/${t.id}">${escapeHtml(t.title)}</a>`;
  const teamLink = (t: TeamRec) => `<a href="/registry/teams/${t.id}">${escapeHtml(t.name)}</a>`;
  const templates: Array<[string, () => string]> = [
    ["info", () => `Your registration for ${tLink(rng.pick(visible))} was received.`],
    ["info", () => `Check-in is now open for ${tLink(rng.pick(visible))}.`],
    ["success", () => `Placements for ${tLink(rng.pick(visible))} are up. <a href="/tournaments">See all tournaments</a>.`],
    ["success", () => `Your transfer to ${teamLink(rng.pick(approvedTeams))} was approved.`],
    ["success", () => `Your name change request was approved. <a href="/registry/players">Player list</a>`],
    [
      "warning",
      () =>
        `You were invited to join ${teamLink(rng.pick(approvedTeams))}. Answer it from your <a href="/notifications">notifications</a>.`,
    ],
    ["warning", () => `Check-in for ${tLink(rng.pick(visible))} closes in 1 hour.`],
    ["critical", () => `Your registration for ${tLink(rng.pick(visible))} was rejected by a staff member.`],
    ["critical", () => `A staff member edited your friend codes. <a href="/registry/edit_profile">Review your profile</a>.`],
  ];
  let id = 0;
  for (const u of people.users.slice(0, DEMO_USERS.length)) {
    const count = u.playerId === null ? 20 : 30;
    for (let i = 0; i < count; i++) {
      const [level, make] = u.playerId === null && i > 0 ? templates[rng.int(0, 2)]! : rng.pick(templates);
      const created = now - rng.time(10 * MIN, 90 * DAY);
      w.add("notifications", {
        id: ++id,
        user_id: u.id,
        level,
        message:
          i === 0 && u.playerId === null
            ? `Welcome! <a href="/registry/edit_profile">Create your player profile</a> to join teams and tournaments.`
            : make(),
        is_read: created < now - 7 * DAY ? (rng.chance(0.8) ? 1 : 0) : rng.chance(0.2) ? 1 : 0,
        created_at: created,
      });
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// ---------------------------------------------------------------------------------------
// Word lists and markdown snippets (data only)
// ---------------------------------------------------------------------------------------

/** ISO country codes weighted roughly like the real scene (North America and Europe first). */
// prettier-ignore
const COUNTRY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ["US", 16], ["CA", 6], ["MX", 6], ["BR", 3], ["GB", 7], ["FR", 9], ["DE", 6], ["ES", 6], ["IT", 4], ["NL", 5], ["BE", 3],
  ["JP", 8], ["KR", 1.5], ["AU", 3], ["NZ", 1], ["AR", 1.2], ["CL", 1], ["CO", 0.8], ["PE", 0.5], ["VE", 0.4], ["IE", 1],
  ["PT", 1], ["CH", 1.2], ["AT", 0.8], ["SE", 1], ["NO", 0.7], ["DK", 0.7], ["FI", 0.6], ["PL", 1], ["CZ", 0.4], ["HU", 0.3],
  ["RO", 0.3], ["GR", 0.3], ["TR", 0.3], ["IL", 0.3], ["AE", 0.2], ["SA", 0.2], ["IN", 0.3], ["CN", 0.4], ["TW", 0.5],
  ["HK", 0.4], ["SG", 0.4], ["MY", 0.3], ["PH", 0.5], ["ID", 0.3], ["TH", 0.3], ["VN", 0.2], ["ZA", 0.3], ["MA", 0.2],
  ["EG", 0.1], ["IS", 0.1], ["LU", 0.2], ["SK", 0.2], ["HR", 0.2], ["RS", 0.1], ["BG", 0.1], ["PR", 0.4], ["CR", 0.2],
  ["GT", 0.1], ["DO", 0.2], ["UY", 0.2], ["EC", 0.1], ["UA", 0.2], ["SI", 0.1], ["EE", 0.1], ["LT", 0.1], ["ZZ", 0.3],
];

/** First names by region, for handles like "Hugo_MK" or "Yuki77". */
// prettier-ignore
const FIRST_NAMES: Record<string, readonly string[]> = {
  en: ["Jake", "Ryan", "Tyler", "Emma", "Olivia", "Liam", "Noah", "Ethan", "Mason", "Chloe", "Ava", "Logan", "Owen", "Caleb", "Nathan", "Ella", "Dylan", "Zoe", "Connor", "Riley"],
  fr: ["Théo", "Hugo", "Lucas", "Léa", "Manon", "Enzo", "Louis", "Jules", "Clément", "Camille", "Maxime", "Antoine", "Inès", "Baptiste", "Noé"],
  es: ["Mateo", "Diego", "Sofía", "Pablo", "Javier", "Lucía", "Alejandro", "Valentina", "Carlos", "Andrés", "Iker", "Marta"],
  de: ["Jonas", "Lukas", "Felix", "Leon", "Finn", "Niklas", "Marie", "Lena", "Tobias", "Moritz", "Jannik"],
  jp: ["Haruto", "Yuki", "Sora", "Ren", "Kaito", "Riku", "Hina", "Yuto", "Sota", "Aoi", "Takumi", "Shun", "Kenta", "Daiki"],
  pt: ["João", "Gabriel", "Rafael", "Matheus", "Pedro", "Beatriz", "Thiago", "Caio"],
  it: ["Marco", "Luca", "Giulia", "Matteo", "Alessandro", "Chiara", "Davide"],
  nl: ["Daan", "Sem", "Bram", "Lotte", "Ruben", "Jesse", "Milan", "Thijs"],
  kr: ["Minjun", "Seojun", "Jiho", "Haeun", "Dohyun", "Yejun"],
};

/** Which first-name list a country draws from. */
// prettier-ignore
const COUNTRY_REGION: Record<string, string> = {
  FR: "fr", BE: "fr", LU: "fr", CH: "fr", MA: "fr", ES: "es", MX: "es", AR: "es", CL: "es", CO: "es", PE: "es", VE: "es",
  UY: "es", EC: "es", CR: "es", GT: "es", DO: "es", PR: "es", DE: "de", AT: "de", JP: "jp", BR: "pt", PT: "pt", IT: "it",
  NL: "nl", KR: "kr",
};

// prettier-ignore
const HANDLE_PREFIXES = [
  "Shy", "Blue", "Red", "Dry", "Turbo", "Drift", "Mini", "Mega", "Hyper", "Super", "Neo", "Dark", "Lucky", "Rusty", "Swift",
  "Silent", "Crazy", "Royal", "Frosty", "Shadow", "Star", "Rainbow", "Thunder", "Golden", "Silver", "Toxic", "Pixel", "Retro",
  "Cosmic", "Lunar", "Solar", "Wild", "Sly", "Jet", "Nitro", "Flash", "Chill", "Happy", "Sleepy", "Tiny", "Big", "Sir",
  "Captain", "Lord", "Lil", "Mr", "Dr", "King", "Salty", "Spicy", "Mystic", "Rapid", "Zen", "Icy", "Grumpy", "Funky",
];

// prettier-ignore
const HANDLE_NOUNS = [
  "Shell", "Banana", "Koopa", "Goomba", "Boo", "Yoshi", "Toad", "Kart", "Drift", "Boost", "Mushroom", "Star", "Bolt", "Blooper",
  "Bullet", "Chomp", "Lakitu", "Wiggler", "Pokey", "Thwomp", "Spiny", "Bobomb", "Pianta", "Fox", "Wolf", "Falcon", "Tiger",
  "Panda", "Otter", "Raccoon", "Owl", "Hawk", "Comet", "Nova", "Ghost", "Ninja", "Pirate", "Knight", "Wizard", "Racer", "Rider",
  "Drifter", "Pilot", "Rocket", "Storm", "Blaze", "Frost", "Ember", "Wave", "Byte", "Glitch", "Turnip", "Waffle", "Noodle",
  "Penguin", "Dragon", "Cactus", "Pepper", "Mango", "Kiwi",
];

// prettier-ignore
const SYLLABLES = [
  "ka", "ki", "ku", "ko", "sa", "shi", "su", "ta", "to", "na", "ni", "no", "ha", "hi", "ma", "mi", "mo", "ra", "ri", "ru", "ro",
  "ya", "yu", "zel", "vex", "kai", "rin", "ace", "jin", "lux", "nox", "dra", "vel", "mar", "tor", "lin", "zo", "an", "el", "ix",
  "or", "us", "ven", "ka", "ryu", "sei", "ze", "ly", "dex", "tri",
];

// prettier-ignore
const TEAM_ADJECTIVES = [
  "Crimson", "Azure", "Golden", "Silver", "Shadow", "Thunder", "Nova", "Lunar", "Solar", "Phantom", "Eternal", "Infinite",
  "Rapid", "Turbo", "Royal", "Wild", "Frozen", "Blazing", "Electric", "Mystic", "Neon", "Cosmic", "Iron", "Velvet", "Savage",
  "Silent", "Rogue", "Atomic", "Stellar", "Arctic", "Emerald", "Obsidian", "Scarlet", "Midnight", "Rising", "Fallen", "Hyper",
  "Radiant", "Prime", "Apex", "Feral", "Gilded", "Hollow", "Jade", "Onyx", "Sapphire", "Vivid", "Wicked",
];

// prettier-ignore
const TEAM_NOUNS = [
  "Koopas", "Shells", "Drifters", "Racers", "Comets", "Stars", "Wolves", "Foxes", "Falcons", "Dragons", "Knights", "Pirates",
  "Ninjas", "Titans", "Phoenix", "Vipers", "Hornets", "Bolts", "Storms", "Rockets", "Spinies", "Boos", "Chomps", "Thwomps",
  "Lakitus", "Bloopers", "Goombas", "Mushrooms", "Bananas", "Karts", "Wheels", "Engines", "Sirens", "Owls", "Ravens", "Lions",
  "Sharks", "Orcas", "Wizards", "Legends", "Bandits", "Outlaws", "Spectres", "Cyclones", "Meteors", "Hydras",
];

// prettier-ignore
const TEAM_SINGLE_WORDS = [
  "Kartel", "Nitrous", "Velocity", "Momentum", "Slipstream", "Vortex", "Paragon", "Zenith", "Eclipse", "Aurora", "Catalyst",
  "Dynasty", "Horizon", "Insomnia", "Odyssey", "Requiem", "Sanctuary", "Synergy", "Tempest", "Valhalla", "Zephyr", "Mirage",
  "Nebula", "Oblivion", "Pinnacle", "Quantum", "Revolt", "Spectrum", "Trinity", "Umbra",
];

const TEAM_SUFFIXES = ["Esports", "Gaming", "Racing", "MK", "Club", "Academy", "Squad"];

// prettier-ignore
const CITIES = [
  "Paris", "Tokyo", "Osaka", "Berlin", "Madrid", "Toronto", "Montreal", "Austin", "Seattle", "Lyon", "Milan", "Sydney", "Seoul",
  "London", "Dublin", "Lisbon", "Chicago", "Denver", "Brussels", "Amsterdam", "Hamburg", "Barcelona", "Vancouver", "Boston",
  "Nantes", "Kyoto", "Porto", "Oslo", "Vienna", "Zurich",
];

/** LAN venues: a city label and a map link. */
const LAN_VENUES: ReadonlyArray<readonly [string, string]> = [
  ["Paris, France", "https://www.openstreetmap.org/search?query=Paris"],
  ["Lyon, France", "https://www.openstreetmap.org/search?query=Lyon"],
  ["London, United Kingdom", "https://www.openstreetmap.org/search?query=London"],
  ["Berlin, Germany", "https://www.openstreetmap.org/search?query=Berlin"],
  ["Madrid, Spain", "https://www.openstreetmap.org/search?query=Madrid"],
  ["Toronto, Canada", "https://www.openstreetmap.org/search?query=Toronto"],
  ["Austin, TX, United States", "https://www.openstreetmap.org/search?query=Austin"],
  ["Tokyo, Japan", "https://www.openstreetmap.org/search?query=Tokyo"],
  ["Utrecht, Netherlands", "https://www.openstreetmap.org/search?query=Utrecht"],
];

const BAN_REASONS = [
  "Cheating (modified game files)",
  "Repeated unsportsmanlike conduct",
  "Ban evasion with an alternate account",
  "Match fixing",
  "Harassment of other players",
  "Impersonation",
];

// prettier-ignore
const PROFILE_MESSAGES = [
  "Just here to drift. GLHF!", "Frontrunner main. DMs open for wars.", "**Team player** looking for a 150cc clan.",
  "Casual racer, competitive at heart.", "Retired from comp, still lurking in lounges.",
  "Rainbow Road enjoyer. Shortcuts > everything.", "Streaming most weekends - come say hi!",
  "Back-runner strategist. Items win races.",
];

const TEAM_DESCRIPTIONS = [
  (name: string) =>
    `## About ${name}\n\nWe are a competitive team playing wars most evenings (EU and NA times).\n\n- Practice: Tuesday and Thursday\n- Wars: weekends\n- Looking for: consistent frontrunners\n\nContact a **team leader** on Discord to try out.`,
  (name: string) =>
    `**${name}** is a chill but serious squad. We enter every MKCentral team event and run our own scrims.\n\n> Respect your teammates, be on time, have fun.`,
  (_name: string) =>
    `Founded by friends from the lounge. We focus on:\n\n1. Team strategy and item play\n2. Reviewing our races\n3. Growing new players\n\nTryouts open when we are *recruiting*.`,
  (name: string) =>
    `# ${name}\n\nMultiple-time finalists in the World Cup of Teams. Our roster is stable; we rarely recruit but watch the transfers page.`,
  (_name: string) => `Just a bunch of racers having fun. Ask us for a friendly war anytime!`,
  (name: string) =>
    `${name} competes in team and squad events. Discord: https://discord.gg/example\n\n*Minimum requirements:* regular availability, a working mic, good vibes.`,
];

const TOURNAMENT_DESCRIPTIONS = {
  solo: [
    "Welcome to another solo cup! Rooms of 12 race 12 tracks; the top players of each room advance until the final.\n\n- Check in 30 minutes before the start\n- Room hosts are chosen among players who can host\n- Results are posted in Discord",
    "An open individual tournament for every skill level. Qualifiers are played in free-for-all rooms; the final is a best-of-two-rooms showdown.\n\n**Prizes:** bragging rights and a custom Discord role.",
  ],
  squad: [
    "Grab your partners! Squads race in rooms of 12 and are scored together. Squad tags must appear in your in-game names.\n\n- Substitutes are not allowed after registration closes\n- The captain reports the score",
    "A squad tournament with Swiss rounds followed by a single-elimination bracket of the top squads.\n\n> Teamwork makes the dream work.",
  ],
  team: [
    "The team event of the season. Registered teams play 6v6 wars (12 races) in groups, then a double-elimination bracket.\n\n- Teams may register up to 12 players\n- Roster changes lock at the transfer deadline",
    "League format: every team plays every other team in its division once. The top teams qualify for the playoffs.\n\nStandings are updated weekly.",
  ],
} as const;

const RULES_TEXT = [
  "## Rules\n\n1. Be on time. Lateness over 10 minutes is a forfeit.\n2. No disconnect abuse; a disconnected race is not replayed unless the host decides otherwise.\n3. Screenshots of every result are required.\n4. Be respectful to all players and staff.\n\nStaff decisions are final.",
  "## Rules\n\n- Items: normal\n- CPU: none\n- Tracks: random\n- Score: standard 15-12-10-9-8-7-6-5-4-3-2-1\n\nAny form of cheating leads to disqualification and a registry ban.",
  "## Format and rules\n\n1. Rooms are seeded by registration order.\n2. The host opens the room 10 minutes before the start.\n3. Report the results in the results channel with a screenshot.\n\n*Ties are broken by the most first places.*",
];

const POST_REGISTRATION_MESSAGES = [
  "Thanks for registering! Join our Discord at https://discord.gg/example and check in before the start.",
  "You are in! Rooms will be posted in the **#rooms** channel 15 minutes before the start.",
  "Registration received. Please make sure your friend code on your profile is up to date.",
  "",
];

const NEWS_POSTS: ReadonlyArray<{ title: string; content: string; author: string }> = [
  {
    title: "Mario Kart World Open Series: season two announced",
    author: "DemoAdmin",
    content:
      "The **Mario Kart World Open Series** is back for a second season!\n\n- Ten weekly qualifiers\n- A live final for the top 12\n- New: a Knockout Tour side event\n\nRegistrations for the first qualifier open next week. See the [tournaments page](/tournaments) for the schedule.",
  },
  {
    title: "Registry update: new team categories for Mario Kart World",
    author: "DemoMod",
    content:
      "Teams can now register a **Mario Kart World 150cc** roster alongside their existing categories. Leaders can link the new team to their organisation's primary team from the team edit page.\n\nAs always, new teams are reviewed by the moderation team before they appear in the registry.",
  },
  {
    title: "Results: 200cc Squad Showdown",
    author: "DemoEventAdmin",
    content:
      "Congratulations to all squads who took part in the latest **200cc Squad Showdown**! The full placements are on the tournament page.\n\nThank you to our room hosts and to everyone who streamed the final.",
  },
  {
    title: "Friend code changes and the new profile page",
    author: "DemoAdmin",
    content:
      "Profiles now show friend codes per platform with their history. If you changed consoles, update your Switch friend code from **Edit Profile**.\n\nStaff can see past owners of a friend code to stop ban evasion.",
  },
  {
    title: "World Cup of Teams: signups open",
    author: "DemoEventAdmin",
    content:
      "The biggest team event of the year is back. Team leaders can register their roster now; the transfer deadline is two days before the start.\n\n> Minimum six players per team, maximum twelve.",
  },
  {
    title: "Community spotlight: LAN season recap",
    author: "DemoMod",
    content:
      "Our LAN partners hosted events in Paris, Austin and Tokyo this season. Thank you to the organisers and the hundreds of players who travelled!\n\nWant to host a LAN? Contact an event administrator.",
  },
  {
    title: "Moderation report and reminder of the rules",
    author: "DemoMod",
    content:
      "This quarter we handled 140 name-change requests and 35 team approvals. A reminder: alternate accounts are not allowed and lead to a ban of every account involved.",
  },
  {
    title: "Knockout Tour tournaments are here",
    author: "DemoEventAdmin",
    content:
      "Mario Kart World's **Knockout Tour** is now a tournament mode on the site. The first Knockout Cup runs next month: 24 players per room, last one standing wins.",
  },
  {
    title: "Supporters: new profile borders",
    author: "DemoAdmin",
    content:
      "Thanks to our supporters the site stays ad-free. Supporters can now choose from twenty profile border colours, including Gold, Emerald and Sapphire.",
  },
  {
    title: "Scheduled maintenance this weekend",
    author: "DemoAdmin",
    content:
      "The site will be read-only for about 30 minutes on Sunday at 08:00 UTC while we upgrade the database. Registrations stay open before and after.",
  },
  {
    title: "Squad Series finals recap",
    author: "DemoEventAdmin",
    content:
      "What a finish! The MK8DX 150cc Squad Series final came down to the last race. Check the series page for podium finishes and appearances across the season.",
  },
  {
    title: "Welcome to the new site",
    author: "DemoAdmin",
    content:
      "The new site is live: faster pages, a new tournament calendar and a cleaner registry. Report any problem on the support forum.\n\n*Have fun racing!*",
  },
];

const MEDIA = {
  youtube: [
    ["MKWorld Open Series Final - full broadcast", "MKCentral"],
    ["Top 10 shortcuts in Mario Kart World", "KartTips"],
    ["200cc Squad Showdown grand final highlights", "MKCentral"],
    ["How to drift like a pro: frontrunning guide", "DriftAcademy"],
    ["World Cup of Teams: semi-final recap", "MKCentral"],
    ["Knockout Tour strategy explained", "KartTips"],
  ],
  stream: [
    ["Lounge grind - road to 10k MMR", "turbo_shell"],
    ["Squad Series Week 4 LIVE", "mkcentral"],
    ["Friday night wars with Nova Racing", "nova_racing"],
    ["Chill time trials and viewer races", "sleepy_koopa"],
    ["LAN Paris qualifiers - day 1", "kartkrew_lan"],
    ["Community race night", "mkcentral"],
  ],
  social: [
    ["Registrations for the Open Series #4 are open!", "MKCentral"],
    ["Congrats to the World Cup of Teams champions", "MKCentral"],
    ["New team categories are live on the registry", "MKCentral"],
    ["LAN Circuit: next stop Austin", "Kart Krew LAN"],
    ["Maintenance finished - thanks for your patience", "MKCentral"],
    ["Knockout Cup bracket is out", "MKCentral"],
  ],
} as const;
