import { roomTableImageUrl } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createSquad, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, DAY_MS, localDate, postForm, tournamentForm } from "./tournament-helpers.js";

const D = await dialects();

/**
 * The tournament, round, series, template and placement refusals that had only English now
 * carry codes (#21): one representative refusal of each service, answered with its unchanged
 * English `message` plus `code` and `params`. A word the server chooses (the schedule field, a
 * tie) is a select value in `params`, never English.
 */
describe.each(D)("tournament refusals have codes (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let outsider: SignedIn;
  let anon: Client;
  let T: number;
  let series: number;
  const refusal = (message: string, code: string, params?: Record<string, string | number>) => ({
    status: "error",
    message,
    code,
    ...(params ? { params } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    outsider = await signedIn(t);
    anon = new Client(t.app);
    await anon.session();
    series = await createSeries(d);
    // 6 duos drawn into one 12-racer room: round 1, a draft, room 1 without a table.
    T = await createTournament(d, { event_format: 2, minimum_team_size: 2, maximum_team_size: 2, registrations_open: 0 });
    for (let s = 0; s < 6; s++) {
      const ids = [await createPlayer(d), await createPlayer(d)];
      await createSquad(d, T, `Duo ${s + 1}`, ids);
    }
    await d.db.updateTable("registrations").set({ can_host: 1 }).where("tournament_id", "=", T).execute();
    expect((await admin.c.post(`/api/events/${T}/rounds`, { races: 8, room_size: 12, seed: 7 })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("tournament save: the schedule's refusals name the field as a select value", async () => {
    const now = Date.now();
    const times = {
      checkin_required: true,
      registrations_close_at: localDate(now + 2 * DAY_MS),
      checkin_opens_at: localDate(now + 9 * DAY_MS),
      checkin_closes_at: localDate(now + 10 * DAY_MS),
    };
    const save = (o: Record<string, string>) => postForm(admin.c, "/api/events/new", tournamentForm({ ...times, ...o }));
    let res = await save({ checkin_opens_at: "soon" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal("The check-in opening time is not a valid date and time.", "tournaments.schedule_invalid", { field: "checkin_opens_at" }),
    );
    res = await save({ registrations_close_at: localDate(now + 12 * DAY_MS) });
    expect(res.json()).toEqual(
      refusal("The registration close time must be before the tournament ends.", "tournaments.schedule_after_end", {
        field: "registrations_close_at",
      }),
    );
    res = await save({ checkin_opens_at: times.checkin_closes_at });
    expect(res.json()).toEqual(refusal("Check-in must open before it closes.", "tournaments.schedule_checkin_order"));
  });

  it("rounds: a missing round, a room without a table, a missing room, the points tables' 403", async () => {
    let res = await admin.c.get(`/api/events/${T}/rounds/9`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("This round does not exist.", "rounds.not_found"));
    res = await admin.c.get(roomTableImageUrl(T, 1, 1));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Room 1 has no table yet.", "rounds.table_missing", { room: 1 }));
    res = await anon.get("/api/rooms/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("This room does not exist.", "rounds.room_not_found"));
    res = await outsider.c.post("/api/rounds/points_tables", {
      name: "Mine",
      games: ["mk8dx"],
      room_size: 2,
      points: { 1: [1], 2: [2, 1] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusal("Only event administrators can add points tables.", "rounds.points_table_forbidden"));
  });

  it("series and templates: a missing series or template, a standings editor's 403", async () => {
    let res = await anon.get("/api/tournaments/series/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Series not found.", "series.not_found"));
    res = await admin.c.get("/api/tournaments/series/999999/templates");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Series not found.", "series.not_found"));
    res = await admin.c.get("/api/tournaments/series/templates/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Template not found.", "series.template_not_found"));
    res = await outsider.c.get(`/api/tournaments/series/${series}/points`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusal("You do not have permission to edit this series.", "series.edit_forbidden"));
  });

  it("placements: each broken list rule is its code with params (a tie range as a select value)", async () => {
    const squads = await t.database.db.selectFrom("squads").select("id").where("tournament_id", "=", T).orderBy("id").execute();
    const [a, b, c] = squads.map((s) => s.id) as [number, number, number];
    const row = (entrant_id: number, placement: number | null, placement_upper_bound: number | null = null, dq = false) => ({
      entrant_id,
      placement,
      placement_upper_bound,
      dq,
    });
    const save = (placements: unknown[]) => admin.c.post(`/api/events/${T}/placements`, { placements });
    let res = await save([row(a, 1), row(a, 2)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(`Entrant ${a} is listed more than once.`, "placements.duplicate", { id: a }));
    res = await save([row(a, 4, 3), row(b, 4, 3), row(c, 4, 3)]);
    expect(res.json()).toEqual(
      refusal("Too many entrants share placement 3–4.", "placements.too_many_tied", { range: "tie", best: 3, worst: 4 }),
    );
    res = await save([row(a, 2), row(b, 1)]);
    expect(res.json()).toEqual(
      refusal("Placement 1 is out of order: placements must follow the order of the list.", "placements.out_of_order", {
        range: "single",
        best: 1,
        worst: 1,
      }),
    );
    res = await save([row(a, null, null, true), row(b, 1)]);
    expect(res.json()).toEqual(refusal("Disqualified entrants must be listed last.", "placements.dq_last"));
  });
});
