import { PLAYER_LIST_PAGE_SIZE } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam, createTournament } from "./factories.js";
import { dateHuman } from "../src/lib/dates.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();
const PLAYERS = 250;

/**
 * The registrations player lists page by PLAYER_LIST_PAGE_SIZE, sorted across every row before
 * the cut (docs/decisions.md "#7 registrations list paging"), and carry the tournament's custom
 * field name (migration 0007) when it has one.
 */
describe.each(D)("registrations: paged player lists and the custom field (%s)", (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anon: Client;
  let soloT: number;
  let playerIds: number[] = [];
  let now = 0;
  const sv = (p: string) => `/api/events/${soloT}${p}`;
  type Page = {
    data: Array<{ display_name: string; player_id: number; custom_field: string | null }>;
    count: number;
    page: number;
    page_count: number;
    custom_field_name: string | null;
  };
  const get = async (c: Client, p: string): Promise<Page> => {
    const r = await c.get(sv(p));
    expect(r.statusCode).toBe(200);
    return r.json() as Page;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const player = { display_name: "ADMIN", country_code: "FR" };
    admin = (await signedIn(t, { email: "admin@example.com", roles: ["event_admin"], player })).c;
    anon = new Client(t.app);
    await anon.session();
    soloT = await createTournament(d, {
      title: "Big Solo",
      event_format: 1,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
    });
    now = Date.now();
    // Names run against registration order so the name sort and the default sort differ.
    const players = await d.db
      .insertInto("players")
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          display_name: `Racer ${String(PLAYERS - i).padStart(3, "0")}`,
          country_code: "FR",
          created_at: now,
        })),
      )
      .returning("id")
      .execute();
    playerIds = players.map((p) => p.id);
    await d.db
      .insertInto("registrations")
      .values(
        playerIds.map((id, i) => ({
          tournament_id: soloT,
          player_id: id,
          status: "registered",
          registered_at: now - (PLAYERS - i) * 1000,
          custom_field: `cf-${String(i % 7)}`,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it("answers pages of 100 with count and page_count, sorted across all rows", async () => {
    const p1 = await get(anon, "/registered_players?order=PA");
    expect(p1).toMatchObject({ count: PLAYERS, page: 1, page_count: 3 });
    expect(p1.data).toHaveLength(PLAYER_LIST_PAGE_SIZE);
    // Rows carry the verification level the administrator's Verify compares with verification_required.
    expect(p1.data[0]).toHaveProperty("verified", 0);
    const p3 = await get(anon, "/registered_players?order=PA&page=3");
    expect(p3.data).toHaveLength(PLAYERS - 2 * PLAYER_LIST_PAGE_SIZE);
    const p2 = await get(anon, "/registered_players?order=PA&page=2");
    const all = [...p1.data, ...p2.data, ...p3.data].map((p) => p.display_name);
    expect(all).toHaveLength(PLAYERS);
    expect(new Set(all).size).toBe(PLAYERS);
    expect(all).toEqual([...all].sort());
    expect(all[0]).toBe("Racer 001");
    // The default order (RA) is registration time: the first registered is 'Racer 250'.
    expect((await get(anon, "/registered_players")).data[0]!.display_name).toBe("Racer 250");
    expect((await get(anon, "/registered_players?order=PD")).data[0]!.display_name).toBe("Racer 250");
    // Past the end: no rows, the real totals.
    expect(await get(anon, "/registered_players?order=PA&page=9")).toMatchObject({ data: [], count: PLAYERS, page_count: 3 });
    expect((await anon.get(sv("/registered_players?page=0"))).statusCode).toBe(400);
    expect((await anon.get(sv("/registered_players?page=x"))).statusCode).toBe(400);
  });

  it("sends registered_at as ms since the epoch, the instant of registered_at_human (the tables write its day, #21 §4)", async () => {
    const first = (await get(anon, "/registered_players?order=RA")).data[0] as unknown as {
      registered_at: number;
      registered_at_human: string;
    };
    expect(first.registered_at).toBe(now - PLAYERS * 1000);
    expect(first.registered_at_human).toBe(dateHuman(now - PLAYERS * 1000));
  });

  it("shows a registration change at once on the cached public pages", async () => {
    expect((await get(anon, "/registered_players?order=PA&page=3")).count).toBe(PLAYERS);
    const r = await admin.post(sv("/move_player"), { status: "withdrawn", player_id: playerIds[0] });
    expect(r.statusCode).toBe(200);
    const after = await get(anon, "/registered_players?order=PA&page=3");
    expect(after.count).toBe(PLAYERS - 1);
    expect(after.data.map((p) => p.display_name)).not.toContain("Racer 250");
    // The admin's withdrawn list pages the same way.
    expect(await get(admin, "/registered_players/withdrawn")).toMatchObject({ count: 1, page: 1, page_count: 1 });
    expect((await anon.get(sv("/registered_players/withdrawn"))).statusCode).toBe(401);
    expect((await admin.post(sv("/move_player"), { status: "registered", player_id: playerIds[0] })).statusCode).toBe(400);
    await t.database.db.updateTable("registrations").set({ status: "registered" }).where("player_id", "=", playerIds[0]!).execute();
  });

  it("hides the lists of a tournament unpublished through the controls at once (the cached tournament row is cleared)", async () => {
    expect((await anon.get(sv("/registered_players"))).statusCode).toBe(200);
    expect((await admin.post(sv("/controls"), { published: false })).statusCode).toBe(200);
    const hidden = await anon.get(sv("/registered_players"));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Tournament not found.");
    // The series' administrators still see it.
    expect((await get(admin, "/registered_players")).count).toBe(PLAYERS);
    expect((await admin.post(sv("/controls"), { published: true })).statusCode).toBe(200);
    expect((await anon.get(sv("/registered_players"))).statusCode).toBe(200);
  });

  it("carries custom_field_name only when the tournament has one, and sorts by the custom field", async () => {
    const before = await get(anon, "/registered_players");
    expect(before.custom_field_name).toBeNull();
    expect(before.data[0]!.custom_field).toBe("cf-0");
    await t.database.db.updateTable("tournaments").set({ custom_field_name: "Discord Server" }).where("id", "=", soloT).execute();
    // A direct data change is not a registration write: clear the micro-cache as a back-fill would.
    t.app.ctx.cache.invalidate("tournaments:");
    const named = await get(anon, "/registered_players?order=FD");
    expect(named.custom_field_name).toBe("Discord Server");
    expect(named.data[0]!.custom_field).toBe("cf-6");
    expect((await get(anon, "/registered_players?order=FA")).data[0]!.custom_field).toBe("cf-0");
    // An empty name is no name: the column stays hidden.
    await t.database.db.updateTable("tournaments").set({ custom_field_name: "" }).where("id", "=", soloT).execute();
    t.app.ctx.cache.invalidate("tournaments:");
    expect((await get(anon, "/registered_players?order=FA")).custom_field_name).toBeNull();
  });

  it("hides private Discord tags from the public list, except a team leader's; staff see them all", async () => {
    const [pub, priv, leader] = playerIds.slice(-3) as [number, number, number];
    const d = t.database.db;
    await d.updateTable("players").set({ discord_tag: "pub_tag", discord_privacy: "public" }).where("id", "=", pub).execute();
    await d.updateTable("players").set({ discord_tag: "priv_tag", discord_privacy: "private" }).where("id", "=", priv).execute();
    await d.updateTable("players").set({ discord_tag: "lead_tag", discord_privacy: "private" }).where("id", "=", leader).execute();
    await addMember(t.database, await createTeam(t.database), leader, { is_leader: 1 });
    t.app.ctx.cache.invalidate("tournaments:");
    type Row = { player_id: number; discord_tag: string | null };
    const tags = async (c: Client) => {
      const rows = (await get(c, "/registered_players?order=RD")).data as unknown as Row[];
      return Object.fromEntries(rows.filter((r) => [pub, priv, leader].includes(r.player_id)).map((r) => [r.player_id, r.discord_tag]));
    };
    expect(await tags(anon)).toEqual({ [pub]: "pub_tag", [priv]: null, [leader]: "lead_tag" });
    // The staff answer is computed apart, and does not leak into the shared public one.
    expect(await tags(admin)).toEqual({ [pub]: "pub_tag", [priv]: "priv_tag", [leader]: "lead_tag" });
    expect(await tags(anon)).toEqual({ [pub]: "pub_tag", [priv]: null, [leader]: "lead_tag" });
  });
});
