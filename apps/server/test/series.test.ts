import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createTournament, DAY_MS } from "./factories.js";

const D = await dialects();

describe.each(D)("series listing (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    const now = Date.now();
    const mk = async (name: string, o: { published?: number; historical?: number; display_order?: number }) =>
      (
        await db
          .insertInto("tournament_series")
          .values({
            series_name: name,
            url_slug: name.toLowerCase().replace(/\W+/g, "-"),
            short_description: `About ${name}`,
            created_at: now,
            game_mode: "mk8dx_150",
            default_event_format: 2,
            published: 1,
            ...o,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const open = await mk("Open Series", { display_order: 1 });
    await mk("Old Series", { historical: 1, display_order: 2 });
    await mk("Draft Series", { published: 0, display_order: 0 });
    await createTournament(t.database, {
      title: "Open #1",
      tournament_series_id: open,
      start_date: now - 40 * DAY_MS,
      end_date: now - 39 * DAY_MS,
    });
    await createTournament(t.database, {
      title: "Open #2",
      tournament_series_id: open,
      start_date: now + 5 * DAY_MS,
      end_date: now + 6 * DAY_MS,
      registrations_open: 1,
    });
    await createTournament(t.database, {
      title: "Open #3 draft",
      tournament_series_id: open,
      published: 0,
      start_date: now + 50 * DAY_MS,
      end_date: now + 51 * DAY_MS,
    });
    await signedIn(t, { email: "ea@example.com", roles: ["event_admin"], player: false, signIn: false });
  });
  afterAll(() => t.close());

  it("lists published series in display order with their latest published event", async () => {
    const r = (await new Client(t.app).get("/api/tournaments/series")).json();
    expect(r.all_series.map((s: { series_name: string }) => s.series_name)).toEqual(["Open Series", "Old Series"]);
    expect(r.all_series[0]).toMatchObject({
      latest_event_title: "Open #2",
      registrations_open: true,
      game_mode_human: "MK8DX 150cc",
      event_format_human: "Squad",
    });
    expect(r.all_series[1]).toMatchObject({ historical: true, latest_event_id: null });
  });

  it("shows unpublished series to event staff", async () => {
    const c = await signIn(t, "ea@example.com");
    const r = (await c.get("/api/tournaments/series")).json();
    expect(r.all_series.map((s: { series_name: string }) => s.series_name)).toEqual(["Draft Series", "Open Series", "Old Series"]);
  });
});
