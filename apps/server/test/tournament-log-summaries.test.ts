import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPlayer, createSquad, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { postForm, tournamentForm } from "./tournament-helpers.js";

/**
 * The tournament log's summaries carry a catalogue key and params for translation (#21): each
 * line stores `summary_key` / `summary_params` beside its unchanged English `summary`, and the
 * log list sends them. The web's English message for the key, rendered with the params, is the
 * server's own summary (checked here against apps/web's catalogue for every keyed line written).
 * Lines whose before/after text holds words also store them as values (`before_values` /
 * `after_values`: a field's key and a word key, raw text, a number or an ISO time), sent beside
 * the unchanged English text; old lines send null.
 */

interface Line {
  action: string;
  action_human: string;
  summary_key: string | null;
  summary_params: Record<string, string | number> | null;
}

/** The web's English log summaries, compiled as the web compiles them. */
const english = (() => {
  const all = JSON.parse(readFileSync(new URL("../../web/src/locales/tournaments/en.json", import.meta.url), "utf8")) as Record<
    string,
    string
  >;
  const messages = Object.fromEntries(
    Object.entries(all)
      .filter(([k]) => k.startsWith("tournaments.logs.summary."))
      .map(([k, v]) => [k, compileMessageOrThrow(v)]),
  );
  const i18n = setupI18n({ locale: "en", messages: { en: messages } });
  return (key: string, params: Record<string, string | number>) => {
    const id = `tournaments.logs.summary.${key}`;
    expect(messages[id], `no English message for ${id}`).toBeDefined();
    return i18n._(id, params);
  };
})();

