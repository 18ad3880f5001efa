import {
  BUILT_IN_POINTS_TABLES,
  CloseRoundBodySchema,
  CreateRoundBodySchema,
  EVENT_FORMAT,
  pointsForPosition,
  RoomSettingsBodySchema,
  RoomTableBodySchema,
  SetRoomsBodySchema,
  SITE_ROLES,
  type CloseRoundBody,
  type CreateRoundBody,
  type Room,
  type RoomTableBody,
  type RoundDetail,
  type SiteRole,
} from "@site/contract";
import type { Insertable, Kysely } from "kysely";
import { loadConfig } from "../../config.js";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { LoginLimiter } from "../../features/auth/login-limiter.js";
import type { Actor } from "../../features/permissions/permissions.js";
import { submitTable } from "../../features/rounds/room-tables.service.js";
import {
  closeRound,
  createRound,
  finish,
  publishRound,
  roomSettings,
  roundDetail,
  setRooms,
} from "../../features/rounds/rounds.service.js";
import { TtlCache } from "../../lib/cache.js";
import { MemoryBus } from "../../lib/bus.js";
import { MemoryLimiterStore } from "../../lib/limiter.js";
import { Metrics } from "../../lib/metrics.js";
import { makeTag, makeTeamName } from "./names.js";
import { DAY, HOUR, MIN, Rng } from "./rng.js";

/**
 * FFA rounds demo (issue #19 §7): three tournaments a newcomer can click through, run through
 * the rounds services themselves (draw → publish → room codes → tables → close → finish) by
 * event-admin@example.com, so every row is what the site would write:
 *
 * 1. "MK8DX FFA Showdown #1" (Kart Krew LAN Circuit, online qualifier), eight days ago: 48
 *    solo racers, 4 rooms of 12 → 2 rooms → a final of 12 races; tables entered as Lorenzi
 *    text (per race and per GP, in-game names, a −15 track-repick penalty), as a placement
 *    grid (one by the room's own host) and as totals (one short total confirmed as a
 *    mismatch); placements written by `finish`. player@example.com races in it.
 * 2. "200cc Duos Showdown" (200cc Squad Showdown series), five days ago: 30 squads of 2, 5
 *    rooms of 6 sides → top 2 + 2 best 3rds (wildcards) → 2 rooms → top 3 → final of 6.
 * 3. "MK8DX FFA Showdown #2", starting in an hour: 36 racers, round 1 drawn and published
 *    (3 rooms with hosts and room codes, no tables); leader@example.com hosts the room that
 *    player@example.com races in, so both see "Your room".
 *
 * Runs after the rest of the demo dataset (it reads its players and accounts) and lets the
 * database assign ids, in a fixed order, so the rows repeat for the same `now`. The services
 * stamp their rows with the wall clock; each step's rows are then moved to the time it
 * happened in the event's story (relative to `now`), as the other phases date theirs.
 * Throws when a service refuses a step: the demo would otherwise be silently incomplete.
 */
export async function seedRoundsDemo(database: Database, now: number): Promise<void> {
  const db = database.db;
  const ctx = seedContext(database);
  const admin = await actorOf(database, "event-admin@example.com");
  const player = await playerOf(database, "player@example.com");
  const leader = await playerOf(database, "leader@example.com");
  if (!admin || !player || !leader) return;

  // Racers: active accounts with a Switch friend code and a name Lorenzi text can carry.
  const pool = (
    await db
      .selectFrom("players as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.id", "p.display_name", "p.created_at"])
      .where("u.state", "=", "active")
      .where("p.is_banned", "=", 0)
      .where("p.is_shadow", "=", 0)
      .where("p.is_hidden", "=", 0)
      .where("p.switch_fc", "is not", null)
      .where("p.created_at", "<", now - 120 * DAY)
      .where("p.id", "not in", [player.id, leader.id])
      .orderBy("p.id")
      .execute()
  ).filter((p) => LORENZI_SAFE.test(p.display_name) && !/^\d+$/.test(p.display_name) && p.display_name.split(" ")[1] !== "-");
  const today = Math.floor(now / DAY) * DAY;

  await showdown(ctx, admin, pool, player, today - 8 * DAY + 18 * HOUR, now);
  await duos(ctx, admin, pool, today - 5 * DAY + 19 * HOUR, now);
  await upcoming(ctx, admin, pool, player, leader, now);
}

