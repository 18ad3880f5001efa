import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSquad, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * The tournament log's summaries carry a catalogue key and params for translation (#21): each
 * line stores `summary_key` / `summary_params` beside its unchanged English `summary`, and the
 * log list sends them. The web's English message for the key, rendered with the params, is the
 * server's own summary (checked here against apps/web's catalogue for every keyed line written).
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
});
