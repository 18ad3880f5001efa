import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/features/auth/session.js";
import { createTournament, place } from "./factories.js";
import { createSeries } from "./tournament-helpers.js";
import { createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * Signed-in reads kept while the data version holds (issue #16): the session's account row
 * (`features/auth/session.ts`), a viewer's own placement and a series page per account. Each is
 * read again after any committed write, here SQL run by hand with no service and no cache
 * invalidation, so a logout, a ban, an expiry or a changed row is seen on the next request.
 */
describe.each(D)("signed-in answers kept by the data version (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const sessionOf = async (userId: number) =>
    t.database.db.selectFrom("sessions").select(["id", "expires_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();

  it("a role, a deleted session and an expiry made by hand are seen on the next request", async () => {
    const a = await signedIn(t);
    expect((await a.c.get("/api/session")).json().user.roles).toEqual([]);
    expect((await a.c.get("/api/session")).json().user.roles).toEqual([]);
    await t.database.db.insertInto("user_roles").values({ user_id: a.userId, role: "event_admin", created_at: Date.now() }).execute();
    expect((await a.c.get("/api/session")).json().user.roles).toEqual(["event_admin"]);
    await t.database.db.deleteFrom("sessions").where("user_id", "=", a.userId).execute();
    expect((await a.c.get("/api/session")).json().user).toBeNull();

    // An expiry reached with no write in between: the kept row ends with its session.
    const b = await signedIn(t);
    const s = await sessionOf(b.userId);
    await t.database.db
      .updateTable("sessions")
      .set({ expires_at: Date.now() + 400 })
      .where("id", "=", s.id)
      .execute();
    expect((await b.c.get("/api/session")).json().user.id).toBe(b.userId);
    await new Promise((r) => setTimeout(r, 500));
    expect((await b.c.get("/api/session")).json().user).toBeNull();
    expect(s.id).toHaveLength(sha256("x").length);
  });

  it("a placement and a series changed by hand are seen on the next request", async () => {
    const p = await signedIn(t);
    const id = await createTournament(t.database, { event_format: 1, minimum_team_size: 1, maximum_team_size: 1 });
    await t.database.db
      .insertInto("registrations")
      .values({ tournament_id: id, player_id: p.playerId, status: "registered", registered_at: Date.now() })
      .execute();
    await place(t.database, id, "player", p.playerId, { placement: 3 });
    const mine = async () => (await p.c.get(`/api/events/${id}/my_placement`)).json().placement?.placement;
    expect(await mine()).toBe(3);
    expect(await mine()).toBe(3);
    await t.database.db.updateTable("placements").set({ placement: 1 }).where("tournament_id", "=", id).execute();
    expect(await mine()).toBe(1);

    const seriesId = await createSeries(t.database, { series_name: "Kept Series" });
    const slug = (
      await t.database.db.selectFrom("tournament_series").select("url_slug").where("id", "=", seriesId).executeTakeFirstOrThrow()
    ).url_slug;
    const name = async () => (await p.c.get(`/api/tournaments/series/${slug}`)).json().series_name;
    expect(await name()).toBe("Kept Series");
    expect(await name()).toBe("Kept Series");
    await t.database.db.updateTable("tournament_series").set({ series_name: "Renamed by hand" }).where("id", "=", seriesId).execute();
    expect(await name()).toBe("Renamed by hand");
    // Each account its own answer: an administrator sees the edit rights the player does not.
    const admin = await signedIn(t, { roles: ["event_admin"] });
    expect((await admin.c.get(`/api/tournaments/series/${slug}`)).json().can_edit).toBe(true);
    expect((await p.c.get(`/api/tournaments/series/${slug}`)).json().can_edit).toBe(false);
  });
});
