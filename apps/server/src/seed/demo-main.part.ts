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
    users.push({ id: k + 1, email: d.email, state: "active", theme: d.theme, created, verifiedAt: created + 5 * MIN, playerId: player?.id ?? null });
    if (player) player.userId = k + 1;
    if (d.role) roles.push({ userId: k + 1, role: d.role, created: created + DAY });
  });
  demoPlayers[4]!.border = 45;

  const candidates = rng.shuffle(players.filter((p) => !p.demo && !p.shadow && !p.banned)).slice(0, cfg.extraUsers);
  candidates.sort((a, b) => a.created - b.created);
  for (const p of candidates) {
    const id = users.length + 1;
    const state = rng.weighted([["active", 86], ["pending_email", 10], ["inactive", 4]] as const);
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

function writePeople(w: Writer, cfg: ScaleConfig, now: number, passwordHash: string, players: PlayerRec[], people: People): void {
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
    const codes: Array<[string, string | null]> = [["switch", p.switchFc], ["3ds", p.fc3ds], ["mktour", p.mktFc], ["nnid", p.nnid]];
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
  void cfg;
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
  if (words.length >= 2) options.push(words.map((w) => clean(w).charAt(0).toUpperCase()).join("").slice(0, 5));
  const first = clean(words[0] ?? name);
  options.push(first.slice(0, 3).toUpperCase(), first.slice(0, 4), first.slice(0, 2).toUpperCase() + (clean(words[1] ?? "").charAt(0) || ""));
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

function generateTeams(cfg: ScaleConfig, now: number, players: PlayerRec[]): TeamRec[] {
  void players;
  const rng = new Rng("teams");
  const mkworldEra = now - 520 * DAY;
  const names = new Set<string>();
  const tags = new Set<string>();
  const baseCount = Math.round(cfg.teams * 0.92);
  const teams: TeamRec[] = [];
  for (let i = 0; i < baseCount; i++) {
    const cat = rng.weighted(CATEGORY_WEIGHTS);
    const name = makeTeamName(rng, names);
    const language = rng.weighted<string>([["en", 55], ["fr", 12], ["es", 10], ["de", 6], ["pt", 4], ["other", 5], ["", 8]]);
    teams.push({
      id: 0,
      name,
      tag: makeTag(rng, name, tags, cat),
      color: rng.int(1, 40),
      cat,
      created: cat === "mkworld_150" ? rng.time(mkworldEra, now - HOUR) : rng.time(now - 6 * YEAR, now - HOUR),
      status: "approved",
      historical: false,
      shadow: false,
      disbandAt: 0,
      primary: null,
      recruitment: rng.weighted([["recruiting", 50], ["invite_only", 25], ["closed", 25]] as const),
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
  rest.filter((t) => !t.historical).slice(0, cfg.shadowTeams).forEach((t) => (t.shadow = true));
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
    teams.find((t) => t.cat === cat && t.status === "approved" && !t.historical && !t.shadow && !not.includes(t) && t.created < now - 30 * DAY);
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
      const size = team.shadow ? rng.int(2, 5) : team.status === "approved" ? rng.int(cfg.rosterMin, cfg.rosterMax) : team.status === "unapproved" ? rng.int(1, 3) : 1;
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
        if (chosen.length === 0) {
          // The founder should predate the team: look a little ahead for one.
          for (let j = cursor; j < Math.min(pool.length, cursor + 60); j++) {
            if (pool[j]!.created < team.created) {
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
        if (founder) joined = team.created;
        else if (rng.chance(0.07)) joined = Math.max(base, now - rng.time(HOUR, 40 * DAY));
        else {
          // Most players join soon after the team forms: squared uniform skews early.
          const r = rng.next();
          joined = Math.floor(base + (now - MIN - base) * r * r);
        }
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
        if (!(founder && cur === team)) events.push({ pid: p.id, from: null, to: cur, cat, at: curStart, status: "accepted", decidedAt: curStart });
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
      const left = rng.chance(0.3) ? rng.time(Math.max(joined + DAY, now - 30 * DAY), now - HOUR) : rng.time(joined + DAY, now - HOUR);
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
      if (k < invites) events.push({ pid: p.id, from: null, to: t, cat, at: now - rng.time(HOUR, 6 * DAY), status: "invited", decidedAt: null });
      else {
        const at = now - rng.time(7 * DAY, YEAR);
        if (at < Math.max(t.created, p.created)) continue;
        events.push({ pid: p.id, from: null, to: t, cat, at, status: rng.chance(0.6) ? "declined" : "cancelled", decidedAt: at + rng.time(HOUR, 3 * DAY) });
      }
    }
  }
  // player@ has an open invitation from leader@'s team, so the demo can accept one.
  events.push({ pid: demo[5]!.id, from: null, to: leaderTeam, cat: leaderTeam.cat, at: now - 2 * DAY, status: "invited", decidedAt: null });

  // Old moves are only partly on record (the old site logged few of them); recent ones all are.
  const trackRng = new Rng("transfer-tracking");
  const kept = events.filter((e) => {
    if (e.status !== "accepted") return true;
    if (e.at >= now - 60 * DAY) return true;
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
    const decidedFields = pending ? { decided_by_user_id: null, decided_at: null } : { decided_by_user_id: 2, decided_at: created + rng.time(HOUR, 3 * DAY) };
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
