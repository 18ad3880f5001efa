import { ROUND_MESSAGES as M, roomTableImageUrl } from "@site/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createSquad, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries } from "./tournament-helpers.js";

/**
 * A room's table as a PNG (issue #20 §3) through the API: the round page's visibility (draft
 * round, unpublished tournament, no table yet, no such room → 404), a real PNG of the size the
 * layout gives, the ETag and its 304, public caching for visitors and private for accounts, and
 * a corrected table giving a new image.
 */
const D = await dialects();

describe.each(D)("score-table images (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  let anon: Client;
  let T: number;
  const racers: number[] = [];

  const img = (room = 1) => roomTableImageUrl(T, 1, room);
  /** Grid: the k-th racer of the room finishes k-th in every race, except racers 0 and 1 swap in `swapRace`. */
  const grid = (swapRace: number | null) =>
    racers.map((player_id, k) => ({
      player_id,
      positions: Array.from({ length: 8 }, (_, race) => (race === swapRace && k < 2 ? 2 - k : k + 1)),
    }));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    player = await signedIn(t, { player: { display_name: "Viewer" } });
    anon = new Client(t.app);
    await anon.session();
    const series = await createSeries(d);
    T = await createTournament(d, {
      title: "Duos Image Cup",
      event_format: 2,
      minimum_team_size: 2,
      maximum_team_size: 2,
      tournament_series_id: series,
      registrations_open: 0,
      start_date: Date.now() - 3600_000,
    });
    // 6 duos: a 12-racer 2v2 room, names in Latin, Japanese and Greek, one very long.
    const names = ["Lorenzo", "たけし", "Σπύρος", "A name far too long to fit in its column at all", "Kai", "Mia"];
    for (let s = 0; s < 6; s++) {
      const ids = [];
      for (let k = 0; k < 2; k++) {
        const id = await createPlayer(d, { display_name: `${names[s]} ${k}`, country_code: ["IT", "JP", "GR", "US", "DE", "FR"][s]! });
        ids.push(id);
      }
      const squad = await createSquad(d, T, `Duo ${s + 1}`, ids);
      await d.db
        .updateTable("squads")
        .set({ squad_color: s * 6 + 2 })
        .where("id", "=", squad)
        .execute();
    }
    await d.db.updateTable("registrations").set({ can_host: 1 }).where("tournament_id", "=", T).execute();
    const drawn = await admin.c.post(`/api/events/${T}/rounds`, { races: 8, room_size: 12, seed: 7 });
    expect(drawn.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it("is 404 while the round is a draft (to visitors: no round; to staff: no table)", async () => {
    const res = await anon.get(img());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notFound);
    const staff = await admin.c.get(img());
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe(M.tableMissing(1));
  });

  it("is 404 until the room's table is in, and for a room that does not exist", async () => {
    expect((await admin.c.post(`/api/events/${T}/rounds/1/publish`)).statusCode).toBe(200);
    const res = await anon.get(img());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.tableMissing(1));
    expect((await anon.get(img(2))).json().message).toBe(M.roomNotFound);
    const room = (await anon.get(`/api/events/${T}/rounds/1`)).json().rooms[0] as {
      sides: Array<{ racers: Array<{ player_id: number }> }>;
    };
    racers.push(...room.sides.flatMap((s) => s.racers.map((r) => r.player_id)));
    expect(racers).toHaveLength(12);
  });

  it("answers a PNG of the layout's size with an ETag, 304 on If-None-Match, public for visitors and private for accounts", async () => {
    expect((await admin.c.post(`/api/events/${T}/rounds/1/rooms/1/table`, { mode: "grid", grid: grid(null) })).json().saved).toBe(true);
    const res = await anon.get(img());
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    // 2v2, 8 races, no penalty: 24 + (132 + 12 + 26 + 10 + 250 + 8 × 36 + 64 + 12 + 128) + 24 = 970 wide;
    // 24 + 40 + 34 + 24 (title, subtitle, header) + 6 × (2 × 38 + 10) − 2 + 18 + 24 = 678 high.
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 970, height: 678 });

    const again = await t.app.inject({ method: "GET", url: img(), headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const listed = await t.app.inject({ method: "GET", url: img(), headers: { "if-none-match": `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);

    const signedInRes = await player.c.get(img());
    expect(signedInRes.statusCode).toBe(200);
    expect(signedInRes.headers["cache-control"]).toBe("private, max-age=60");
    expect(signedInRes.headers.etag).toBe(etag);
  });

  it("gives a corrected table a new ETag and a new image", async () => {
    const before = await anon.get(img());
    expect((await admin.c.post(`/api/events/${T}/rounds/1/rooms/1/table`, { mode: "grid", grid: grid(0) })).json().saved).toBe(true);
    const after = await t.app.inject({ method: "GET", url: img(), headers: { "if-none-match": before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).not.toBe(0);
  });

  it("is 404 to visitors of an unpublished tournament and drawn for its staff", async () => {
    await t.database.db.updateTable("tournaments").set({ published: 0 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidateLocal([""]);
    expect((await anon.get(img())).statusCode).toBe(404);
    expect((await player.c.get(img())).statusCode).toBe(404);
    const staff = await admin.c.get(img());
    expect(staff.statusCode).toBe(200);
    expect(staff.headers["cache-control"]).toBe("private, max-age=60");
    await t.database.db.updateTable("tournaments").set({ published: 1 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidateLocal([""]);
  });
});