/** Names without the characters Lorenzi text gives a meaning to (`|`, `[`, `#`, `-`, `/`). */
const LORENZI_SAFE = /^[\p{L}\p{N}][\p{L}\p{N} ._']*$/u;
const MK8 = BUILT_IN_POINTS_TABLES.find((t) => t.key === "mk8dx")!;

type PoolPlayer = { id: number; display_name: string; created_at: number };

/**
 * The services' context for the seed: the database, no micro-cache (nothing is being served
 * yet) and a mailer that drops mail (the demo's addresses are made up).
 */
function seedContext(database: Database): AppContext {
  const limits = new MemoryLimiterStore();
  return {
    db: database.db,
    dialect: database.dialect,
    config: loadConfig({ NODE_ENV: "development", PUBLIC_CACHE_SECONDS: "0" }),
    mailer: { send: async () => {} },
    loginLimiter: new LoginLimiter(limits),
    limits,
    cache: new TtlCache(0),
    // Nothing is served while seeding: no node to tell.
    bus: new MemoryBus(console),
    metrics: new Metrics(),
  };
}

/** The signed-in actor of an account, as the session would build it (roles from user_roles). */
async function actorOf(database: Database, email: string): Promise<Actor | null> {
  const user = await database.db
    .selectFrom("users as u")
    .leftJoin("players as p", "p.user_id", "u.id")
    .select(["u.id", "u.state", "p.id as player_id"])
    .where("u.email", "=", email)
    .executeTakeFirst();
  return user ? actorFromUser(database.db, user) : null;
}

async function actorFromUser(db: Kysely<DB>, user: { id: number; state: string; player_id: number | null }): Promise<Actor> {
  const all = (await db.selectFrom("user_roles").select("role").where("user_id", "=", user.id).execute()).map((r) => r.role);
  const roles = all.filter((r): r is SiteRole => r in SITE_ROLES);
  return { userId: user.id, playerId: user.player_id, state: user.state, roles: new Set(roles), isSupporter: all.includes("supporter") };
}

/** The actor of a room's host, when the host has an active account (they submit their own table). */
async function hostActor(db: Kysely<DB>, playerId: number | null): Promise<Actor | null> {
  if (playerId === null) return null;
  const user = await db
    .selectFrom("players as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["u.id", "u.state", "p.id as player_id"])
    .where("p.id", "=", playerId)
    .executeTakeFirst();
  return user && user.state === "active" ? actorFromUser(db, user) : null;
}

async function playerOf(database: Database, email: string): Promise<PoolPlayer | null> {
  return (
    (await database.db
      .selectFrom("players as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.id", "p.display_name", "p.created_at"])
      .where("u.email", "=", email)
      .executeTakeFirst()) ?? null
  );
}

/** A standard normal draw (Box–Muller) from the phase's stream. */
function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

/**
 * Finishing positions of one room: `positions[racer][race]`, 1-based. Each race is a
 * permutation drawn from the racers' skills plus race luck, so the strong usually (not
 * always) finish ahead and nobody places the same every race.
 */
function racePositions(rng: Rng, skills: number[], races: number): number[][] {
  const positions = skills.map(() => Array<number>(races).fill(0));
  for (let race = 0; race < races; race++) {
    const order = skills.map((s, i) => ({ i, perf: s + 1.3 * gaussian(rng) })).sort((a, b) => b.perf - a.perf);
    order.forEach((o, k) => (positions[o.i]![race] = k + 1));
  }
  return positions;
}

/** Per-race points of the positions (every racer finished every race). */
function racePoints(positions: number[][]): number[][] {
  return positions.map((row) => row.map((p) => pointsForPosition(MK8, positions.length, p)));
}

/** Writes the story's time onto the rows a step just wrote (the services stamp the wall clock). */
class StoryClock {
  private lastLog = 0;
  constructor(
    private ctx: AppContext,
    private tournamentId: number,
  ) {}

  async start(): Promise<void> {
    const row = await this.ctx.db
      .selectFrom("tournament_logs")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    this.lastLog = Number(row?.id ?? 0);
  }

  /** Dates the log lines written since the last call, and returns the round's id. */
  async at(time: number, round?: number): Promise<number | null> {
    const logs = await this.ctx.db
      .selectFrom("tournament_logs")
      .select("id")
      .where("tournament_id", "=", this.tournamentId)
      .where("id", ">", this.lastLog)
      .execute();
    if (logs.length > 0) {
      await this.ctx.db
        .updateTable("tournament_logs")
        .set({ created_at: time })
        .where(
          "id",
          "in",
          logs.map((l) => l.id),
        )
        .execute();
      this.lastLog = Math.max(this.lastLog, ...logs.map((l) => l.id));
    }
    if (round === undefined) return null;
    const r = await this.ctx.db
      .selectFrom("ffa_rounds")
      .select("id")
      .where("tournament_id", "=", this.tournamentId)
      .where("number", "=", round)
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async drawn(time: number, round: number): Promise<void> {
    const id = (await this.at(time, round))!;
    await this.ctx.db.updateTable("ffa_rounds").set({ created_at: time }).where("id", "=", id).execute();
  }

  async table(time: number, round: number, room: number): Promise<void> {
    const id = (await this.at(time, round))!;
    await this.ctx.db
      .updateTable("ffa_rooms")
      .set({ table_submitted_at: time })
      .where("round_id", "=", id)
      .where("number", "=", room)
      .execute();
  }

  async closed(time: number, round: number): Promise<void> {
    const id = (await this.at(time, round))!;
    await this.ctx.db.updateTable("ffa_rounds").set({ closed_at: time }).where("id", "=", id).execute();
    await this.ctx.db.updateTable("ffa_rooms").set({ locked_at: time }).where("round_id", "=", id).execute();
  }
}

/** Inserts a tournament and answers its id. */
async function insertTournament(ctx: AppContext, row: Insertable<DB["tournaments"]>): Promise<number> {
  const r = await ctx.db.insertInto("tournaments").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

const create = (body: CreateRoundBody) => CreateRoundBodySchema.parse(body);
const close = (body: CloseRoundBody) => CloseRoundBodySchema.parse(body);
const table = (body: RoomTableBody) => RoomTableBodySchema.parse(body);

/** Submits a table and fails the seed when it was not saved (a refused table means a broken demo). */
async function enter(ctx: AppContext, actor: Actor, id: number, n: number, room: number, body: RoomTableBody): Promise<void> {
  const res = await submitTable(ctx, actor, id, n, room, table(body));
  if (!res.saved)
    throw new Error(
      `seedRoundsDemo: round ${n} room ${room} table not saved: ${JSON.stringify(res.problems)} ${JSON.stringify(res.mismatch)}`,
    );
}

/** The organiser gives every room of a published round a room code (the host stays). */
async function roomCodes(ctx: AppContext, actor: Actor, rng: Rng, id: number, n: number): Promise<void> {
  for (const room of (await detail(ctx, actor, id, n)).rooms) {
    const body = RoomSettingsBodySchema.parse({
      room_code: `${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`,
      host_player_id: room.host_player_id,
    });
    await roomSettings(ctx, actor, id, n, room.number, body);
  }
}

/** A round as its staff see it (a signed-in viewer always gets the computed answer, never the anonymous cache's). */
async function detail(ctx: AppContext, actor: Actor, id: number, n: number): Promise<RoundDetail> {
  const d = await roundDetail(ctx, actor, id, n);
  if (!("rooms" in d)) throw new Error("seedRoundsDemo: expected the staff view of the round");
  return d;
}

/** The racers of a room in seat order, with their side. */
function racersOf(room: Room) {
  return room.sides.flatMap((s) => s.racers.map((r) => ({ ...r, side: s })));
}

/** How a table is entered: the three modes, Lorenzi per race or per GP (4 races each). */
type Entry = "lorenzi" | "lorenzi-gp" | "grid" | "totals";

/**
 * One room's table as the organiser (or host) would enter it, from simulated races. `options`:
 * a −15 penalty on one racer (Lorenzi), or one racer's total short by a race (totals:
 * a disconnection the host left out, confirmed as a mismatch after the warning).
 */
function tableFor(
  room: Room,
  title: string,
  races: number,
  mode: Entry,
  skills: Map<number, number>,
  rng: Rng,
  options: { penalty?: boolean; short?: boolean; squads?: boolean } = {},
): RoomTableBody {
  const racers = racersOf(room);
  const positions = racePositions(
    rng,
    racers.map((r) => skills.get(r.player_id) ?? 0),
    races,
  );
  const points = racePoints(positions);
  if (mode === "grid") return { mode: "grid", grid: racers.map((r, i) => ({ player_id: r.player_id, positions: positions[i]! })) };
  if (mode === "totals") {
    const totals = racers.map((r, i) => ({ player_id: r.player_id, total: points[i]!.reduce((a, b) => a + b, 0) }));
    if (options.short) {
      // The racer seated last lost a race to a disconnection: their total is one race short.
      const last = totals.length - 1;
      totals[last] = { ...totals[last]!, total: totals[last]!.total - points[last]![Math.floor(races / 2)]! };
    }
    return { mode: "totals", totals, confirm_mismatch: options.short === true };
  }
  const lines = [`#title ${title}`];
  let side: number | null = null;
  racers.forEach((r, i) => {
    if (options.squads && r.side.entrant_id !== side) {
      side = r.side.entrant_id;
      lines.push(r.side.tag ? `${r.side.tag} - ${r.side.name}` : r.side.name);
    }
    const scores = mode === "lorenzi-gp" ? gpColumns(points[i]!) : points[i]!;
    // Hosts type what the game shows: the in-game name when the racer has one.
    const name = r.mii_name || r.name;
    const penalty = options.penalty && i === Math.floor(racers.length / 3) ? " -15" : "";
    lines.push(`${name} [${r.country_code.toLowerCase()}] ${scores.join("|")}${penalty}`);
  });
  return { mode: "lorenzi", text: lines.join("\n") };
}

function gpColumns(points: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 4) out.push(points.slice(i, i + 4).reduce((a, b) => a + b, 0));
  return out;
}

/** Skill per player: a normal draw, so results vary but the strong tend to go through. */
function skillsOf(rng: Rng, ids: number[]): Map<number, number> {
  return new Map(ids.map((id) => [id, gaussian(rng)]));
}

/** Fails the seed unless the planner offers `plan` for the round (the organiser picks one of its options). */
async function requirePlan(
  ctx: AppContext,
  actor: Actor,
  id: number,
  n: number,
  plan: { per_room: number; wildcards: number },
): Promise<void> {
  const offered = (await detail(ctx, actor, id, n)).plans;
  if (!offered.some((p) => p.per_room === plan.per_room && p.wildcards === plan.wildcards)) {
    throw new Error(`seedRoundsDemo: plan ${JSON.stringify(plan)} not offered for round ${n}: ${offered.map((p) => p.label).join("; ")}`);
  }
}

/** Solo registrations: hosts and in-game names for some, registered in the two weeks before `start`. */
async function registerSolo(ctx: AppContext, rng: Rng, id: number, players: PoolPlayer[], start: number, now: number, hosts: Set<number>) {
  const rows: Array<Insertable<DB["registrations"]>> = players.map((p) => ({
    tournament_id: id,
    player_id: p.id,
    status: "registered",
    squad_id: null,
    team_id: null,
    mii_name: rng.chance(0.4) ? miiName(p.display_name, rng) : null,
    can_host: hosts.has(p.id) || rng.chance(0.2) ? 1 : 0,
    registered_at: Math.max(p.created_at + HOUR, rng.time(start - 14 * DAY, Math.min(start, now) - 2 * HOUR)),
  }));
  rows.sort((a, b) => a.registered_at - b.registered_at);
  await ctx.db.insertInto("registrations").values(rows).execute();
}

/** An in-game name: the registry name squeezed to the game's 10 characters, sometimes decorated. */
function miiName(name: string, rng: Rng): string {
  const base = name.replace(/[\s.']/g, "");
  return (rng.chance(0.3) ? `x${base}` : base).slice(0, 10);
}

/** Tournament 1: the finished 48-player solo FFA (4 rooms → 2 → final). */
async function showdown(ctx: AppContext, admin: Actor, pool: PoolPlayer[], player: PoolPlayer, start: number, now: number): Promise<void> {
  const rng = new Rng("rounds-showdown");
  const id = await insertTournament(ctx, {
    title: "MK8DX FFA Showdown #1",
    start_date: start,
    end_date: start + 4 * HOUR + 30 * MIN,
    organizer: "lan",
    tournament_series_id: KART_KREW_SERIES,
    template_id: KART_KREW_ONLINE_QUALIFIER,
    game: "mk8dx",
    game_mode: "mk8dx_150",
    event_format: EVENT_FORMAT.solo,
    minimum_team_size: 1,
    maximum_team_size: 1,
    player_host_required: 1,
    player_mii_name_max_length: 10,
    description: SHOWDOWN_DESCRIPTION,
    rules: SHOWDOWN_RULES,
    post_registration_message: "You're in! Rooms are drawn 45 minutes before the start; check the tournament page for yours.",
    published: 1,
    registrations_open: 0,
    created_at: start - 24 * DAY,
  });
  const players = [...rng.shuffle([...pool]).slice(0, 47), player];
  await registerSolo(ctx, rng, id, players, start, now, new Set());
  const skills = skillsOf(
    rng,
    players.map((p) => p.id),
  );
  // player@ is a solid racer: reaching the final makes their profile show a top-12 result.
  skills.set(player.id, 1.6);
  const clock = new StoryClock(ctx, id);
  await clock.start();

  // Round 1: 4 rooms of 12, 8 races.
  await createRound(ctx, admin, id, create({ races: 8, seed: 19_2026 }));
  await clock.drawn(start - 45 * MIN, 1);
  await publishRound(ctx, admin, id, 1);
  await clock.at(start - 40 * MIN);
  await roomCodes(ctx, admin, rng, id, 1);
  await clock.at(start - 30 * MIN);
  const r1 = (await detail(ctx, admin, id, 1)).rooms;
  const modes1: Entry[] = ["lorenzi", "grid", "totals", "lorenzi-gp"];
  for (const [i, room] of r1.entries()) {
    const title = `FFA Showdown #1 - Round 1 - Room ${room.number}`;
    const body = tableFor(room, title, 8, modes1[i]!, skills, rng, { penalty: i === 0, short: i === 2 });
    // Room 2's host enters their own table; the organiser enters the others.
    const by = i === 1 ? ((await hostActor(ctx.db, room.host_player_id)) ?? admin) : admin;
    if (body.confirm_mismatch) {
      // The organiser sees the warning first, then confirms it.
      const warned = await submitTable(ctx, by, id, 1, room.number, table({ ...body, confirm_mismatch: false }));
      if (warned.saved || !warned.mismatch) throw new Error("seedRoundsDemo: the short total was not warned about");
    }
    await enter(ctx, by, id, 1, room.number, body);
    await clock.table(start + (52 + 4 * i) * MIN, 1, room.number);
  }
  await requirePlan(ctx, admin, id, 1, { per_room: 6, wildcards: 0 });
  await closeRound(ctx, admin, id, 1, close({ plan: { per_room: 6, wildcards: 0 } }));
  await clock.closed(start + 70 * MIN, 1);

  // Round 2: the 24 advancers seeded by score, 2 rooms, 8 races.
  await createRound(ctx, admin, id, create({ name: "Semifinals", races: 8, seed_method: "score" }));
  await clock.drawn(start + 75 * MIN, 2);
  await publishRound(ctx, admin, id, 2);
  await clock.at(start + 77 * MIN);
  await roomCodes(ctx, admin, rng, id, 2);
  await clock.at(start + 80 * MIN);
  const modes2: Entry[] = ["totals", "lorenzi"];
  for (const [i, room] of (await detail(ctx, admin, id, 2)).rooms.entries()) {
    await enter(ctx, admin, id, 2, room.number, tableFor(room, `FFA Showdown #1 - Semifinal ${room.number}`, 8, modes2[i]!, skills, rng));
    await clock.table(start + (142 + 5 * i) * MIN, 2, room.number);
  }
  await requirePlan(ctx, admin, id, 2, { per_room: 6, wildcards: 0 });
  await closeRound(ctx, admin, id, 2, close({ plan: { per_room: 6, wildcards: 0 } }));
  await clock.closed(start + 155 * MIN, 2);

  // The final: 12 racers, 12 races, entered as a grid; nobody advances.
  await createRound(ctx, admin, id, create({ name: "Final", races: 12, seed_method: "score" }));
  await clock.drawn(start + 160 * MIN, 3);
  await publishRound(ctx, admin, id, 3);
  await clock.at(start + 161 * MIN);
  await roomCodes(ctx, admin, rng, id, 3);
  await clock.at(start + 163 * MIN);
  const [final] = (await detail(ctx, admin, id, 3)).rooms;
  await enter(ctx, admin, id, 3, final!.number, tableFor(final!, "FFA Showdown #1 - Final", 12, "grid", skills, rng));
  await clock.table(start + 262 * MIN, 3, final!.number);
  await closeRound(ctx, admin, id, 3, close({ plan: null }));
  await clock.closed(start + 265 * MIN, 3);
  await finish(ctx, admin, id);
  await clock.at(start + 270 * MIN);
}

/** Tournament 2: the finished 2v2 squad event with wildcards (5 rooms of 6 sides → 2 → final). */
async function duos(ctx: AppContext, admin: Actor, pool: PoolPlayer[], start: number, now: number): Promise<void> {
  const rng = new Rng("rounds-duos");
  const id = await insertTournament(ctx, {
    title: "200cc Duos Showdown",
    start_date: start,
    end_date: start + 4 * HOUR,
    organizer: "mkc",
    tournament_series_id: SQUAD_SHOWDOWN_SERIES,
    game: "mk8dx",
    game_mode: "mk8dx_200",
    event_format: EVENT_FORMAT.squad,
    minimum_team_size: 2,
    maximum_team_size: 2,
    team_tag_required: 1,
    team_name_required: 1,
    player_host_required: 1,
    description: DUOS_DESCRIPTION,
    rules: DUOS_RULES,
    post_registration_message: "Your duo is registered. Rooms of 6 duos are drawn before the start.",
    published: 1,
    registrations_open: 0,
    created_at: start - 30 * DAY,
  });
  const racers = rng.shuffle([...pool]).slice(0, 60);
  const names = new Set<string>();
  const tags = new Set<string>();
  for (let s = 0; s < 30; s++) {
    const members = [racers[2 * s]!, racers[2 * s + 1]!];
    const at = Math.max(...members.map((m) => m.created_at + HOUR), rng.time(start - 20 * DAY, Math.min(start, now) - 3 * HOUR));
    const name = makeTeamName(rng, names).slice(0, 30);
    const squad = await ctx.db
      .insertInto("squads")
      .values({
        tournament_id: id,
        squad_name: name,
        squad_tag: makeTag(rng, name, tags, "duos"),
        squad_color: rng.int(1, 40),
        status: "registered",
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("registrations")
      .values(
        members.map((m, i) => ({
          tournament_id: id,
          player_id: m.id,
          status: "registered",
          squad_id: squad.id,
          is_captain: i === 0 ? 1 : 0,
          mii_name: rng.chance(0.3) ? miiName(m.display_name, rng) : null,
          can_host: i === 0 && rng.chance(0.5) ? 1 : 0,
          // The teammate accepts the invitation a little later, still before the start.
          registered_at: Math.min(at + i * rng.time(MIN, 6 * HOUR), Math.min(start, now) - MIN),
        })),
      )
      .execute();
  }
  const skills = skillsOf(
    rng,
    racers.map((p) => p.id),
  );
  const clock = new StoryClock(ctx, id);
  await clock.start();

  // Round 1: 30 duos in 5 rooms of 6; top 2 of each room + the 2 best 3rds → 12 duos.
  await createRound(ctx, admin, id, create({ races: 8, seed: 2_2026 }));
  await clock.drawn(start - 40 * MIN, 1);
  await publishRound(ctx, admin, id, 1);
  await clock.at(start - 35 * MIN);
  await roomCodes(ctx, admin, rng, id, 1);
  await clock.at(start - 25 * MIN);
  const modes1: Entry[] = ["lorenzi", "grid", "totals", "grid", "lorenzi-gp"];
  for (const [i, room] of (await detail(ctx, admin, id, 1)).rooms.entries()) {
    const body = tableFor(room, `Duos Showdown - Round 1 - Room ${room.number}`, 8, modes1[i]!, skills, rng, { squads: true });
    await enter(ctx, admin, id, 1, room.number, body);
    await clock.table(start + (50 + 3 * i) * MIN, 1, room.number);
  }
  const wildcards = { per_room: 2, wildcards: 2 };
  await requirePlan(ctx, admin, id, 1, wildcards);
  await closeRound(ctx, admin, id, 1, close({ plan: wildcards }));
  await clock.closed(start + 70 * MIN, 1);

  // Round 2: 12 duos in 2 rooms; top 3 of each → the final.
  await createRound(ctx, admin, id, create({ name: "Semifinals", races: 8, seed_method: "score" }));
  await clock.drawn(start + 75 * MIN, 2);
  await publishRound(ctx, admin, id, 2);
  await clock.at(start + 77 * MIN);
  await roomCodes(ctx, admin, rng, id, 2);
  await clock.at(start + 80 * MIN);
  const modes2: Entry[] = ["grid", "lorenzi"];
  for (const [i, room] of (await detail(ctx, admin, id, 2)).rooms.entries()) {
    await enter(
      ctx,
      admin,
      id,
      2,
      room.number,
      tableFor(room, `Duos Showdown - Semifinal ${room.number}`, 8, modes2[i]!, skills, rng, { squads: true }),
    );
    await clock.table(start + (140 + 4 * i) * MIN, 2, room.number);
  }
  await requirePlan(ctx, admin, id, 2, { per_room: 3, wildcards: 0 });
  await closeRound(ctx, admin, id, 2, close({ plan: { per_room: 3, wildcards: 0 } }));
  await clock.closed(start + 150 * MIN, 2);

  // The final: 6 duos, 12 races, pasted per GP.
  await createRound(ctx, admin, id, create({ name: "Final", races: 12, seed_method: "score" }));
  await clock.drawn(start + 155 * MIN, 3);
  await publishRound(ctx, admin, id, 3);
  await clock.at(start + 156 * MIN);
  await roomCodes(ctx, admin, rng, id, 3);
  await clock.at(start + 158 * MIN);
  const [final] = (await detail(ctx, admin, id, 3)).rooms;
  await enter(ctx, admin, id, 3, final!.number, tableFor(final!, "Duos Showdown - Final", 12, "lorenzi-gp", skills, rng, { squads: true }));
  await clock.table(start + 230 * MIN, 3, final!.number);
  await closeRound(ctx, admin, id, 3, close({ plan: null }));
  await clock.closed(start + 232 * MIN, 3);
  await finish(ctx, admin, id);
  await clock.at(start + 235 * MIN);
}

/**
 * Tournament 3: starts in an hour, round 1 drawn and published (3 rooms of 12 with hosts and
 * room codes, no tables). The organiser moved player@ into the room leader@ hosts.
 */
async function upcoming(
  ctx: AppContext,
  admin: Actor,
  pool: PoolPlayer[],
  player: PoolPlayer,
  leader: PoolPlayer,
  now: number,
): Promise<void> {
  const rng = new Rng("rounds-upcoming");
  const start = Math.ceil((now + HOUR) / (15 * MIN)) * 15 * MIN;
  const id = await insertTournament(ctx, {
    title: "MK8DX FFA Showdown #2",
    start_date: start,
    end_date: start + 4 * HOUR + 30 * MIN,
    organizer: "lan",
    tournament_series_id: KART_KREW_SERIES,
    template_id: KART_KREW_ONLINE_QUALIFIER,
    game: "mk8dx",
    game_mode: "mk8dx_150",
    event_format: EVENT_FORMAT.solo,
    minimum_team_size: 1,
    maximum_team_size: 1,
    player_host_required: 1,
    player_mii_name_max_length: 10,
    description: SHOWDOWN_DESCRIPTION,
    rules: SHOWDOWN_RULES,
    post_registration_message: "You're in! Rooms are drawn 45 minutes before the start; check the tournament page for yours.",
    published: 1,
    registrations_open: 0,
    created_at: now - 18 * DAY,
  });
  const players = [...rng.shuffle([...pool]).slice(0, 34), player, leader];
  await registerSolo(ctx, rng, id, players, start, now, new Set([leader.id]));
  const clock = new StoryClock(ctx, id);
  await clock.start();

  await createRound(ctx, admin, id, create({ races: 8, seed: 20_2026 }));
  await clock.drawn(now - 25 * MIN, 1);
  // The organiser swaps player@ into leader@'s room and makes leader@ its host.
  const drawn = (await detail(ctx, admin, id, 1)).rooms;
  const rooms = drawn.map((r) => ({ entrant_ids: r.sides.map((s) => s.entrant_id), host_player_id: r.host_player_id }));
  const hostRoom = rooms.findIndex((r) => r.entrant_ids.includes(leader.id));
  const playerRoom = rooms.findIndex((r) => r.entrant_ids.includes(player.id));
  if (hostRoom !== playerRoom) {
    const target = rooms[hostRoom]!;
    const swap = target.entrant_ids.findLast((e) => e !== leader.id && e !== target.host_player_id)!;
    target.entrant_ids = target.entrant_ids.map((e) => (e === swap ? player.id : e));
    rooms[playerRoom]!.entrant_ids = rooms[playerRoom]!.entrant_ids.map((e) => (e === player.id ? swap : e));
  }
  rooms[hostRoom]!.host_player_id = leader.id;
  await setRooms(ctx, admin, id, 1, SetRoomsBodySchema.parse({ rooms }));
  await clock.at(now - 22 * MIN);
  await publishRound(ctx, admin, id, 1);
  await clock.at(now - 20 * MIN);
  await roomCodes(ctx, admin, rng, id, 1);
  await clock.at(now - 15 * MIN);
}

/** Kart Krew LAN Circuit (series 8, solo MK8DX 150cc) and its "Online qualifier" template (17); see series.ts. */
const KART_KREW_SERIES = 8;
const KART_KREW_ONLINE_QUALIFIER = 17;
/** 200cc Squad Showdown (series 4). */
const SQUAD_SHOWDOWN_SERIES = 4;

const SHOWDOWN_DESCRIPTION = `An online FFA qualifier of the Kart Krew LAN Circuit, run on the site from the draw to the results.

- **Round 1**: rooms of 12, 8 races; the top 6 of each room advance.
- **Semifinals**: 2 rooms of 12 seeded by round 1 score, 8 races; the top 6 advance.
- **Final**: 12 racers, 12 races.

Hosts open their room with the code shown on the tournament page and submit the table when the room is done.`;

const SHOWDOWN_RULES = `1. 150cc, items: normal, CPU: none, all tracks.
2. Be in your room 10 minutes before the start; the host opens it with the room code.
3. A track repick costs 15 points. Disconnections score 0 for the race they miss; no restarts after race 1.
4. Ties at a cut go to room rank, then total score, then the side with the host, then the best individual race score.`;

const DUOS_DESCRIPTION = `Squads of 2 at 200cc: 6 duos to a room, a duo's score is the sum of both racers' points.

Round 1 advances the top 2 duos of each room plus the best 3rds across rooms (wildcards), so the semifinals are exactly full; the top 3 of each semifinal race the 12-race final.`;

const DUOS_RULES = `1. 200cc, items: normal, teams on.
2. Both racers must be in the room; a duo with one racer scores only that racer's points.
3. A track repick costs 15 points to the racer who repicked.`;