describe.each(await dialects())("tournament log summaries' keys (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["event_admin"] });
  });
  afterAll(() => t.close());

  const logs = async (T: number): Promise<Line[]> => {
    const res = await admin.c.get(`/api/events/${T}/logs`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Line[]).reverse();
  };
  /** Every keyed line's English rendering is its summary, as the server wrote it. */
  const expectEnglishUnchanged = (lines: Line[]) => {
    for (const l of lines) if (l.summary_key) expect(english(l.summary_key, l.summary_params ?? {})).toBe(l.action_human);
  };

  it("solo: manual registration, verification, a move, waitlist promotion, check-in in and out", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.solo,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      max_entrants: 1,
      checkin_required: 1,
      checkin_status: 1,
    });
    const a = await signedIn(t, { player: { display_name: "Anna" } });
    const b = await signedIn(t, { player: { display_name: "Bruno" } });
    const post = async (who: SignedIn, path: string, body: object = {}) => {
      const res = await who.c.post(`/api/events/${T}${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await post(admin, "/register_player", { player_id: a.playerId });
    await post(admin, "/move_player", { status: "registered", player_id: a.playerId });
    await post(b, "/register");
    await post(admin, "/move_player", { status: "withdrawn", player_id: a.playerId });
    await post(b, "/checkin");
    await post(b, "/checkout");
    await post(admin, `/checkins/players/${b.playerId}/checkin`);
    await post(admin, `/checkins/players/${b.playerId}/checkout`);

    const lines = await logs(T);
    expect(lines.map((l) => [l.action, l.action_human, l.summary_key, l.summary_params])).toEqual([
      ["registration.manual", "Manually registered Anna", "player.manual", { player: "Anna" }],
      ["registration.verify", "Verified Anna", "player.verified", { player: "Anna" }],
      ["registration.waitlist", "Put Bruno on the waitlist (the tournament is full)", "registration.waitlisted", { player: "Bruno" }],
      ["registration.move", "Moved Anna", "player.moved", { player: "Anna" }],
      [
        "registration.waitlist_promote",
        "Promoted Bruno from the waitlist (a place opened)",
        "waitlist.promoted",
        { name: "Bruno", reason: "opened" },
      ],
      ["registration.checkin", "Bruno checked in", "checkin.self", { player: "Bruno", direction: "in" }],
      ["registration.checkout", "Bruno checked out", "checkin.self", { player: "Bruno", direction: "out" }],
      ["registration.checkin", "Checked Bruno in", "checkin.staff_player", { player: "Bruno", direction: "in" }],
      ["registration.checkout", "Checked Bruno out", "checkin.staff_player", { player: "Bruno", direction: "out" }],
    ]);
    expectEnglishUnchanged(lines);
  });

  it("squads: verification, a member moved (the captain passes on), staff check-in, promotion by staff", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 3,
      max_entrants: 1,
      checkin_required: 1,
      checkin_status: 1,
    });
    const [p1, p2, p3, q1] = await Promise.all(
      ["Cara", "Dino", "Emma", "Fritz"].map((display_name) => signedIn(t, { player: { display_name } })),
    );
    const alpha = await createSquad(t.database, T, "Alpha", [p1!.playerId, p2!.playerId, p3!.playerId]);
    const post = async (path: string, body: object) => {
      const res = await admin.c.post(`/api/events/${T}${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await post("/move_squad", { status: "registered", squad_id: alpha });
    await post("/move_squad_player", { status: "withdrawn", player_id: p1!.playerId });
    await post("/registrations/squads/bulk", { action: "checkin", ids: [alpha] });
    // Beta registers past the cap and waits; staff promote it.
    const reg = await q1!.c.post(`/api/events/${T}/register`, { squad_name: "Beta", squad_tag: "BET" });
    expect(reg.statusCode, reg.body).toBe(200);
    const beta = (await t.database.db.selectFrom("squads").select("id").where("squad_name", "=", "Beta").executeTakeFirstOrThrow()).id;
    await post("/waitlist/promote", { entrant_id: beta });

    const lines = await logs(T);
    const keyed = lines.map((l) => [l.action_human, l.summary_key, l.summary_params]);
    expect(keyed).toEqual(
      expect.arrayContaining([
        ["Verified squad Alpha", "squad.verified", { squad: "Alpha" }],
        ["Moved Cara", "player.moved", { player: "Cara" }],
        ["Dino became captain after Cara was moved", "squad.captain_after_move", { captain: "Dino", player: "Cara" }],
        ["Checked in squad Alpha (Dino, Emma)", "checkin.staff_squad", { squad: "Alpha", players: "Dino, Emma", direction: "in" }],
        ["Put squad Beta on the waitlist (the tournament is full)", "registration.waitlisted_squad", { squad: "Beta" }],
        ["Promoted squad Beta from the waitlist (by staff)", "waitlist.promoted_squad", { name: "Beta", reason: "staff" }],
      ]),
    );
    expectEnglishUnchanged(lines);
  });

  it("teams: registration (and on the waitlist), withdrawal, promotion, a move by staff, a waitlist move", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.team,
      game_mode: "mk8dx_150",
      registrations_open: 1,
      minimum_team_size: 2,
      max_entrants: 1,
    });
    const long = Date.now() - 30 * 86_400_000;
    const team = async (name: string) => {
      const id = await createTeam(t.database, { team_name: name, team_tag: name.slice(0, 3).toUpperCase() });
      const leaders = [await signedIn(t), await signedIn(t)];
      for (const l of leaders) await addMember(t.database, id, l.playerId, { is_leader: 1, joined_at: long });
      return { id, leader: leaders[0]! };
    };
    const [a, b, c] = [await team("Alpha"), await team("Bravo"), await team("Charlie")];
    for (const x of [a, b, c]) expect((await x.leader.c.post(`/api/events/${T}/register`, { team_id: x.id })).statusCode).toBe(200);
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
    };
    await ok(admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: c.id, direction: "up" }));
    await ok(a.leader.c.post(`/api/events/${T}/withdraw`, { team_id: a.id }));

    const lines = await logs(T);
    const keyed = lines.map((l) => [l.action, l.summary_key, l.summary_params]);
    expect(keyed).toEqual(
      expect.arrayContaining([
        ["team.register", "team.registered", { player: a.leader.name, team: "Alpha" }],
        ["team.register", "team.registered_waitlist", { player: b.leader.name, team: "Bravo", place: 1 }],
        ["team.waitlist_move", "team.waitlist_moved", { team: "Charlie", direction: "up" }],
        ["team.withdraw", "team.withdrew", { player: a.leader.name, team: "Alpha" }],
        ["team.waitlist_promote", "team.waitlist_promoted", { team: "Charlie", reason: "opened" }],
      ]),
    );
    expect(lines.every((l) => l.summary_key !== null)).toBe(true);
    expectEnglishUnchanged(lines);
  });

  it("rounds: the draw, its publication, a room's lock and unlock", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.solo,
      registrations_open: 0,
      start_date: Date.now() - 3600_000,
    });
    for (let i = 0; i < 24; i++) {
      const id = await createPlayer(t.database, { display_name: `Ffa${i}`, country_code: "US" });
      await t.database.db
        .insertInto("registrations")
        .values({
          tournament_id: T,
          player_id: id,
          status: "registered",
          can_host: i % 6 === 0 ? 1 : 0,
          registered_at: Date.now() - (100 - i) * 1000,
        })
        .execute();
    }
    const ok = async (path: string, body: object = {}) => {
      const r = await admin.c.post(`/api/events/${T}${path}`, body);
      expect(r.statusCode, r.body).toBe(200);
    };
    await ok("/rounds", { races: 8, room_size: 12, seed: 42 });
    await ok("/rounds/1/publish");
    await ok("/rounds/1/rooms/1/lock", { locked: true });
    await ok("/rounds/1/rooms/1/lock", { locked: false });
    const lines = await logs(T);
    expect(lines.map((l) => [l.action_human, l.summary_key, l.summary_params])).toEqual([
      [
        "Drew Round 1: 24 players in 2 rooms (random, seed 42)",
        "rounds.drawn",
        { round: "Round 1", count: 24, kind: "players", rooms: 2, method: "random", seed: "42" },
      ],
      ["Published the draw of Round 1", "rounds.published", { round: "Round 1" }],
      ["Round 1, room 1: table locked", "rounds.table_lock", { round: "Round 1", room: 1, state: "locked" }],
      ["Round 1, room 1: table unlocked", "rounds.table_lock", { round: "Round 1", room: 1, state: "unlocked" }],
    ]);
    expectEnglishUnchanged(lines);
  });

  it("a line without a summary, and an old line without a key, send null", async () => {
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.solo });
    expect((await admin.c.post(`/api/events/${T}/controls`, { published: false })).statusCode).toBe(200);
    await t.database.db
      .insertInto("tournament_logs")
      .values({
        tournament_id: T,
        user_id: admin.userId,
        action: "registration.verify",
        details: JSON.stringify({ before: null, after: null, summary: "Verified Old" }),
        created_at: Date.now() + 1000,
      })
      .execute();
    const [controls, old] = await logs(T);
    expect(controls).toMatchObject({ action: "controls.published", summary_key: null, summary_params: null });
    expect(old).toMatchObject({ action_human: "Verified Old", summary_key: null, summary_params: null });
  });

  describe("before and after values (#21)", () => {
    interface Valued extends Line {
      before: string | null;
      after: string | null;
      before_values: unknown[] | null;
      after_values: unknown[] | null;
    }
    const valued = async (T: number) => (await logs(T)) as Valued[];

    it("a controls change: each state as a word beside the unchanged English", async () => {
      const T = await createTournament(t.database, {
        event_format: EVENT_FORMAT.solo,
        registrations_open: 1,
        checkin_required: 1,
        checkin_status: 0,
      });
      const res = await admin.c.post(`/api/events/${T}/controls`, { registrations_open: false, checkin_status: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const word = (value: string) => [{ field: null, kind: "word", value }];
      expect((await valued(T)).map((l) => [l.action, l.before, l.after, l.before_values, l.after_values])).toEqual([
        ["controls.registrations_open", "Open", "Closed", word("registrations.open"), word("registrations.closed")],
        ["controls.checkin_status", "0 (Not Open)", "1 (Open)", word("checkin.not_open"), word("checkin.open")],
      ]);
    });

    it("a tournament edit: each changed field's key and value, in the English text's order", async () => {
      const dates = { start_date: "2030-03-01T09:00", end_date: "2030-03-02T18:00" };
      const created = await postForm(admin.c, "/api/events/new", tournamentForm({ tournament_title: "Values Cup", ...dates }));
      expect(created.statusCode, created.body).toBe(200);
      const T = created.json().id as number;
      const edited = await postForm(
        admin.c,
        `/api/events/${T}`,
        tournamentForm({
          ...dates,
          tournament_title: "Values Cup II",
          start_date: "2030-03-01T11:30",
          transfer_deadline: "2030-01-15",
          maximum_players: "6",
          verification_required: true,
          event_rules: "New rules",
        }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const [create, edit] = await valued(T);
      // The creation's value is a name: nothing to translate.
      expect(create).toMatchObject({ action: "tournament.create", after: "Values Cup", before_values: null, after_values: null });
      expect(edit!.action).toBe("tournament.edit");
      expect(edit!.after).toBe(
        `title: Values Cup II; start_date: 2030-03-01T11:30:00.000Z; transfer_deadline: 2030-01-15T00:00:00.000Z; maximum_team_size: 6; verification_required: 1; rules: (changed)`,
      );
      expect(edit!.before_values).toEqual([
        { field: "title", kind: "text", value: "Values Cup" },
        { field: "start_date", kind: "time", value: "2030-03-01T09:00:00.000Z" },
        { field: "transfer_deadline", kind: "word", value: "none" },
        { field: "maximum_team_size", kind: "number", value: 4 },
        { field: "verification_required", kind: "word", value: "no" },
        { field: "rules", kind: "word", value: "text.previous" },
      ]);
      expect(edit!.after_values).toEqual([
        { field: "title", kind: "text", value: "Values Cup II" },
        { field: "start_date", kind: "time", value: "2030-03-01T11:30:00.000Z" },
        { field: "transfer_deadline", kind: "day", value: "2030-01-15T00:00:00.000Z" },
        { field: "maximum_team_size", kind: "number", value: 6 },
        { field: "verification_required", kind: "word", value: "yes" },
        { field: "rules", kind: "word", value: "text.changed" },
      ]);
    });

    it("an old line, or one whose stored values are malformed, sends null values and keeps its English text", async () => {
      const T = await createTournament(t.database, { event_format: EVENT_FORMAT.solo });
      const line = (details: object, at: number) => ({
        tournament_id: T,
        user_id: admin.userId,
        action: "controls.published",
        details: JSON.stringify(details),
        created_at: at,
      });
      await t.database.db
        .insertInto("tournament_logs")
        .values([
          line({ before: "Hidden", after: "Published" }, Date.now()),
          line({ before: "Hidden", after: "Published", before_values: [{ field: null, kind: "colour", value: "x" }] }, Date.now() + 1),
        ])
        .execute();
      expect((await valued(T)).map((l) => [l.before, l.after, l.before_values, l.after_values])).toEqual([
        ["Hidden", "Published", null, null],
        ["Hidden", "Published", null, null],
      ]);
    });
  });
});
