import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeam, createTournament, DAY_MS } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { teamRow, teamWith } from "./teams-helpers.js";
import { createSeries, type FormValue, multipart, postForm, tournamentForm } from "./tournament-helpers.js";

const D = await dialects();

const PROFILE_TYPES = "Send the profile form as application/json or multipart/form-data.";

describe.each(D)("spec-exact saves (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const playerRow = (id: number) => t.database.db.selectFrom("players").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const uploadsOf = (userId: number) =>
    t.database.db.selectFrom("uploads").select(["id", "purpose"]).where("user_id", "=", userId).execute();
  const background = (seed: number) =>
    sharp({ create: { width: 48, height: 24, channels: 3, background: { r: seed, g: 90, b: 160 } } })
      .png()
      .toBuffer();

  // --- profile saves: multipart as 000 §7 says, JSON as before ---------------------------------

  describe("profile saves take the spec's multipart form", () => {
    it("creates one's own profile from a multipart form (strings, the CSRF field, flags)", async () => {
      const me = await signedIn(t, { player: false });
      const r = await postForm(me.c, "/api/registry/edit_profile", {
        csrf_token: me.c.csrfToken,
        display_name: "Form Racer",
        country: "de",
        discord_tag: "form#0001",
        discord_privacy: "private",
        switch_fc: "SW-4444-5555-6666",
        profile_message: "From a **form**",
        override_fc_warning: "false",
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ status: "success", message: "Your profile has been created." });
      expect(await playerRow(r.json().player_id)).toMatchObject({
        display_name: "Form Racer",
        country_code: "DE",
        discord_tag: "form#0001",
        discord_privacy: "private",
        switch_fc: "4444-5555-6666",
        user_id: me.userId,
      });
    });

    it("a supporter's background comes in the same request; non-supporters are refused before it is stored", async () => {
      const sup = await signedIn(t, { roles: ["supporter"] });
      const body = await multipart(
        { border_color: "45", site_theme: "ocean", use_background: "upload" },
        { field: "background", data: await background(1), filename: "bg.png" },
      );
      const r = await sup.c.request({ method: "POST", url: "/api/registry/edit_profile", ...body });
      expect(r.statusCode).toBe(200);
      expect(r.json().status).toBe("success");
      const stored = await uploadsOf(sup.userId);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.purpose).toBe("profile");
      expect(await playerRow(sup.playerId)).toMatchObject({ border_color: 45, background_upload_id: stored[0]!.id });
      const page = (await sup.c.get(`/api/registry/players/${sup.playerId}`)).json();
      expect(page.background).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

      // use_background 'existing' ignores a file sent along; 'default' removes the background.
      const keep = await multipart({ use_background: "existing" }, { field: "background", data: await background(2) });
      expect((await sup.c.request({ method: "POST", url: "/api/registry/edit_profile", ...keep })).statusCode).toBe(200);
      expect(await uploadsOf(sup.userId)).toHaveLength(1);

      const plain = await signedIn(t);
      const refused = await plain.c.request({
        method: "POST",
        url: "/api/registry/edit_profile",
        ...(await multipart({}, { field: "background", data: await background(3) })),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only supporters can change the border colour, theme and background.");
      expect(await uploadsOf(plain.userId)).toEqual([]);
    });

    it("a background over 8MB gets 413 'The logo exceeds the maximum size of 8MB.'", async () => {
      const sup = await signedIn(t, { roles: ["supporter"] });
      const big = await multipart({ use_background: "upload" }, { field: "background", data: Buffer.alloc(8 * 1024 * 1024 + 1, 1) });
      const r = await sup.c.request({ method: "POST", url: "/api/registry/edit_profile", ...big });
      expect(r.statusCode).toBe(413);
      expect(r.json()).toEqual({
        status: "error",
        message: "The logo exceeds the maximum size of 8MB.",
        code: "uploads.too_large",
        params: { size: 8, unit: "MB" },
      });
      const admin = await signedIn(t, { roles: ["administrate"] });
      const r2 = await admin.c.request({ method: "POST", url: `/api/registry/players/${sup.playerId}`, ...big });
      expect(r2.statusCode).toBe(413);
      expect(r2.json().message).toBe("The logo exceeds the maximum size of 8MB.");
    });

    it("staff saves take the multipart form too: shadow creation, fc_error and its override", async () => {
      const admin = await signedIn(t, { roles: ["administrate"] });
      const shadow = await postForm(admin.c, "/api/registry/players/new", { shadow: "true", display_name: "Form Shadow", country: "FR" });
      expect(shadow.json()).toMatchObject({ status: "success", message: "The shadow player has been created." });
      expect(await playerRow(shadow.json().player_id)).toMatchObject({ display_name: "Form Shadow", is_shadow: 1, user_id: null });

      const other = await signedIn(t, { player: { switch_fc: "7777-8888-9999" } });
      await t.database.db
        .insertInto("friend_code_history")
        .values({ player_id: other.playerId, fc_type: "switch", fc: "7777-8888-9999", created_at: Date.now() })
        .execute();
      const target = await signedIn(t);
      const warned = await postForm(admin.c, `/api/registry/players/${target.playerId}`, { switch_fc: "7777-8888-9999", is_hidden: "0" });
      expect(warned.json()).toMatchObject({ status: "fc_error", fc_errors: [{ player_name: other.name }] });
      const ok = await postForm(admin.c, `/api/registry/players/${target.playerId}`, {
        switch_fc: "7777-8888-9999",
        is_hidden: "1",
        override_fc_warning: "1",
      });
      expect(ok.json().status).toBe("success");
      expect(await playerRow(target.playerId)).toMatchObject({ switch_fc: "7777-8888-9999", is_hidden: 1 });
    });

    it("JSON still works; other content types get 415 naming the accepted ones, never a schema message", async () => {
      const me = await signedIn(t);
      expect((await me.c.post("/api/registry/edit_profile", { profile_message: "json" })).json().status).toBe("success");
      for (const [type, payload] of [
        ["text/plain", "profile_message=x"],
        ["application/x-www-form-urlencoded", "profile_message=x"],
        ["text/xml", "<profile/>"],
      ] as const) {
        for (const url of ["/api/registry/edit_profile", `/api/registry/players/${me.playerId}`]) {
          const r = await me.c.request({ method: "POST", url, payload, headers: { "content-type": type } });
          expect([type, r.statusCode, r.json()]).toEqual([
            type,
            415,
            { status: "error", message: PROFILE_TYPES, code: "request.form_type", params: { form: "profile" } },
          ]);
        }
      }
      const none = await me.c.request({ method: "POST", url: "/api/registry/edit_profile" });
      expect([none.statusCode, none.json().message]).toEqual([415, PROFILE_TYPES]);
      const nullBody = await me.c.request({
        method: "POST",
        url: "/api/registry/edit_profile",
        payload: "null",
        headers: { "content-type": "application/json" },
      });
      expect(nullBody.statusCode).toBe(400);
      expect(nullBody.json().message).toBe("Send the profile form as a JSON object of its fields.");
      expect(nullBody.json().message).not.toMatch(/expected object/);
    });

    it("the multipart-only saves answer 415 naming multipart/form-data", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      const r = await leader.c.post(`/api/registry/teams/${id}`, { team_color: 3 });
      expect(r.statusCode).toBe(415);
      expect(r.json()).toEqual({ status: "error", message: "Send the form as multipart/form-data.", code: "request.multipart_required" });
    });
  });

  // --- team edit: the spec's full form (000 §3, §6) ----------------------------------------------

  describe("a leader's team edit carries the full edit form", () => {
    const edit = (c: Client, id: number, fields: Record<string, FormValue>) => postForm(c, `/api/registry/teams/${id}`, fields);

    it("accepts team_status, team_historical and team_category unchanged; refuses changing them", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { team_status: "approved", category: "mk8dx_150" });
      const full = { team_color: 7, team_status: "approved", team_historical: "0", team_category: "mk8dx_150", primary_team: "0" };
      const ok = await edit(leader.c, id, full);
      expect(ok.json()).toEqual({ status: "success", message: "The team was saved.", team_id: id });
      expect(await teamRow(t, id)).toMatchObject({ team_color: 7, team_status: "approved", is_historical: 0, category: "mk8dx_150" });
      for (const change of [{ team_status: "unapproved" }, { team_historical: "1" }, { team_category: "mkw_vs_race" }]) {
        const r = await edit(leader.c, id, { ...full, team_color: 9, ...change });
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe("Only administrators can change the team status, historical flag or category.");
      }
      expect((await teamRow(t, id)).team_color).toBe(7);
    });

    it("lets a leader set the primary team to a team of another category they lead, or none", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { category: "mk8dx_150" });
      const mine = await teamWith(t, leader.playerId, { category: "mkw_vs_race" });
      const notMine = await createTeam(t.database, { team_name: "Not Mine", category: "mkw_vs_race" });
      const sameCategory = await teamWith(t, leader.playerId, { category: "mk8dx_150" });

      const refused = await edit(leader.c, id, { primary_team: notMine });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You can only link a team you lead as the primary team.");
      expect((await edit(leader.c, id, { primary_team: sameCategory })).json().message).toBe(
        "The primary team must be of another category.",
      );
      expect((await edit(leader.c, id, { primary_team: id })).json().message).toBe("A team cannot be its own primary team.");

      expect((await edit(leader.c, id, { primary_team: mine })).json().status).toBe("success");
      expect((await teamRow(t, id)).primary_team_id).toBe(mine);
      // A form without the field keeps the link; 0 removes it.
      expect((await edit(leader.c, id, { team_color: 2 })).json().status).toBe("success");
      expect((await teamRow(t, id)).primary_team_id).toBe(mine);
      expect((await edit(leader.c, id, { primary_team: 0 })).json().status).toBe("success");
      expect((await teamRow(t, id)).primary_team_id).toBeNull();
      // Unchanged, a primary team the leader does not lead (set by an administrator) is kept.
      await t.database.db.updateTable("teams").set({ primary_team_id: notMine }).where("id", "=", id).execute();
      expect((await edit(leader.c, id, { primary_team: notMine, team_color: 4 })).json().status).toBe("success");
    });
  });

  // --- fields that do not apply are ignored -------------------------------------------------------

  describe("fields that do not apply are ignored, not refused", () => {
    let series: number;
    let lanSeries: number;
    let ea: Client;
    beforeAll(async () => {
      series = await createSeries(t.database, { organizer: "mkc" });
      lanSeries = await createSeries(t.database, { organizer: "lan" });
      ea = (await signedIn(t, { roles: ["event_admin"] })).c;
    });
    const tournamentRow = (id: number) =>
      t.database.db.selectFrom("tournaments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const templateRow = (id: number) => t.database.db.selectFrom("templates").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("tournament: a LAN location on a non-LAN tournament, squad counts on a team one, check-ins on a solo one", async () => {
      const mkc = await postForm(
        ea,
        "/api/events/new",
        tournamentForm({ organizer: "mkc", location: "various", specify_location: "x".repeat(300) }),
      );
      expect(mkc.statusCode).toBe(200);
      expect((await tournamentRow(mkc.json().id)).location).toBeNull();
      const lan = await postForm(ea, "/api/events/new", tournamentForm({ organizer: "lan", specify_location: "x".repeat(121) }));
      expect([lan.statusCode, lan.json().message]).toEqual([400, "The location may be at most 120 characters."]);

      // A team tournament has a minimum size only: the form's maximum (1 here) does not refuse it.
      const team = await postForm(
        ea,
        "/api/events/new",
        tournamentForm({ registration_format: "0", minimum_players: "6", maximum_players: "1", pr_value: "30", checkin_required: true }),
      );
      expect(team.statusCode).toBe(200);
      expect(await tournamentRow(team.json().id)).toMatchObject({
        minimum_team_size: 6,
        maximum_team_size: 99,
        pr_value: 30,
        checkin_required: 0,
        team_tag_required: 0,
      });
      const solo = await postForm(
        ea,
        "/api/events/new",
        tournamentForm({
          registration_format: "1",
          minimum_players: "5",
          maximum_players: "4",
          checkin_required: true,
          checkin_minimum: "3",
          pr_value: "40",
        }),
      );
      expect(solo.statusCode).toBe(200);
      expect(await tournamentRow(solo.json().id)).toMatchObject({
        minimum_team_size: 1,
        maximum_team_size: 1,
        checkin_required: 1,
        checkin_minimum: 0,
        pr_value: 0,
      });
    });

    it("template: a location unless the organizer (or the series', for default) is lan, squad sizes on a solo template", async () => {
      const save = (fields: Record<string, FormValue>) =>
        postForm(ea, "/api/tournaments/series/templates/new", {
          template_name: "Ignore test",
          use_logo: "default",
          organizer: "default",
          game_mode: "mk8dx_150",
          registration_format: "2",
          ...fields,
        });
      const mkc = await save({ series_id: series, location: "y".repeat(200) });
      expect(mkc.statusCode).toBe(200);
      expect((await templateRow(mkc.json().id)).location).toBeNull();
      const lanByDefault = await save({ series_id: lanSeries, location: "Paris" });
      expect((await templateRow(lanByDefault.json().id)).location).toBe("Paris");
      const lan = await save({ series_id: series, organizer: "lan", location: "z".repeat(121) });
      expect([lan.statusCode, lan.json().message]).toEqual([400, "The location may be at most 120 characters."]);

      const solo = await save({
        series_id: series,
        registration_format: "1",
        minimum_team_size: "5",
        maximum_team_size: "4",
        squad_tag_required: "1",
      });
      expect(solo.statusCode).toBe(200);
      expect(await templateRow(solo.json().id)).toMatchObject({ minimum_team_size: null, maximum_team_size: null, team_tag_required: 0 });
      const squad = await save({ series_id: series, minimum_team_size: "5", maximum_team_size: "4" });
      expect([squad.statusCode, squad.json().message]).toEqual([400, "Minimum players may not be more than maximum players."]);
    });
  });

  // --- series detail: the listing's latest event fields (001 §3) ---------------------------------

  it("the series detail carries latest_event_id, latest_event_title and registrations_open like the listing", async () => {
    const id = await createSeries(t.database, { series_name: "Latest Series" });
    const empty = (await new Client(t.app).get(`/api/tournaments/series/${id}`)).json();
    expect(empty).toMatchObject({ latest_event_id: null, latest_event_title: null, registrations_open: false });
    const now = Date.now();
    await createTournament(t.database, {
      title: "Old",
      tournament_series_id: id,
      start_date: now - 30 * DAY_MS,
      end_date: now - 29 * DAY_MS,
    });
    const latest = await createTournament(t.database, {
      title: "Next",
      tournament_series_id: id,
      start_date: now + 5 * DAY_MS,
      end_date: now + 6 * DAY_MS,
      registrations_open: 1,
    });
    await createTournament(t.database, {
      title: "Draft",
      tournament_series_id: id,
      published: 0,
      start_date: now + 50 * DAY_MS,
      end_date: now + 51 * DAY_MS,
    });
    const detail = (await new Client(t.app).get(`/api/tournaments/series/${id}`)).json();
    expect(detail).toMatchObject({ latest_event_id: latest, latest_event_title: "Next", registrations_open: true });
    const card = (await new Client(t.app).get("/api/tournaments/series")).json().all_series.find((s: { id: number }) => s.id === id);
    expect(card).toMatchObject({
      latest_event_id: detail.latest_event_id,
      latest_event_title: detail.latest_event_title,
      registrations_open: detail.registrations_open,
    });
  });
});
