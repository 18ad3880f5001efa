import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, dateHuman } from "../src/lib/dates.js";
import { addMember, createPlayer, createSquad, createTeam, createTournament, place } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

const LOCKED =
  "Your country, friend codes and Network ID can only be changed by staff once set. Please open a ticket on the support forum.";

describe.each(D)("player registry (%s)", (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function anonymous() {
    const c = new Client(t.app);
    await c.session();
    return c;
  }

  const row = (id: number) => t.database.db.selectFrom("players").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const playerCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom("players")
          .select((e) => e.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const historyOf = (id: number) =>
    t.database.db.selectFrom("friend_code_history").select(["fc_type", "fc"]).where("player_id", "=", id).orderBy("id").execute();
  const nameRequests = (id: number) =>
    t.database.db
      .selectFrom("profile_changes")
      .selectAll()
      .where("table_name", "=", "players")
      .where("row_id", "=", id)
      .orderBy("id")
      .execute();

  async function pngUpload(c: Client, bytes?: Buffer) {
    const data =
      bytes ??
      (await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } })
        .png()
        .toBuffer());
    const boundary = "----b" + Math.random().toString(16).slice(2);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bg.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return c.request({
      method: "POST",
      url: "/api/uploads?purpose=profile",
      payload: Buffer.concat([head, data, tail]),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  const NEW_PROFILE = {
    display_name: "Fresh Racer",
    country: "FR",
    discord_tag: "fresh#0001",
    discord_privacy: "public",
    switch_fc: "SW-1111-2222-3333",
    profile_message: "Hello **there**",
  };

  // --- list ------------------------------------------------------------------------------

  describe("player list", () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const d = t.database;
      const now = Date.now();
      ids = {
        zeta: await createPlayer(d, { display_name: "ListZeta", country_code: "SE", created_at: now + 5_000_000 }),
        alpha: await createPlayer(d, { display_name: "listalpha", country_code: "SE", created_at: now + 5_000_001 }),
        shadow: await createPlayer(d, { display_name: "ListShadow", country_code: "SE", is_shadow: 1, created_at: now + 5_000_002 }),
        hidden: await createPlayer(d, { display_name: "ListHidden", country_code: "SE", is_hidden: 1, created_at: now + 5_000_003 }),
        banned: await createPlayer(d, { display_name: "ListBanned", country_code: "SE", is_banned: 1, created_at: now + 5_000_004 }),
      };
    });

    it("searches case-insensitively, filters by country, orders and pages; hidden and banned left out", async () => {
      const c = await anonymous();
      const r = await c.get("/api/registry/players?search=LIST&country=se&order=name");
      expect(r.statusCode).toBe(200);
      // Browsers revalidate public lists, so a player's own rename shows on the next visit.
      expect(r.headers["cache-control"]).toBe("no-cache");
      expect(r.json().data.map((p: { display_name: string }) => p.display_name)).toEqual(["listalpha", "ListShadow", "ListZeta"]);
      expect(r.json().data[1]).toMatchObject({ is_shadow: true, is_hidden: false, country_name: "Sweden" });
      const newest = await c.get("/api/registry/players?search=list&country=SE&limit=2");
      expect(newest.json().data.map((p: { id: number }) => p.id)).toEqual([ids.shadow, ids.alpha]);
      expect(newest.json().has_next_page).toBe(true);
      // total counts every page's matches (3 listed: alpha, shadow, zeta), not just this page's 2.
      expect(newest.json().total).toBe(3);
      const page2 = await c.get("/api/registry/players?search=list&country=SE&limit=2&page=2");
      expect(page2.json()).toMatchObject({ has_next_page: false, total: 3, data: [{ id: ids.zeta }] });
      expect((await c.get("/api/registry/players?search=nobody-has-this")).json()).toEqual({ data: [], has_next_page: false, total: 0 });
    });

    it("shows hidden players to moderators and administrators only, never banned ones", async () => {
      const names = async (c: Client) =>
        (await c.get("/api/registry/players?search=list&country=SE&order=name"))
          .json()
          .data.map((p: { display_name: string }) => p.display_name);
      const player = await signedIn(t);
      expect(await names(player.c)).not.toContain("ListHidden");
      const mod = await signedIn(t, { roles: ["moderate"] });
      const res = await mod.c.get("/api/registry/players?search=listhidden");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.json().data).toEqual([expect.objectContaining({ display_name: "ListHidden", is_hidden: true })]);
      // Staff's total counts the hidden player too; a visitor's does not.
      expect(res.json().total).toBe(1);
      expect((await player.c.get("/api/registry/players?search=listhidden")).json().total).toBe(0);
      const admin = await signedIn(t, { roles: ["administrate"] });
      expect(await names(admin.c)).toEqual(["listalpha", "ListHidden", "ListShadow", "ListZeta"]);
    });

    it("picker: names starting with the search first, then containing it; shadow in, hidden and banned out; at most 100", async () => {
      const d = t.database;
      await createPlayer(d, { display_name: "xPickerMid" });
      await createPlayer(d, { display_name: "PickerStart" });
      await createPlayer(d, { display_name: "pickerShadow", is_shadow: 1, user_id: null });
      await createPlayer(d, { display_name: "PickerHidden", is_hidden: 1 });
      await createPlayer(d, { display_name: "PickerBanned", is_banned: 1 });
      const c = await anonymous();
      const r = await c.get("/api/registry/players/all?search=PICKER");
      expect(r.statusCode).toBe(200);
      expect(r.headers["cache-control"]).toBe("no-cache");
      const data = r.json().data as Array<{ id: number; name: string; country_code: string; is_shadow: boolean }>;
      expect(data.map((p) => p.name)).toEqual(["pickerShadow", "PickerStart", "xPickerMid"]);
      expect(data[0]).toMatchObject({ is_shadow: true, country_code: "US" });
      expect(Object.keys(data[0]!).sort()).toEqual(["country_code", "id", "is_shadow", "name"]);
      expect((await c.get("/api/registry/players/all?search=picker&limit=1")).json().data).toHaveLength(1);
      expect((await c.get("/api/registry/players/all?limit=101")).statusCode).toBe(400);
      expect((await c.get("/api/registry/players/all")).json().data.length).toBeLessThanOrEqual(100);
      expect((await c.get("/api/registry/players/all?search=100%25_")).json().data).toEqual([]);
    });
  });

  // --- profile page ------------------------------------------------------------------------

  describe("player page", () => {
    it("answers the profile of 000 §3 with friend codes, sanitized message, teams, history and results", async () => {
      const d = t.database;
      const { playerId: id } = await signedIn(t, {
        player: {
          display_name: "PageRacer",
          country_code: "JP",
          switch_fc: "1234-5678-9012",
          nnid: "page_nnid",
          profile_message: "**Hi** <script>alert(1)</script>",
        },
      });
      const now = Date.now();
      const current = await createTeam(d, { team_name: "Current Crew", team_tag: "CC", team_color: 7, category: "mkworld_150" });
      const old = await createTeam(d, { team_name: "Old Crew", team_tag: "OC", category: "mk8dx_150" });
      await addMember(d, current, id, { joined_at: now - 10 * DAY_MS, is_leader: 1 });
      await addMember(d, old, id, { joined_at: now - 100 * DAY_MS, left_at: now - 20 * DAY_MS });
      const solo = await createTournament(d, {
        title: "Solo Cup",
        event_format: 1,
        start_date: now - 5 * DAY_MS,
        end_date: now - 4 * DAY_MS,
      });
      await place(d, solo, "player", id, { placement: 1, title: "Champion" });
      const squadCup = await createTournament(d, { title: "Squad Cup", start_date: now - 50 * DAY_MS, end_date: now - 49 * DAY_MS });
      const squad = await createSquad(d, squadCup, "Blue Shells", [id]);
      await place(d, squadCup, "squad", squad, { placement: 4, placement_upper_bound: 3 });
      const teamCup = await createTournament(d, {
        title: "Team Cup",
        event_format: 0,
        start_date: now - 60 * DAY_MS,
        end_date: now - 60 * DAY_MS,
      });
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: teamCup, player_id: id, team_id: current, registered_at: now })
        .execute();
      await place(d, teamCup, "team", current, { placement: 2 });
      // Another team tournament of the same team that this player did not play: not theirs.
      const otherTeamCup = await createTournament(d, { title: "Not Played", event_format: 0, start_date: now - 70 * DAY_MS });
      await place(d, otherTeamCup, "team", current, { placement: 1 });
      const hiddenCup = await createTournament(d, { title: "Off Profile", event_format: 1, show_on_profiles: 0 });
      await place(d, hiddenCup, "player", id, { placement: 1 });
      const draftCup = await createTournament(d, { title: "Draft", event_format: 1, published: 0 });
      await place(d, draftCup, "player", id, { placement: 1 });

      const c = await anonymous();
      const r = await c.get(`/api/registry/players/${id}`);
      expect(r.statusCode).toBe(200);
      const p = r.json();
      expect(p).toMatchObject({
        id,
        display_name: "PageRacer",
        country_code: "JP",
        country_name: "Japan",
        switch_fc: "1234-5678-9012",
        nnid: "page_nnid",
        fc_3ds: null,
        mktour_fc: null,
        discord_privacy: "public",
        profile_picture_border_color: 60,
        site_theme: "forest",
        background: null,
        is_hidden: 0,
        is_supporter: false,
        pending_display_name: null,
      });
      expect(p.profile_message_html).toContain("<strong>Hi</strong>");
      expect(p.profile_message_html).not.toContain("<script");
      expect(p.current_teams).toEqual([
        expect.objectContaining({ team_id: current, team_tag: "CC", category: "mkworld_150", is_leader: true }),
      ]);
      expect(p.team_history.map((h: { team_id: number; left_human: string | null }) => [h.team_id, h.left_human])).toEqual([
        [current, null],
        [old, dateHuman(now - 20 * DAY_MS)],
      ]);
      expect(p.results.map((x: { tournament_title: string; placement: number }) => [x.tournament_title, x.placement])).toEqual([
        ["Solo Cup", 1],
        ["Squad Cup", 4],
        ["Team Cup", 2],
      ]);
      expect(p.results[1]).toMatchObject({ entrant_type: "squad", entrant_name: "Blue Shells", placement_upper_bound: 3 });
      expect(p.results[2]).toMatchObject({ entrant_type: "team", entrant_name: "Current Crew" });
      expect(r.headers["cache-control"]).toBe("private, no-cache");
    });

    it("404s an unknown id; a hidden player is seen by staff and the player only", async () => {
      const anon = await anonymous();
      expect((await anon.get("/api/registry/players/999999")).statusCode).toBe(404);
      expect((await anon.get("/api/registry/players/abc")).statusCode).toBe(400);
      const owner = await signedIn(t, { player: { is_hidden: 1 } });
      const url = `/api/registry/players/${owner.playerId}`;
      expect((await anon.get(url)).json()).toEqual({ status: "error", message: "Player not found.", code: "players.not_found" });
      expect((await anon.get(url)).statusCode).toBe(404);
      expect((await (await signedIn(t)).c.get(url)).statusCode).toBe(404);
      expect((await (await signedIn(t, { roles: ["event_admin"] })).c.get(url)).statusCode).toBe(404);
      expect((await (await signedIn(t, { roles: ["moderate"] })).c.get(url)).json().is_hidden).toBe(1);
      expect((await (await signedIn(t, { roles: ["administrate"] })).c.get(url)).statusCode).toBe(200);
      expect((await owner.c.get(url)).statusCode).toBe(200);
    });

    it("shows a private Discord tag to staff and the player only, and always for a team leader", async () => {
      const owner = await signedIn(t, { player: { discord_tag: "secret#1", discord_privacy: "private" } });
      const url = `/api/registry/players/${owner.playerId}`;
      expect((await (await anonymous()).get(url)).json().discord_tag).toBeNull();
      expect((await (await signedIn(t)).c.get(url)).json().discord_tag).toBeNull();
      expect((await owner.c.get(url)).json().discord_tag).toBe("secret#1");
      expect((await (await signedIn(t, { roles: ["moderate"] })).c.get(url)).json().discord_tag).toBe("secret#1");

      const leader = await signedIn(t, { player: { discord_tag: "boss#1", discord_privacy: "private" } });
      await addMember(t.database, await createTeam(t.database), leader.playerId, { is_leader: 1 });
      expect((await (await anonymous()).get(`/api/registry/players/${leader.playerId}`)).json().discord_tag).toBe("boss#1");
    });

    it("shows border, theme and background of supporters only", async () => {
      const sup = await signedIn(t, { roles: ["supporter"], player: { border_color: 45 } });
      await t.database.db.updateTable("users").set({ site_theme: "volcano" }).where("id", "=", sup.userId).execute();
      const plain = await signedIn(t, { player: { border_color: 45 } });
      await t.database.db.updateTable("users").set({ site_theme: "volcano" }).where("id", "=", plain.userId).execute();
      const anon = await anonymous();
      expect((await anon.get(`/api/registry/players/${sup.playerId}`)).json()).toMatchObject({
        profile_picture_border_color: 45,
        site_theme: "volcano",
        is_supporter: true,
      });
      expect((await anon.get(`/api/registry/players/${plain.playerId}`)).json()).toMatchObject({
        profile_picture_border_color: 60,
        site_theme: "forest",
        is_supporter: false,
      });
    });
  });

  // --- own profile ---------------------------------------------------------------------------

  describe("edit own profile", () => {
    it("refuses anonymous callers (401) and posts without the CSRF token (403)", async () => {
      const before = await playerCount();
      const anon = await anonymous();
      const r = await anon.post("/api/registry/edit_profile", NEW_PROFILE);
      expect(r.statusCode).toBe(401);
      expect(r.json().status).toBe("error");
      const { c } = await signedIn(t, { player: false });
      expect((await c.post("/api/registry/edit_profile", NEW_PROFILE, { csrf: false })).statusCode).toBe(403);
      expect(await playerCount()).toBe(before);
    });

    it("creates the profile of an account without one, friend codes stored without prefix and recorded", async () => {
      const { c, userId } = await signedIn(t, { player: false });
      const r = await c.post("/api/registry/edit_profile", { ...NEW_PROFILE, fc_3ds: "0000-1111-2222", nnid: "fresh_nnid" });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toEqual({
        status: "success",
        message: "Your profile has been created.",
        player_id: expect.any(Number),
        code: "profile.created",
      });
      const p = await row(body.player_id);
      expect(p).toMatchObject({
        user_id: userId,
        display_name: "Fresh Racer",
        country_code: "FR",
        discord_tag: "fresh#0001",
        switch_fc: "1111-2222-3333",
        fc_3ds: "0000-1111-2222",
        nnid: "fresh_nnid",
        is_shadow: 0,
      });
      expect(await historyOf(body.player_id)).toEqual([
        { fc_type: "switch", fc: "1111-2222-3333" },
        { fc_type: "3ds", fc: "0000-1111-2222" },
        { fc_type: "nnid", fc: "fresh_nnid" },
      ]);
      expect((await c.get("/api/session")).json().user.player_id).toBe(body.player_id);
    });

    const badCreations: Array<[string, Record<string, unknown>, number, RegExp]> = [
      ["a display name over 20", { display_name: "x".repeat(21) }, 400, /at most 20 characters/],
      ["an empty display name", { display_name: "  " }, 400, /Enter a display name/],
      ["no display name", { display_name: undefined }, 400, /Enter a display name/],
      ["a Discord tag over 37", { discord_tag: "d".repeat(38) }, 400, /at most 37 characters/],
      ["no Discord tag", { discord_tag: undefined }, 400, /Enter your Discord tag/],
      ["an empty Discord tag", { discord_tag: "" }, 400, /Enter your Discord tag/],
      ["country ZZ", { country: "ZZ" }, 400, /Choose a country/],
      ["no country", { country: undefined }, 400, /Choose a country/],
      ["an unknown country", { country: "QQ" }, 400, /Choose a country/],
      ["country XX (staff only)", { country: "XX" }, 400, /Choose a country/],
      ["a malformed Switch code", { switch_fc: "1234-5678-901" }, 400, /must look like SW-XXXX-YYYY-ZZZZ/],
      ["a Switch code over 14 (no prefix)", { switch_fc: "1234-5678-90123" }, 400, /Switch/],
      ["a 3DS code with the wrong prefix", { fc_3ds: "SW-1234-5678-9012" }, 400, /3DS/],
      ["a MKT code over the limit", { mktour_fc: "MKT-1234-5678-90121" }, 400, /Friend codes may be at most 14 characters/],
      ["an NNID over 30", { nnid: "n".repeat(31) }, 400, /at most 30 characters/],
      ["an NNID with spaces", { nnid: "a b" }, 400, /Nintendo Network IDs/],
      ["a border colour below 41", { border_color: 40 }, 400, /Border colours are 41 to 60/],
      ["supporter fields from a non-supporter", { border_color: 41 }, 403, /Only supporters/],
      ["a bad privacy value", { discord_privacy: "friends" }, 400, /discord_privacy/],
    ];
    for (const [what, change, status, message] of badCreations) {
      it(`refuses ${what} and creates nothing`, async () => {
        const { c, userId } = await signedIn(t, { player: false });
        const before = await playerCount();
        const r = await c.post("/api/registry/edit_profile", { ...NEW_PROFILE, ...change });
        expect(r.statusCode).toBe(status);
        expect(r.json()).toEqual({
          status: "error",
          message: expect.stringMatching(message),
          code: expect.any(String),
          params: r.json().params,
        });
        expect(await playerCount()).toBe(before);
        expect(await t.database.db.selectFrom("players").select("id").where("user_id", "=", userId).executeTakeFirst()).toBeUndefined();
      });
    }

    it("accepts the limits exactly: name 20, tag 37, NNID 30, codes with or without prefix", async () => {
      const { c } = await signedIn(t, { player: false });
      const r = await c.post("/api/registry/edit_profile", {
        ...NEW_PROFILE,
        display_name: "n".repeat(20),
        discord_tag: "d".repeat(37),
        nnid: "i".repeat(30),
        switch_fc: "sw-4444-5555-6666",
        mktour_fc: "4444-5555-6667",
      });
      expect(r.json().status).toBe("success");
      expect(await row(r.json().player_id)).toMatchObject({ switch_fc: "4444-5555-6666", mktour_fc: "4444-5555-6667" });
    });

    it("locks country, friend codes and NNID once set; sets empty ones; keeps unchanged values", async () => {
      const me = await signedIn(t, { player: { country_code: "DE", switch_fc: "2222-3333-4444", nnid: "locked_id" } });
      const before = await row(me.playerId);
      for (const change of [
        { country: "FR" },
        { switch_fc: "2222-3333-5555" },
        { switch_fc: "" },
        { nnid: "other_id" },
        { country: "DE", display_name: before.display_name, nnid: "changed" },
      ]) {
        const r = await me.c.post("/api/registry/edit_profile", change);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ status: "error", message: LOCKED, code: "players.locked" });
        expect(await row(me.playerId)).toEqual(before);
      }
      const same = await me.c.post("/api/registry/edit_profile", {
        country: "DE",
        switch_fc: "SW-2222-3333-4444",
        nnid: "locked_id",
        fc_3ds: "3DS-7777-8888-9999",
        discord_tag: "new#tag",
        discord_privacy: "private",
        profile_message: "changed",
      });
      expect(same.json()).toMatchObject({ status: "success", message: "Your profile has been saved.", player_id: me.playerId });
      expect(await row(me.playerId)).toMatchObject({
        country_code: "DE",
        switch_fc: "2222-3333-4444",
        fc_3ds: "7777-8888-9999",
        discord_tag: "new#tag",
        discord_privacy: "private",
        profile_message: "changed",
      });
    });

    it("lets a moderator change their own locked fields", async () => {
      const mod = await signedIn(t, { roles: ["moderate"], player: { country_code: "DE", switch_fc: "2323-3333-4444" } });
      const r = await mod.c.post("/api/registry/edit_profile", { country: "AT", switch_fc: "2323-3333-4445" });
      expect(r.json().status).toBe("success");
      expect(await row(mod.playerId)).toMatchObject({ country_code: "AT", switch_fc: "2323-3333-4445" });
    });

    it("makes a new name a pending request and refuses a second inside 6 months with the date", async () => {
      const me = await signedIn(t, { player: { display_name: "Before" } });
      const r = await me.c.post("/api/registry/edit_profile", { display_name: "After" });
      expect(r.json()).toEqual({
        status: "success",
        message: "Your profile has been saved. Your name change to 'After' is pending approval by a moderator.",
        player_id: me.playerId,
        code: "profile.name_request",
        params: { name: "After" },
      });
      expect((await row(me.playerId)).display_name).toBe("Before");
      const reqs = await nameRequests(me.playerId);
      expect(reqs).toEqual([
        expect.objectContaining({ field_name: "display_name", from_value: "Before", to_value: "After", status: "pending" }),
      ]);
      expect((await me.c.get(`/api/registry/players/${me.playerId}`)).json().pending_display_name).toBe("After");
      expect((await (await anonymous()).get(`/api/registry/players/${me.playerId}`)).json().pending_display_name).toBeNull();

      const again = await me.c.post("/api/registry/edit_profile", { display_name: "Again", profile_message: "not saved" });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(`You can change your name again on ${dateHuman(reqs[0]!.created_at + 182 * DAY_MS)}.`);
      expect(again.json().message).toMatch(/^You can change your name again on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
      expect(await nameRequests(me.playerId)).toHaveLength(1);
      expect((await row(me.playerId)).profile_message).toBe("");

      // Same name as now: no request at all.
      expect((await me.c.post("/api/registry/edit_profile", { display_name: "Before" })).json().status).toBe("success");
    });

    it("counts the interval from approved requests, not declined ones; 8 weeks for supporters", async () => {
      const db = t.database.db;
      const me = await signedIn(t, { player: { display_name: "Decl" } });
      const base = { table_name: "players", field_name: "display_name", row_id: me.playerId, from_value: "Decl", to_value: "X" };
      await db
        .insertInto("profile_changes")
        .values({ ...base, status: "declined", created_at: Date.now() - DAY_MS })
        .execute();
      expect((await me.c.post("/api/registry/edit_profile", { display_name: "Decl2" })).json().status).toBe("success");

      const sup = await signedIn(t, { roles: ["supporter"], player: { display_name: "Sup" } });
      const at = Date.now() - 50 * DAY_MS;
      await db
        .insertInto("profile_changes")
        .values({ ...base, row_id: sup.playerId, status: "approved", created_at: at })
        .execute();
      const r = await sup.c.post("/api/registry/edit_profile", { display_name: "Sup2" });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(`You can change your name again on ${dateHuman(at + 56 * DAY_MS)}.`);
      await db
        .updateTable("profile_changes")
        .set({ created_at: Date.now() - 57 * DAY_MS })
        .where("row_id", "=", sup.playerId)
        .execute();
      expect((await sup.c.post("/api/registry/edit_profile", { display_name: "Sup2" })).json().status).toBe("success");

      const plain = await signedIn(t, { player: { display_name: "Plain" } });
      await db
        .insertInto("profile_changes")
        .values({ ...base, row_id: plain.playerId, status: "approved", created_at: Date.now() - 57 * DAY_MS })
        .execute();
      expect((await plain.c.post("/api/registry/edit_profile", { display_name: "Plain2" })).statusCode).toBe(400);
    });

    it("does not name a hidden player in the friend-code conflict, but for staff (issue #15)", async () => {
      const ghost = await signedIn(t, { player: { display_name: "GhostOwner", is_hidden: 1 } });
      await t.database.db
        .insertInto("friend_code_history")
        .values({ player_id: ghost.playerId, fc_type: "switch", fc: "7777-8888-9999", created_at: Date.now() - DAY_MS })
        .execute();
      const body = { ...NEW_PROFILE, switch_fc: "SW-7777-8888-9999" };
      const { c } = await signedIn(t, { player: false });
      const r = (await c.post("/api/registry/edit_profile", body)).json();
      expect(r.fc_errors).toEqual([{ fc_label: "Switch: SW-7777-8888-9999", player_name: "another player" }]);
      const staff = await signedIn(t, { roles: ["moderate"], player: { display_name: "Staff Editor" } });
      const s = (await staff.c.post("/api/registry/edit_profile", { switch_fc: "SW-7777-8888-9999" })).json();
      expect(s).toMatchObject({ status: "fc_error", fc_errors: [{ player_name: "GhostOwner" }] });
    });

    it("answers fc_error for a code another player used; nothing saved until override_fc_warning", async () => {
      const other = await signedIn(t, { player: { display_name: "FirstOwner", switch_fc: "5555-6666-7777" } });
      await t.database.db
        .insertInto("friend_code_history")
        .values([
          { player_id: other.playerId, fc_type: "switch", fc: "5555-6666-7777", created_at: Date.now() - DAY_MS },
          { player_id: other.playerId, fc_type: "nnid", fc: "used_nnid", created_at: Date.now() - DAY_MS },
        ])
        .execute();
      const { c, userId } = await signedIn(t, { player: false });
      const body = { ...NEW_PROFILE, switch_fc: "SW-5555-6666-7777", nnid: "used_nnid", fc_3ds: "1212-3434-5656" };
      const r = await c.post("/api/registry/edit_profile", body);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        status: "fc_error",
        message: "The following friend codes and IDs have been previously used by another player:",
        player_id: null,
        fc_errors: [
          { fc_label: "Switch: SW-5555-6666-7777", player_name: "FirstOwner" },
          { fc_label: "Nintendo Network ID: used_nnid", player_name: "FirstOwner" },
        ],
      });
      expect(await t.database.db.selectFrom("players").select("id").where("user_id", "=", userId).executeTakeFirst()).toBeUndefined();

      const ok = await c.post("/api/registry/edit_profile", { ...body, override_fc_warning: true });
      expect(ok.json().status).toBe("success");
      const mine = ok.json().player_id;
      expect((await historyOf(mine)).map((h) => h.fc)).toEqual(["5555-6666-7777", "1212-3434-5656", "used_nnid"]);
      // The history keeps who used which code: both players now hold a row for it.
      const holders = await t.database.db
        .selectFrom("friend_code_history")
        .select("player_id")
        .where("fc", "=", "5555-6666-7777")
        .orderBy("id")
        .execute();
      expect(holders.map((h) => h.player_id)).toEqual([other.playerId, mine]);
    });

    it("does not warn about a player's own past codes", async () => {
      const me = await signedIn(t, { player: { fc_3ds: null } });
      await t.database.db
        .insertInto("friend_code_history")
        .values({ player_id: me.playerId, fc_type: "3ds", fc: "9191-9191-9191", created_at: Date.now() })
        .execute();
      expect((await me.c.post("/api/registry/edit_profile", { fc_3ds: "9191-9191-9191" })).json().status).toBe("success");
    });

    it("lets supporters set border 41–60, theme and an uploaded background; others are refused", async () => {
      const sup = await signedIn(t, { roles: ["supporter"] });
      const upload = await pngUpload(sup.c);
      expect(upload.statusCode).toBe(200);
      const r = await sup.c.post("/api/registry/edit_profile", {
        border_color: 41,
        site_theme: "storm",
        use_background: "upload",
        background: upload.json().id,
      });
      expect(r.json().status).toBe("success");
      expect(await row(sup.playerId)).toMatchObject({ border_color: 41, background_upload_id: upload.json().id });
      const page = (await (await anonymous()).get(`/api/registry/players/${sup.playerId}`)).json();
      expect(page).toMatchObject({ profile_picture_border_color: 41, site_theme: "storm", background: upload.json().url });
      expect((await sup.c.get("/api/session")).json().user.site_theme).toBe("storm");

      for (const [bad, status] of [
        [{ border_color: 40 }, 400],
        [{ border_color: 61 }, 400],
        [{ site_theme: "neon" }, 400],
        [{ use_background: "upload" }, 400],
      ] as const) {
        const res = await sup.c.post("/api/registry/edit_profile", bad);
        expect(res.statusCode).toBe(status);
      }
      // Someone else's upload cannot be used.
      const other = await signedIn(t, { roles: ["supporter"] });
      const theirs = await pngUpload(other.c);
      const stolen = await sup.c.post("/api/registry/edit_profile", { use_background: "upload", background: theirs.json().id });
      expect(stolen.json()).toEqual({
        status: "error",
        message: "The background upload was not found.",
        code: "players.background_not_found",
      });
      expect(await row(sup.playerId)).toMatchObject({ border_color: 41, background_upload_id: upload.json().id });

      expect((await sup.c.post("/api/registry/edit_profile", { use_background: "existing" })).json().status).toBe("success");
      expect((await row(sup.playerId)).background_upload_id).toBe(upload.json().id);
      expect((await sup.c.post("/api/registry/edit_profile", { use_background: "default" })).json().status).toBe("success");
      expect((await row(sup.playerId)).background_upload_id).toBeNull();

      const plain = await signedIn(t);
      const before = await row(plain.playerId);
      for (const change of [{ border_color: 50 }, { site_theme: "ocean" }, { use_background: "default" }]) {
        const res = await plain.c.post("/api/registry/edit_profile", change);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("Only supporters can change the border colour, theme and background.");
      }
      expect(await row(plain.playerId)).toEqual(before);
    });

    it("answers 413 with the spec's message for a background over 8MB", async () => {
      const sup = await signedIn(t, { roles: ["supporter"] });
      const r = await pngUpload(sup.c, Buffer.alloc(8 * 1024 * 1024 + 10, 1));
      expect(r.statusCode).toBe(413);
      expect(r.json()).toEqual({
        status: "error",
        message: "The logo exceeds the maximum size of 8MB.",
        code: "uploads.too_large",
        params: { size: 8, unit: "MB" },
      });
    });

    it("ignores admin-only fields and refuses banned accounts", async () => {
      const me = await signedIn(t);
      const before = await row(me.playerId);
      const r = await me.c.post("/api/registry/edit_profile", { is_hidden: 1, user_id: 1, no_account: true, shadow: true });
      expect(r.json().status).toBe("success");
      expect(await row(me.playerId)).toEqual(before);

      const banned = await signedIn(t, { state: "banned" });
      const b = await banned.c.post("/api/registry/edit_profile", { profile_message: "hi" });
      expect(b.statusCode).toBe(403);
      const flagged = await signedIn(t, { player: { is_banned: 1 } });
      expect((await flagged.c.post("/api/registry/edit_profile", { profile_message: "hi" })).statusCode).toBe(403);
      expect((await row(flagged.playerId)).profile_message).toBe("");
    });
  });

  // --- staff edit ------------------------------------------------------------------------------

  describe("admin edit and shadow players", () => {
    it("refuses anonymous (401), players (403) and event staff on existing players (403)", async () => {
      const target = await signedIn(t);
      const before = await row(target.playerId);
      const anon = await anonymous();
      expect((await anon.post(`/api/registry/players/${target.playerId}`, { profile_message: "x" })).statusCode).toBe(401);
      expect((await anon.post("/api/registry/players/new", { shadow: true, display_name: "S", country: "FR" })).statusCode).toBe(401);
      const player = await signedIn(t);
      for (const [url, body] of [
        [`/api/registry/players/${target.playerId}`, { profile_message: "x" }],
        [`/api/registry/players/${player.playerId}`, { is_hidden: 1 }],
        ["/api/registry/players/new", { shadow: true, display_name: "Sneaky", country: "FR" }],
        ["/api/registry/players/new", { display_name: "Sneaky", country: "FR" }],
      ] as const) {
        const r = await player.c.post(url, body);
        expect(r.statusCode).toBe(403);
        expect(r.json().status).toBe("error");
      }
      const eventAdmin = await signedIn(t, { roles: ["event_admin"] });
      expect((await eventAdmin.c.post(`/api/registry/players/${target.playerId}`, { profile_message: "x" })).statusCode).toBe(403);
      expect((await eventAdmin.c.post("/api/registry/players/new", { display_name: "Full", country: "FR" })).statusCode).toBe(403);
      expect(await row(target.playerId)).toEqual(before);
    });

    it("lets moderators edit ordinary and locked fields but not admin-only ones", async () => {
      const target = await signedIn(t, { player: { country_code: "DE", switch_fc: "3131-3131-3131", display_name: "ModTarget" } });
      const mod = await signedIn(t, { roles: ["moderate"] });
      const r = await mod.c.post(`/api/registry/players/${target.playerId}`, {
        country: "AT",
        switch_fc: "3131-3131-3132",
        display_name: "Renamed By Mod",
      });
      expect(r.json()).toEqual({
        status: "success",
        message: "The player has been saved.",
        player_id: target.playerId,
        code: "player.saved",
      });
      expect(await row(target.playerId)).toMatchObject({ country_code: "AT", switch_fc: "3131-3131-3132", display_name: "Renamed By Mod" });
      const history = await t.database.db.selectFrom("name_history").selectAll().where("row_id", "=", target.playerId).execute();
      expect(history).toEqual([expect.objectContaining({ from_value: "ModTarget", to_value: "Renamed By Mod" })]);

      const before = await row(target.playerId);
      for (const body of [{ is_hidden: 1 }, { user_id: null }, { no_account: true }, { delete_background: true }]) {
        const res = await mod.c.post(`/api/registry/players/${target.playerId}`, { ...body, profile_message: "nope" });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("Only administrators can change the account, visibility or background of a player.");
      }
      expect((await mod.c.post("/api/registry/players/new", { display_name: "ModNew", country: "FR" })).statusCode).toBe(403);
      expect(await row(target.playerId)).toEqual(before);
    });

    it("creates shadow players (name ≤ 20, country required, not ZZ) that appear in pickers", async () => {
      const admin = await signedIn(t, { roles: ["administrate"] });
      const r = await admin.c.post("/api/registry/players/new", { shadow: true, display_name: "Ghost Rider", country: "BR" });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toEqual({
        status: "success",
        message: "The shadow player has been created.",
        player_id: expect.any(Number),
        code: "player.shadow_created",
      });
      expect(await row(body.player_id)).toMatchObject({ user_id: null, is_shadow: 1, display_name: "Ghost Rider", country_code: "BR" });
      const picked = (await (await anonymous()).get("/api/registry/players/all?search=ghost rider")).json().data;
      expect(picked).toEqual([{ id: body.player_id, name: "Ghost Rider", country_code: "BR", is_shadow: true }]);

      const eventAdmin = await signedIn(t, { roles: ["event_admin"] });
      expect(
        (await eventAdmin.c.post("/api/registry/players/new", { shadow: true, display_name: "Ev Ghost", country: "BR" })).json().status,
      ).toBe("success");

      const before = await playerCount();
      for (const [bad, message] of [
        [{ display_name: "g".repeat(21), country: "BR" }, "Shadow player names may be at most 20 characters."],
        [{ display_name: "Ghost", country: "ZZ" }, "country: Choose a country."],
        [{ display_name: "Ghost" }, "Choose a country."],
        [{ country: "BR" }, "Enter a display name."],
        [{ display_name: "Ghost", country: "QQ" }, "Choose a country."],
      ] as const) {
        const res = await admin.c.post("/api/registry/players/new", { shadow: true, ...bad });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: "error", message, code: expect.any(String), params: res.json().params });
      }
      expect(await playerCount()).toBe(before);
    });

    it("lets administrators edit every field: name ≤ 50, hidden, account link, background", async () => {
      const admin = await signedIn(t, { roles: ["administrate"] });
      const target = await signedIn(t, { roles: ["supporter"], player: { display_name: "AdminTarget" } });
      const upload = await pngUpload(admin.c);
      await t.database.db
        .updateTable("players")
        .set({ background_upload_id: upload.json().id })
        .where("id", "=", target.playerId)
        .execute();
      const url = `/api/registry/players/${target.playerId}`;

      const tooLong = await admin.c.post(url, { display_name: "a".repeat(51) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/at most 50 characters/);
      const zz = await admin.c.post(url, { country: "ZZ" });
      expect(zz.statusCode).toBe(400);

      const r = await admin.c.post(url, {
        display_name: "a".repeat(50),
        country: "XX",
        is_hidden: 1,
        delete_background: true,
        border_color: 55,
        site_theme: "blossom",
        discord_tag: "",
      });
      expect(r.json().status).toBe("success");
      expect(await row(target.playerId)).toMatchObject({
        display_name: "a".repeat(50),
        country_code: "XX",
        is_hidden: 1,
        background_upload_id: null,
        border_color: 55,
        discord_tag: null,
      });
      expect((await target.c.get("/api/session")).json().user.site_theme).toBe("blossom");
      expect((await admin.c.post(url, { is_hidden: false })).json().status).toBe("success");
      expect((await row(target.playerId)).is_hidden).toBe(0);

      // Unlink the account, then link another one that has no profile.
      expect((await admin.c.post(url, { no_account: true })).json().status).toBe("success");
      expect(await row(target.playerId)).toMatchObject({ user_id: null, is_shadow: 1 });
      const fresh = await signedIn(t, { player: false });
      expect((await admin.c.post(url, { user_id: fresh.userId })).json().status).toBe("success");
      expect(await row(target.playerId)).toMatchObject({ user_id: fresh.userId, is_shadow: 0 });
      const taken = await signedIn(t);
      const refused = await admin.c.post(url, { user_id: taken.userId });
      expect(refused.json()).toEqual({
        status: "error",
        message: "That account already has a player profile.",
        code: "players.account_has_player",
      });
      expect((await admin.c.post(url, { user_id: 99999999 })).statusCode).toBe(400);
      expect((await row(target.playerId)).user_id).toBe(fresh.userId);

      expect((await admin.c.post("/api/registry/players/99999999", { profile_message: "x" })).statusCode).toBe(404);
    });

    it("creates a full player for an account, with the friend-code warning", async () => {
      const admin = await signedIn(t, { roles: ["administrate"] });
      const owner = await signedIn(t, { player: { switch_fc: "8080-8080-8080" } });
      await t.database.db
        .insertInto("friend_code_history")
        .values({ player_id: owner.playerId, fc_type: "switch", fc: "8080-8080-8080", created_at: Date.now() })
        .execute();
      const user = await signedIn(t, { player: false });
      const body = { display_name: "Made By Admin", country: "IT", user_id: user.userId, switch_fc: "8080-8080-8080", discord_tag: "m#1" };
      const warn = await admin.c.post("/api/registry/players/new", body);
      expect(warn.json()).toMatchObject({ status: "fc_error", fc_errors: [{ player_name: expect.stringMatching(/^Racer/) }] });
      const r = await admin.c.post("/api/registry/players/new", { ...body, override_fc_warning: true });
      expect(r.json()).toMatchObject({ status: "success", message: "The player has been created." });
      expect(await row(r.json().player_id)).toMatchObject({
        user_id: user.userId,
        is_shadow: 0,
        country_code: "IT",
        switch_fc: "8080-8080-8080",
      });
    });
  });
});
