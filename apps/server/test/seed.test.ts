import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { EVENT_FORMAT, GAME_MODES } from "@site/contract";
import type { Database } from "../src/db/database.js";
import { openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { notificationText } from "../src/features/notifications/notifications.service.js";
import { seedDemo } from "../src/seed/demo/index.js";
import { dialects, freshDatabase } from "./helpers.js";

const D = await dialects();
// A fixed clock: the dataset is a function of (scale, now).
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const DAY = 86_400_000;

async function count(database: Database, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const r = await query.execute(database.db);
  return Number(r.rows[0]!.n);
}

describe.each(D)("demo seed (%s)", (dialect) => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await seedDemo(database, { scale: "demo", now: NOW, passwordHash: "$argon2id$test" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("fills every area at demo scale", async () => {
    const db = database.db;
    const n = async (
      table:
        | "players"
        | "teams"
        | "tournaments"
        | "tournament_series"
        | "transfers"
        | "registrations"
        | "news_posts"
        | "notifications"
        | "users"
        | "placements",
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await n("players")).toBe(2000);
    // +1 team and +1 tournament: the team registration demo (issue 8, seed/demo/team-registrations.ts);
    // +3 tournaments: the FFA rounds demo (issue 19, seed/demo/rounds.ts).
    expect(await n("teams")).toBe(201);
    expect(await n("tournaments")).toBe(84);
    expect(await n("tournament_series")).toBe(10);
    expect(await n("news_posts")).toBe(12);
    expect(await n("users")).toBeGreaterThan(200);
    expect(await n("transfers")).toBeGreaterThan(200);
    expect(await n("transfers")).toBeLessThan(2000);
    expect(await n("registrations")).toBeGreaterThan(2000);
    expect(await n("placements")).toBeGreaterThan(500);
    const notifications = await n("notifications");
    expect(notifications).toBeGreaterThanOrEqual(150);
    expect(notifications).toBeLessThanOrEqual(250);
    const media = await db
      .selectFrom("media_items")
      .select(["kind"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .groupBy("kind")
      .execute();
    expect(Object.fromEntries(media.map((m) => [m.kind, Number(m.n)]))).toEqual({ youtube: 6, stream: 6, social: 6 });
    const countries = await count(database, sql<{ n: number }>`SELECT COUNT(DISTINCT country_code) AS n FROM players`);
    expect(countries).toBeGreaterThanOrEqual(50);
  });

  it("writes the demo notifications with a catalogue key, so each reader sees their own language (#21)", async () => {
    const rows = await database.db.selectFrom("notifications").select(["message", "message_key", "message_params"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.message_key, r.message).not.toBeNull();
      // The stored English HTML is the English rendering of the key and params.
      expect(notificationText(r, "en")).toBe(r.message);
      expect(notificationText(r, "fr")).not.toBe(r.message);
    }
    const welcome = rows.find((r) => r.message_key === "account.welcome")!;
    expect(welcome.message).toBe('Welcome! <a href="/registry/edit_profile">Create your player profile</a> to join teams and tournaments.');
    expect(notificationText(welcome, "ja")).toBe(
      'ようこそ！<a href="/registry/edit_profile">プレイヤープロフィールを作成</a>して、チームや大会に参加しましょう。',
    );
  });

  it("creates the demo accounts with their roles and profiles", async () => {
    const db = database.db;
    const expected: Record<string, string | null> = {
      "admin@example.com": "administrate",
      "mod@example.com": "moderate",
      "event-admin@example.com": "event_admin",
      "leader@example.com": null,
      "supporter@example.com": "supporter",
      "player@example.com": null,
      "new@example.com": null,
    };
    for (const [email, role] of Object.entries(expected)) {
      const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      expect(user.state).toBe("active");
      expect(user.password_hash).toBe("$argon2id$test");
      expect(user.email_verified_at).not.toBeNull();
      const roles = (await db.selectFrom("user_roles").select("role").where("user_id", "=", user.id).execute()).map((r) => r.role);
      expect(roles).toEqual(role ? [role] : []);
      const player = await db.selectFrom("players").selectAll().where("user_id", "=", user.id).executeTakeFirst();
      if (email === "new@example.com") expect(player).toBeUndefined();
      else {
        expect(player).toBeDefined();
        expect(player!.is_banned).toBe(0);
        expect(player!.is_shadow).toBe(0);
      }
      if (email === "supporter@example.com") {
        expect(user.site_theme).toBe("ocean");
        expect(player!.border_color).toBe(45);
      }
    }
    const leads = await sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM team_memberships m
      JOIN players p ON p.id = m.player_id JOIN users u ON u.id = p.user_id JOIN teams t ON t.id = m.team_id
      WHERE u.email = 'leader@example.com' AND m.is_leader = 1 AND m.left_at IS NULL AND t.team_status = 'approved'`.execute(db);
    expect(Number(leads.rows[0]!.n)).toBeGreaterThanOrEqual(1);
    const playerLeads = await sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM team_memberships m JOIN players p ON p.id = m.player_id JOIN users u ON u.id = p.user_id
      WHERE u.email = 'player@example.com' AND m.is_leader = 1`.execute(db);
    expect(Number(playerLeads.rows[0]!.n)).toBe(0);
  });

  it("gives a player at most one active membership per category", async () => {
    const dupes = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
        SELECT m.player_id, t.category FROM team_memberships m JOIN teams t ON t.id = m.team_id
        WHERE m.left_at IS NULL GROUP BY m.player_id, t.category HAVING COUNT(*) > 1) x`,
    );
    expect(dupes).toBe(0);
    // Every non-historical team has an active leader; historical teams have no active member.
    const leaderless = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM teams t WHERE t.is_historical = 0 AND NOT EXISTS (
        SELECT 1 FROM team_memberships m WHERE m.team_id = t.id AND m.left_at IS NULL AND m.is_leader = 1)`,
    );
    expect(leaderless).toBe(0);
    const activeInHistorical = await count(
      database,
      sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM team_memberships m JOIN teams t ON t.id = m.team_id WHERE t.is_historical = 1 AND m.left_at IS NULL`,
    );
    expect(activeInHistorical).toBe(0);
  });

  it("records transfers that match the memberships", async () => {
    const fromMismatch = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM transfers x WHERE x.status = 'accepted' AND x.from_team_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM team_memberships m WHERE m.player_id = x.player_id AND m.team_id = x.from_team_id AND m.left_at = x.created_at)`,
    );
    const toMismatch = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM transfers x WHERE x.status = 'accepted' AND x.to_team_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM team_memberships m WHERE m.player_id = x.player_id AND m.team_id = x.to_team_id AND m.joined_at = x.created_at)`,
    );
    expect(fromMismatch).toBe(0);
    expect(toMismatch).toBe(0);
    const recent = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM transfers WHERE status = 'accepted' AND created_at > ${NOW - 21 * DAY}`,
    );
    expect(recent).toBeGreaterThan(10);
    const future = await count(database, sql<{ n: number }>`SELECT COUNT(*) AS n FROM transfers WHERE created_at > ${NOW}`);
    expect(future).toBe(0);
  });

  it("has past, ongoing, upcoming, historical and dateless tournaments with consistent modes", async () => {
    const rows = await database.db.selectFrom("tournaments").selectAll().execute();
    const historical = rows.filter((t) => t.is_historical === 1);
    const dated = rows.filter((t) => t.is_historical === 0 && t.start_date !== null);
    const ongoing = dated.filter((t) => t.start_date! <= NOW && t.end_date! >= NOW);
    const upcoming = dated.filter((t) => t.start_date! > NOW);
    const past = dated.filter((t) => t.end_date! < NOW);
    expect(historical.length).toBeGreaterThanOrEqual(10);
    expect(ongoing.length).toBeGreaterThanOrEqual(2);
    expect(ongoing.length).toBeLessThanOrEqual(4);
    expect(upcoming.length).toBeGreaterThanOrEqual(8);
    expect(upcoming.length).toBeLessThanOrEqual(12);
    expect(upcoming.filter((t) => t.registrations_open === 1).length).toBeGreaterThan(upcoming.length / 2);
    expect(past.length).toBeGreaterThan(40);
    expect(rows.some((t) => t.start_date === null && t.is_historical === 0)).toBe(true);
    expect(rows.some((t) => t.published === 0)).toBe(true);
    expect(rows.some((t) => t.organizer === "lan" && t.location !== null && t.location_url !== null)).toBe(true);
    for (const t of rows) {
      const mode = GAME_MODES[t.game_mode as keyof typeof GAME_MODES];
      expect(mode, t.game_mode).toBeDefined();
      expect(mode.game).toBe(t.game);
      if (t.event_format === EVENT_FORMAT.solo) expect(t.maximum_team_size).toBe(1);
      if (t.event_format === EVENT_FORMAT.team) expect(mode.category).toBe(true);
      expect(t.title.length).toBeLessThanOrEqual(250);
    }
  });

  it("registers players before the start and after they joined", async () => {
    const late = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM registrations r JOIN tournaments t ON t.id = r.tournament_id
        WHERE (t.start_date IS NOT NULL AND r.registered_at > t.start_date) OR r.registered_at > ${NOW}`,
    );
    expect(late).toBe(0);
    const beforeJoin = await count(
      database,
      sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM registrations r JOIN players p ON p.id = r.player_id WHERE r.registered_at < p.created_at`,
    );
    expect(beforeJoin).toBe(0);
    // One captain per registered squad.
    const badSquads = await count(
      database,
      sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM squads s WHERE (SELECT COUNT(*) FROM registrations r WHERE r.squad_id = s.id AND r.is_captain = 1) <> 1`,
    );
    expect(badSquads).toBe(0);
  });

  it("places the latest past published tournament with at least 12 rows of small squads", async () => {
    // The home results panel's lookup: newest past, published, non-historical with placements.
    const latest = await sql<{ id: number; event_format: number; maximum_team_size: number }>`
      SELECT t.id, t.event_format, t.maximum_team_size FROM tournaments t
      WHERE t.end_date < ${NOW} AND t.published = 1 AND t.is_historical = 0
        AND EXISTS (SELECT 1 FROM placements p WHERE p.tournament_id = t.id)
      ORDER BY t.end_date DESC LIMIT 1`.execute(database.db);
    const t = latest.rows[0]!;
    expect(t).toBeDefined();
    // It is also simply the newest finished published tournament.
    const newest = await sql<{ id: number }>`
      SELECT id FROM tournaments WHERE end_date < ${NOW} AND published = 1 AND is_historical = 0 ORDER BY end_date DESC LIMIT 1`.execute(
      database.db,
    );
    expect(newest.rows[0]!.id).toBe(t.id);
    expect(t.event_format).toBe(2);
    expect(t.maximum_team_size).toBeLessThanOrEqual(4);
    const placements = await database.db.selectFrom("placements").selectAll().where("tournament_id", "=", t.id).execute();
    expect(placements.length).toBeGreaterThanOrEqual(12);
    const big = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM placements p WHERE p.tournament_id = ${t.id} AND (
        SELECT COUNT(*) FROM registrations r WHERE r.squad_id = p.entrant_id AND r.status = 'registered') NOT BETWEEN 1 AND 4`,
    );
    expect(big).toBe(0);
    expect(placements.find((p) => p.placement === 1)?.title).toBe("Champion");
  });

  it("stores ties and disqualifications in the old site's shape", async () => {
    const rows = await database.db.selectFrom("placements").selectAll().execute();
    const ties = rows.filter((p) => p.placement_upper_bound !== null);
    expect(ties.length).toBeGreaterThan(0);
    for (const p of ties) expect(p.placement_upper_bound!).toBeLessThan(p.placement!);
    const dqs = rows.filter((p) => p.dq === 1);
    expect(dqs.length).toBeGreaterThan(0);
    for (const p of dqs) expect(p.placement).toBeNull();
    // Entrant ids point at rows of the right table.
    const dangling = await count(
      database,
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM placements p WHERE
        (p.entrant_type = 'player' AND NOT EXISTS (SELECT 1 FROM players x WHERE x.id = p.entrant_id)) OR
        (p.entrant_type = 'squad' AND NOT EXISTS (SELECT 1 FROM squads x WHERE x.id = p.entrant_id AND x.tournament_id = p.tournament_id)) OR
        (p.entrant_type = 'team' AND NOT EXISTS (SELECT 1 FROM teams x WHERE x.id = p.entrant_id))`,
    );
    expect(dangling).toBe(0);
  });

  it("runs three FFA tournaments through the rounds: a finished solo, a finished 2v2 with wildcards, and a drawn round 1", async () => {
    const db = database.db;
    const byTitle = async (title: string) => db.selectFrom("tournaments").selectAll().where("title", "=", title).executeTakeFirstOrThrow();
    const roundsOf = (id: number) => db.selectFrom("ffa_rounds").selectAll().where("tournament_id", "=", id).orderBy("number").execute();
    const entriesOf = (roundId: number) => db.selectFrom("ffa_room_entries").selectAll().where("round_id", "=", roundId).execute();
    const roomsOf = (roundId: number) => db.selectFrom("ffa_rooms").selectAll().where("round_id", "=", roundId).orderBy("number").execute();
    const playerOf = async (email: string) =>
      (
        await db
          .selectFrom("users as u")
          .innerJoin("players as p", "p.user_id", "u.id")
          .select("p.id")
          .where("u.email", "=", email)
          .executeTakeFirstOrThrow()
      ).id;

    // 1. The solo FFA: 48 → 4 rooms → 2 → a closed final, tables in all three modes, placements written.
    const solo = await byTitle("MK8DX FFA Showdown #1");
    expect(solo.end_date!).toBeLessThan(NOW);
    const soloRounds = await roundsOf(solo.id);
    expect(soloRounds.map((r) => [r.status, r.plan_per_room])).toEqual([
      ["closed", 6],
      ["closed", 6],
      ["closed", null],
    ]);
    const soloRooms = await Promise.all(soloRounds.map((r) => roomsOf(r.id)));
    expect(soloRooms.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(new Set(soloRooms.flat().map((r) => r.table_mode))).toEqual(new Set(["lorenzi", "grid", "totals"]));
    expect(soloRooms.flat().filter((r) => r.mismatch_actual !== null)).toHaveLength(1);
    expect(soloRooms.flat().every((r) => r.host_player_id !== null && r.room_code !== null && r.locked_at !== null)).toBe(true);
    const penalties = await db
      .selectFrom("ffa_scores")
      .select("penalty")
      .where("penalty", ">", 0)
      .where(
        "room_id",
        "in",
        soloRooms.flat().map((r) => r.id),
      )
      .execute();
    expect(penalties.map((p) => p.penalty)).toEqual([15]);
    // Racers do not place the same in every race.
    const scores = await db.selectFrom("ffa_scores").select("races").where("room_id", "=", soloRooms[2]![0]!.id).execute();
    expect(scores.every((s) => new Set(JSON.parse(s.races!) as number[]).size > 1)).toBe(true);
    const soloPlacements = await db.selectFrom("placements").selectAll().where("tournament_id", "=", solo.id).execute();
    expect(soloPlacements).toHaveLength(48);
    expect(
      soloPlacements
        .filter((p) => p.placement_upper_bound === null)
        .map((p) => p.placement)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const racer = await playerOf("player@example.com");
    expect(soloPlacements.find((p) => p.entrant_id === racer)).toBeDefined();

    // 2. The 2v2 event: 30 squads in 5 rooms of 6 sides; top 2 + 2 wildcards → 2 rooms → final of 6.
    const duos = await byTitle("200cc Duos Showdown");
    const duoRounds = await roundsOf(duos.id);
    expect(duoRounds.map((r) => [r.status, r.sides_per_room, r.plan_per_room, r.plan_wildcards])).toEqual([
      ["closed", 6, 2, 2],
      ["closed", 6, 3, 0],
      ["closed", 6, null, null],
    ]);
    const first = await entriesOf(duoRounds[0]!.id);
    expect(first).toHaveLength(30);
    expect(first.filter((e) => e.advanced === "wildcard").map((e) => e.rank)).toEqual([3, 3]);
    expect(first.filter((e) => e.advanced === "yes")).toHaveLength(10);
    const duoPlacements = await db.selectFrom("placements").selectAll().where("tournament_id", "=", duos.id).execute();
    expect(duoPlacements).toHaveLength(30);
    expect(duoPlacements.every((p) => p.entrant_type === "squad")).toBe(true);

    // 3. Round 1 drawn and published before the start, no tables; player@ races in the room leader@ hosts.
    const next = await byTitle("MK8DX FFA Showdown #2");
    expect(next.start_date!).toBeGreaterThan(NOW);
    const [r1, ...more] = await roundsOf(next.id);
    expect(more).toEqual([]);
    expect(r1!.status).toBe("drawn");
    const rooms = await roomsOf(r1!.id);
    expect(rooms.every((r) => r.host_player_id !== null && r.room_code !== null && r.table_submitted_at === null)).toBe(true);
    const leader = await playerOf("leader@example.com");
    const seats = await entriesOf(r1!.id);
    const hosted = rooms.find((r) => r.host_player_id === leader)!;
    expect(seats.filter((e) => e.room_id === hosted.id).map((e) => e.entrant_id)).toEqual(expect.arrayContaining([leader, racer]));
    expect(
      await db
        .selectFrom("ffa_scores")
        .select("id")
        .where(
          "room_id",
          "in",
          rooms.map((r) => r.id),
        )
        .execute(),
    ).toEqual([]);
  });

  it("leaves the id sequences usable and refuses to seed twice", async () => {
    const inserted = await database.db
      .insertInto("players")
      .values({ display_name: "After Seed", country_code: "US", created_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBe(2001);
    await database.db.deleteFrom("players").where("id", "=", inserted.id).execute();
    await expect(seedDemo(database, { scale: "demo", now: NOW, passwordHash: "x" })).rejects.toThrow(/not empty/);
  });
});

describe("demo seed determinism", () => {
  async function seeded(now: number): Promise<Database> {
    const database = openDatabase("sqlite::memory:");
    await migrateToLatest(database);
    await seedDemo(database, { scale: "demo", now, passwordHash: "x" });
    return database;
  }

  it("gives identical rows for the same clock", async () => {
    const a = await seeded(NOW);
    const b = await seeded(NOW);
    const names = (d: Database) => d.db.selectFrom("players").select(["id", "display_name", "created_at"]).orderBy("id").execute();
    const teams = (d: Database) => d.db.selectFrom("teams").select(["team_name", "team_tag"]).orderBy("id").execute();
    const tournaments = (d: Database) => d.db.selectFrom("tournaments").select(["title", "start_date"]).orderBy("id").execute();
    const placements = (d: Database) =>
      d.db.selectFrom("placements").select(["tournament_id", "entrant_id", "placement"]).orderBy("id").execute();
    expect(await names(a)).toEqual(await names(b));
    expect(await teams(a)).toEqual(await teams(b));
    expect(await tournaments(a)).toEqual(await tournaments(b));
    expect(await placements(a)).toEqual(await placements(b));

    // Another clock keeps the names and shifts the dates with it.
    const c = await seeded(NOW + 30 * DAY);
    const later = await names(c);
    const before = await names(a);
    expect(later.map((p) => p.display_name)).toEqual(before.map((p) => p.display_name));
    expect(later[0]!.created_at - before[0]!.created_at).toBe(30 * DAY);
    await Promise.all([a.destroy(), b.destroy(), c.destroy()]);
  });
});
