import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORICAL_TEAM_EXISTS_MESSAGE, UNKNOWN_ERROR_MESSAGE } from "@site/contract";
import { DAY_MS } from "../src/lib/dates.js";
import { createTeam, createTournament, place } from "./factories.js";
import { createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import {
  activeTeamsOf,
  anonymous,
  LOGO_413,
  logo250k,
  newTeamForm,
  notificationsOf,
  postForm,
  smallPng,
  teamRow,
  teamWith,
  transfersOf,
} from "./teams-helpers.js";

const D = await dialects();

describe.each(D)("team registry: forms, pages and lists (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const pendingChanges = (teamId: number) =>
    t.database.db
      .selectFrom("profile_changes")
      .selectAll()
      .where("table_name", "=", "teams")
      .where("row_id", "=", teamId)
      .orderBy("id")
      .execute();

  // --- new team ----------------------------------------------------------------------------

  describe("new team", () => {
    it("refuses anonymous visitors (401) and accounts without a profile", async () => {
      const anon = await anonymous(t);
      const r = await postForm(anon, "/api/registry/teams/new", newTeamForm());
      expect(r.statusCode).toBe(401);
      const noProfile = await signedIn(t, { player: false });
      const r2 = await postForm(noProfile.c, "/api/registry/teams/new", newTeamForm());
      expect(r2.statusCode).toBe(400);
      expect(r2.json().message).toBe("You must create a registry profile first.");
      const unverified = await signedIn(t, { state: "pending_email" });
      expect((await postForm(unverified.c, "/api/registry/teams/new", newTeamForm())).statusCode).toBe(403);
    });

    it("creates an unapproved team led by its creator, with a join transfer, kept out of public lists", async () => {
      const a = await signedIn(t);
      const form = newTeamForm({
        team_name: "Blue Shells United",
        team_tag: "BSU",
        team_color: 22,
        team_description: "Hi <script>x</script>",
      });
      const r = await postForm(a.c, "/api/registry/teams/new", form);
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.status).toBe("success");
      const row = await teamRow(t, body.team_id);
      expect(row).toMatchObject({
        team_name: "Blue Shells United",
        team_tag: "BSU",
        team_color: 22,
        team_status: "unapproved",
        category: "mk8dx_150",
      });
      expect(await activeTeamsOf(t, a.playerId)).toEqual([{ team_id: body.team_id, is_leader: 1, is_manager: 0, category: "mk8dx_150" }]);
      const x = await transfersOf(t, a.playerId);
      expect(x).toMatchObject([{ from_team_id: null, to_team_id: body.team_id, status: "accepted" }]);
      const list = (await a.c.get("/api/registry/teams/category/all?search=Blue%20Shells")).json();
      expect(list.data).toEqual([]);
      const page = (await a.c.get(`/api/registry/teams/${body.team_id}`)).json();
      expect(page.team_status).toBe("unapproved");
      expect(page.team_description_html).not.toContain("<script");
    });

    it("checks every limit: name 35, tag 5, language name 20, colour 1–40", async () => {
      const a = await signedIn(t);
      const post = (o: Record<string, string | number | undefined>) => postForm(a.c, "/api/registry/teams/new", newTeamForm(o));
      const cases: Array<[Record<string, string | number | undefined>, string]> = [
        [{ team_name: "n".repeat(36) }, "Team names may be at most 35 characters."],
        [{ team_name: "   " }, "Enter a team name."],
        [{ team_tag: "TOOLONG" }, "Team tags may be at most 5 characters."],
        [{ team_tag: "" }, "Enter a team tag."],
        [{ main_language: "other", language_name: "l".repeat(21) }, "Language names may be at most 20 characters."],
        [{ team_color: 0 }, "Choose a team colour from 1 to 40."],
        [{ team_color: 41 }, "Choose a team colour from 1 to 40."],
        [{ team_color: undefined }, "Choose a team colour from 1 to 40."],
        [{ team_category: "mk8dx_mixed" }, "Choose a category."],
      ];
      for (const [o, message] of cases) {
        const r = await post(o);
        expect(r.statusCode, JSON.stringify(o)).toBe(400);
        expect(r.json().message).toBe(message);
      }
      const ok = await post({
        team_name: "n".repeat(35),
        team_tag: "ABCDE",
        main_language: "other",
        language_name: "l".repeat(20),
        team_color: 40,
      });
      expect(ok.json().status).toBe("success");
      expect(await teamRow(t, ok.json().team_id)).toMatchObject({ team_color: 40, language_name: "l".repeat(20), main_language: "other" });
    });

    it("answers 413 with the spec's message for a 250 KB logo, and stores a small one", async () => {
      const a = await signedIn(t);
      const big = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ use_logo: "upload" }), { data: logo250k() });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ status: "error", message: LOGO_413, code: "uploads.too_large", params: { size: 200, unit: "KB" } });
      const ok = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ use_logo: "upload" }), { data: await smallPng() });
      expect(ok.json().status).toBe("success");
      const page = (await a.c.get(`/api/registry/teams/${ok.json().team_id}`)).json();
      expect(page.team_logo).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);
    });

    it("answers 'An unknown error has occurred.' for a failure it did not foresee, never the internal message", () => {
      // The one error handler renders every 5xx this way (see errors.ts); the web shows it for team saves.
      expect(UNKNOWN_ERROR_MESSAGE).toBe("An unknown error has occurred.");
    });

    it("offers a claim when a historical team of the category has the name; other categories may reuse it", async () => {
      const hist = await createTeam(t.database, { team_name: "Old Legends", team_tag: "OL", is_historical: 1, category: "mk8dx_150" });
      const a = await signedIn(t);
      const r = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_name: "old legends" }));
      expect(r.json()).toEqual({ status: "claim", message: HISTORICAL_TEAM_EXISTS_MESSAGE, team_id: hist });
      expect(await activeTeamsOf(t, a.playerId)).toEqual([]);

      const claim = await a.c.post(`/api/registry/teams/claim/${hist}`);
      expect(claim.json()).toEqual({ status: "ok", message: "Your claim was sent to the moderators." });
      expect((await a.c.post(`/api/registry/teams/claim/${hist}`)).json().message).toBe("You have already claimed this team.");
      const active = await createTeam(t.database, { team_name: "Active Ones" });
      expect((await a.c.post(`/api/registry/teams/claim/${active}`)).json().message).toBe("Only historical teams can be claimed.");
      expect((await (await anonymous(t)).post(`/api/registry/teams/claim/${hist}`)).statusCode).toBe(401);

      const other = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_name: "Old Legends", team_category: "mkw_vs_race" }));
      expect(other.json().status).toBe("success");
    });

    it("refuses a name already used in the category and a second team waiting for approval", async () => {
      await createTeam(t.database, { team_name: "Taken Name", category: "mk8dx_200" });
      const a = await signedIn(t);
      const taken = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_name: "TAKEN NAME", team_category: "mk8dx_200" }));
      expect(taken.statusCode).toBe(400);
      expect(taken.json().message).toBe("A team with this name already exists in this category.");
      expect((await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_category: "mk8dx_200" }))).json().status).toBe("success");
      const second = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_category: "mkw_vs_race" }));
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe("You already lead a team that is waiting for approval.");
    });

    it("asks the creator to leave their established team of the category first, then moves them", async () => {
      const a = await signedIn(t);
      const old = await teamWith(t, a.playerId, { category: "mk7_vs_race" });
      const first = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_category: "mk7_vs_race" }));
      expect(first.json()).toMatchObject({ status: "confirm_leave", team_id: null, current_team: { team_id: old } });
      expect(await activeTeamsOf(t, a.playerId)).toHaveLength(1);
      const second = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_category: "mk7_vs_race", leave_current: true }));
      expect(second.json().status).toBe("success");
      const teams = await activeTeamsOf(t, a.playerId);
      expect(teams.map((m) => m.team_id)).toEqual([second.json().team_id]);
      const x = (await transfersOf(t, a.playerId)).at(-1)!;
      expect(x).toMatchObject({ from_team_id: old, to_team_id: second.json().team_id, status: "accepted" });
    });

    it("lets a creator link a team they lead as primary team, not someone else's", async () => {
      const a = await signedIn(t);
      const mine = await teamWith(t, a.playerId, { category: "mkw_vs_race" });
      const other = await createTeam(t.database, { category: "mkw_vs_race" });
      const refused = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ primary_team_id: other }));
      expect(refused.statusCode).toBe(403);
      const ok = await postForm(a.c, "/api/registry/teams/new", newTeamForm({ primary_team_id: mine }));
      expect(ok.json().status).toBe("success");
      const page = (await a.c.get(`/api/registry/teams/${ok.json().team_id}`)).json();
      expect(page.primary_team_id).toBe(mine);
      expect(page.linked_teams.map((l: { team_id: number }) => l.team_id)).toEqual([mine]);
    });

    it("refuses the CSRF-less post", async () => {
      const a = await signedIn(t);
      const r = await a.c.request({ method: "POST", url: "/api/registry/teams/new", csrf: false, payload: {} });
      expect(r.statusCode).toBe(403);
    });
  });

  // --- team edit (leaders) -----------------------------------------------------------------

  describe("team edit", () => {
    it("is for leaders only: anonymous 401, non-members and plain members 403", async () => {
      const leader = await signedIn(t);
      const member = await signedIn(t);
      const manager = await signedIn(t);
      const stranger = await signedIn(t);
      const id = await teamWith(t, leader.playerId, {}, [{ playerId: member.playerId }, { playerId: manager.playerId, manager: true }]);
      expect((await postForm(await anonymous(t), `/api/registry/teams/${id}`, { team_color: 3 })).statusCode).toBe(401);
      for (const who of [member, manager, stranger]) {
        const r = await postForm(who.c, `/api/registry/teams/${id}`, { team_color: 3 });
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe("Only the team's leaders can edit the team.");
      }
      const ok = await postForm(leader.c, `/api/registry/teams/${id}`, {
        team_color: 3,
        recruitment_status: "closed",
        main_language: "other",
        language_name: "Klingon",
        team_description: "**New**",
      });
      expect(ok.json()).toEqual({ status: "success", message: "The team was saved.", team_id: id });
      expect(await teamRow(t, id)).toMatchObject({
        team_color: 3,
        recruitment_status: "closed",
        language_name: "Klingon",
        team_description: "**New**",
      });
    });

    it("refuses leaders a change of the admin-only fields (status, historical flag, category); unchanged values pass", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      const before = await teamRow(t, id);
      for (const field of [{ team_status: "banned" }, { team_historical: 1 }, { team_category: "mkw_vs_race" }]) {
        const r = await postForm(leader.c, `/api/registry/teams/${id}`, field);
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe("Only administrators can change the team status, historical flag or category.");
      }
      const same = {
        team_status: before.team_status,
        team_historical: before.is_historical,
        team_category: before.category,
        primary_team: 0,
      };
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, same)).statusCode).toBe(200);
      expect(await teamRow(t, id)).toEqual(before);
    });

    it("checks the limits on edit too", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { team_tag: "SIXSIX" })).json().message).toBe(
        "Team tags may be at most 5 characters.",
      );
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { team_name: "x".repeat(36) })).json().message).toBe(
        "Team names may be at most 35 characters.",
      );
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { team_color: 41 })).statusCode).toBe(400);
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { language_name: "y".repeat(21) })).statusCode).toBe(400);
      const big = await postForm(leader.c, `/api/registry/teams/${id}`, { use_logo: "upload" }, { data: logo250k() });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(LOGO_413);
    });

    it("turns a new name or tag into a pending change, once every 12 weeks", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { team_name: "Steady Name", team_tag: "STD" });
      const r = await postForm(leader.c, `/api/registry/teams/${id}`, { team_name: "Shiny Name", team_tag: "SHN" });
      expect(r.json().message).toBe("The team was saved. The new name or tag is waiting for approval by a moderator.");
      expect(await teamRow(t, id)).toMatchObject({ team_name: "Steady Name", team_tag: "STD" });
      const changes = await pendingChanges(id);
      expect(changes.map((c) => [c.field_name, c.from_value, c.to_value, c.status])).toEqual([
        ["team_name", "Steady Name", "Shiny Name", "pending"],
        ["team_tag", "STD", "SHN", "pending"],
      ]);
      const viewer = (await leader.c.get(`/api/registry/teams/${id}/viewer`)).json();
      expect(viewer.pending_changes.map((c: { to_value: string }) => c.to_value)).toEqual(["Shiny Name", "SHN"]);

      const again = await postForm(leader.c, `/api/registry/teams/${id}`, { team_tag: "AGN" });
      expect(again.json().message).toBe("A name or tag change for this team is already waiting for approval.");

      // Approved 10 days ago: the next change waits for the 12 weeks to pass.
      await t.database.db
        .updateTable("profile_changes")
        .set({ status: "approved", created_at: Date.now() - 10 * DAY_MS })
        .where("row_id", "=", id)
        .execute();
      const soon = await postForm(leader.c, `/api/registry/teams/${id}`, { team_tag: "AGN" });
      expect(soon.statusCode).toBe(400);
      expect(soon.json().message).toMatch(/^A team's name and tag can be changed once every 12 weeks\. The next change is possible on /);
      await t.database.db
        .updateTable("profile_changes")
        .set({ created_at: Date.now() - 85 * DAY_MS })
        .where("row_id", "=", id)
        .execute();
      await t.database.db
        .updateTable("teams")
        .set({ name_changed_at: Date.now() - 20 * DAY_MS })
        .where("id", "=", id)
        .execute();
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { team_tag: "AGN" })).statusCode).toBe(400);
      await t.database.db
        .updateTable("teams")
        .set({ name_changed_at: Date.now() - 85 * DAY_MS })
        .where("id", "=", id)
        .execute();
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { team_tag: "AGN" })).json().status).toBe("success");
    });

    it("renames an unapproved team at once", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { team_status: "unapproved", team_name: "Draft Name" });
      await postForm(leader.c, `/api/registry/teams/${id}`, { team_name: "Final Name" });
      expect((await teamRow(t, id)).team_name).toBe("Final Name");
      expect(await pendingChanges(id)).toEqual([]);
    });

    it("keeps, replaces or removes the logo", async () => {
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      await postForm(leader.c, `/api/registry/teams/${id}`, { use_logo: "upload" }, { data: await smallPng() });
      expect((await teamRow(t, id)).logo_upload_id).not.toBeNull();
      await postForm(leader.c, `/api/registry/teams/${id}`, { use_logo: "existing", team_color: 2 });
      expect((await teamRow(t, id)).logo_upload_id).not.toBeNull();
      expect((await postForm(leader.c, `/api/registry/teams/${id}`, { use_logo: "upload" })).json().message).toBe(
        "Choose a logo file to upload.",
      );
      await postForm(leader.c, `/api/registry/teams/${id}`, { use_logo: "none" });
      expect((await teamRow(t, id)).logo_upload_id).toBeNull();
      expect((await leader.c.get(`/api/registry/teams/${id}`)).json().team_logo).toBeNull();
    });
  });

  // --- admin edit, approval, shadow teams ------------------------------------------------------

  describe("admin team edit", () => {
    it("is for administrators only", async () => {
      const leader = await signedIn(t);
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const id = await teamWith(t, leader.playerId);
      expect((await postForm(await anonymous(t), `/api/registry/teams/${id}/admin`, { team_status: "banned" })).statusCode).toBe(401);
      for (const who of [leader, mod]) {
        const r = await postForm(who.c, `/api/registry/teams/${id}/admin`, { team_status: "banned" });
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe("Only administrators can use the admin team edit.");
      }
      expect((await teamRow(t, id)).team_status).toBe("approved");
    });

    it("changes status, historical flag, primary team, category and name at once", async () => {
      const admin = await signedIn(t, { roles: ["administrate"], player: false });
      const leader = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { team_name: "Admin Target", category: "mk8dx_150" });
      const primary = await createTeam(t.database, { category: "mkw_vs_race" });
      const r = await postForm(admin.c, `/api/registry/teams/${id}/admin`, {
        team_status: "banned",
        team_historical: 1,
        primary_team: primary,
        team_category: "mk8dx_200",
        team_name: "Renamed Directly",
      });
      expect(r.json()).toEqual({ status: "success", message: "The team was saved.", team_id: id });
      expect(await teamRow(t, id)).toMatchObject({
        team_status: "banned",
        is_historical: 1,
        primary_team_id: primary,
        category: "mk8dx_200",
        team_name: "Renamed Directly",
      });
      const history = await t.database.db
        .selectFrom("name_history")
        .selectAll()
        .where("table_name", "=", "teams")
        .where("row_id", "=", id)
        .execute();
      expect(history.map((h) => h.to_value)).toEqual(["Renamed Directly"]);
      expect((await notificationsOf(t, leader.userId)).at(-1)!.message).toContain("is now banned");
      // primary_team 0 means none; a form without the field keeps the link.
      await postForm(admin.c, `/api/registry/teams/${id}/admin`, { team_color: 4 });
      expect((await teamRow(t, id)).primary_team_id).toBe(primary);
      await postForm(admin.c, `/api/registry/teams/${id}/admin`, { primary_team: 0 });
      expect((await teamRow(t, id)).primary_team_id).toBeNull();
      expect((await postForm(admin.c, `/api/registry/teams/${id}/admin`, { primary_team: id })).json().message).toBe(
        "A team cannot be its own primary team.",
      );
      const big = await postForm(admin.c, `/api/registry/teams/${id}/admin`, { use_logo: "upload" }, { data: logo250k() });
      expect(big.statusCode).toBe(413);
    });

    it("refuses a category change that would put a member on two teams of a category", async () => {
      const admin = await signedIn(t, { roles: ["administrate"], player: false });
      const p = await signedIn(t);
      const id = await teamWith(t, p.playerId, { category: "mk8dx_150" });
      await teamWith(t, null, { category: "mkw_vs_race" }, [{ playerId: p.playerId }]);
      const r = await postForm(admin.c, `/api/registry/teams/${id}/admin`, { team_category: "mkw_vs_race" });
      expect(r.statusCode).toBe(400);
    });
  });

  describe("approval and shadow teams", () => {
    it("lets moderators and administrators approve or disapprove an unapproved team, and no one else", async () => {
      const leader = await signedIn(t);
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const id = await teamWith(t, leader.playerId, { team_status: "unapproved" });
      expect((await (await anonymous(t)).post(`/api/registry/teams/${id}/approve`, { approve: true })).statusCode).toBe(401);
      expect((await leader.c.post(`/api/registry/teams/${id}/approve`, { approve: true })).statusCode).toBe(403);
      const ok = await mod.c.post(`/api/registry/teams/${id}/approve`, { approve: true });
      expect(ok.json()).toEqual({ status: "ok", message: "The team was approved." });
      expect((await teamRow(t, id)).team_status).toBe("approved");
      expect((await notificationsOf(t, leader.userId)).at(-1)).toMatchObject({ level: "success" });
      expect((await mod.c.post(`/api/registry/teams/${id}/approve`, { approve: false })).json().message).toBe(
        "Only unapproved teams can be approved or disapproved.",
      );
      const other = await teamWith(t, null, { team_status: "unapproved" });
      await mod.c.post(`/api/registry/teams/${other}/approve`, { approve: false });
      expect((await teamRow(t, other)).team_status).toBe("disapproved");
    });

    it("lets staff create shadow teams: name ≤ 30, tag ≤ 5, colour required", async () => {
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const player = await signedIn(t);
      const body = { team_category: "mk8dx_150", team_name: "Shadow Riders", team_tag: "SR", team_color: 7 };
      expect((await (await anonymous(t)).post("/api/registry/teams/shadow", body)).statusCode).toBe(401);
      expect((await player.c.post("/api/registry/teams/shadow", body)).statusCode).toBe(403);
      const r = await mod.c.post("/api/registry/teams/shadow", body);
      expect(r.json()).toMatchObject({ status: "success", message: "The shadow team was created." });
      expect(await teamRow(t, r.json().team_id)).toMatchObject({ is_shadow: 1, team_status: "approved", team_color: 7 });
      const refusals: Array<[object, string]> = [
        [{ ...body, team_name: "s".repeat(31) }, "Team names may be at most 30 characters."],
        [{ ...body, team_name: "Other", team_tag: "SIXSIX" }, "Team tags may be at most 5 characters."],
        [{ team_category: "mk8dx_150", team_name: "No Colour", team_tag: "NC" }, "Choose a team colour from 1 to 40."],
      ];
      for (const [b, message] of refusals) {
        const res = await mod.c.post("/api/registry/teams/shadow", b);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(message);
      }
      expect((await mod.c.post("/api/registry/teams/shadow", { ...body, team_name: "s".repeat(30) })).json().status).toBe("success");
    });
  });

  // --- team page, lists, picker --------------------------------------------------------------

  describe("team page", () => {
    it("shows the team with its roster in order, linked teams, results and no logo", async () => {
      const leader = await signedIn(t, { player: { country_code: "JP" } });
      const manager = await signedIn(t);
      const member = await signedIn(t);
      const primary = await createTeam(t.database, { team_name: "Org Main", category: "mkw_vs_race" });
      const id = await teamWith(
        t,
        leader.playerId,
        {
          team_name: "Page Team",
          team_tag: "PGT",
          primary_team_id: primary,
          team_description: "# Hello\n<img src=x onerror=alert(1)>",
          main_language: "fr",
        },
        [{ playerId: member.playerId }, { playerId: manager.playerId, manager: true }],
      );
      const sister = await createTeam(t.database, { team_name: "Org Sister", category: "mk7_vs_race", primary_team_id: primary });
      const cup = await createTournament(t.database, { title: "Team Cup", event_format: 0, start_date: Date.now() - 5 * DAY_MS });
      await place(t.database, cup, "team", id, { placement: 2 });
      const r = await (await anonymous(t)).get(`/api/registry/teams/${id}`);
      expect(r.statusCode).toBe(200);
      const p = r.json();
      expect(p).toMatchObject({
        team_name: "Page Team",
        team_tag: "PGT",
        team_logo: null,
        primary_team_id: primary,
        primary_team_name: "Org Main",
        language_name: "French",
        team_status: "approved",
        category_title: "MK8DX 150cc",
      });
      expect(p.team_description_html).toContain("<h1>Hello</h1>");
      expect(p.team_description_html).not.toContain("<img");
      expect(
        p.roster.map((m: { player_id: number; is_leader: boolean; is_manager: boolean }) => [m.player_id, m.is_leader, m.is_manager]),
      ).toEqual([
        [leader.playerId, true, false],
        [manager.playerId, false, true],
        [member.playerId, false, false],
      ]);
      expect(p.roster[0].country_name).toBe("Japan");
      expect(p.linked_teams.map((l: { team_id: number }) => l.team_id).sort()).toEqual([primary, sister].sort());
      expect(p.results).toMatchObject([{ tournament_id: cup, tournament_title: "Team Cup", placement: 2, dq: false }]);
      expect((await (await anonymous(t)).get("/api/registry/teams/999999")).statusCode).toBe(404);
    });

    it("hides disapproved teams from everyone but staff and members", async () => {
      const member = await signedIn(t);
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const id = await teamWith(t, member.playerId, { team_status: "disapproved" });
      expect((await (await anonymous(t)).get(`/api/registry/teams/${id}`)).statusCode).toBe(404);
      expect((await (await signedIn(t)).c.get(`/api/registry/teams/${id}`)).statusCode).toBe(404);
      expect((await mod.c.get(`/api/registry/teams/${id}`)).statusCode).toBe(200);
      expect((await member.c.get(`/api/registry/teams/${id}`)).statusCode).toBe(200);
    });

    it("tells each viewer what they may do", async () => {
      const leader = await signedIn(t);
      const manager = await signedIn(t);
      const member = await signedIn(t);
      const admin = await signedIn(t, { roles: ["administrate"], player: false });
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const outsider = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { recruitment_status: "recruiting", team_status: "unapproved" }, [
        { playerId: manager.playerId, manager: true },
        { playerId: member.playerId },
      ]);
      const v = async (c: { get: (u: string) => Promise<{ json(): Record<string, unknown> }> }) =>
        (await c.get(`/api/registry/teams/${id}/viewer`)).json();
      expect(await v(await anonymous(t))).toMatchObject({ logged_in: false, can_edit: false, can_request_join: false, can_leave: false });
      expect(await v(leader.c)).toMatchObject({
        is_leader: true,
        can_edit: true,
        can_manage_roster: true,
        can_invite: true,
        can_change_roles: true,
        can_leave: true,
      });
      expect(await v(manager.c)).toMatchObject({ is_manager: true, can_edit: false, can_manage_roster: true, can_change_roles: false });
      expect(await v(member.c)).toMatchObject({ is_member: true, can_edit: false, can_manage_roster: false, can_leave: true });
      expect(await v(admin.c)).toMatchObject({ can_admin_edit: true, can_manage_roster: true, can_approve: true, can_edit: false });
      expect(await v(mod.c)).toMatchObject({ can_admin_edit: false, can_approve: true });
      expect(await v(outsider.c)).toMatchObject({ is_member: false, can_request_join: true, can_approve: false });
    });

    it("lists the team's transfers, newest first", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      await t.database.db
        .insertInto("transfers")
        .values({ player_id: p.playerId, to_team_id: id, category: "mk8dx_150", status: "accepted", created_at: Date.now() - 2000 })
        .execute();
      await t.database.db
        .insertInto("transfers")
        .values({ player_id: p.playerId, from_team_id: id, category: "mk8dx_150", status: "accepted", created_at: Date.now() - 1000 })
        .execute();
      await t.database.db
        .insertInto("transfers")
        .values({ player_id: p.playerId, to_team_id: id, category: "mk8dx_150", status: "invited", created_at: Date.now() })
        .execute();
      const r = (await (await anonymous(t)).get(`/api/registry/teams/${id}/transfers`)).json();
      expect(r.data.map((x: { from_team_id: number | null; to_team_id: number | null }) => [x.from_team_id, x.to_team_id])).toEqual([
        [id, null],
        [null, id],
      ]);
      expect(r.has_next_page).toBe(false);
    });
  });

  describe("lists and picker", () => {
    it("filters by recruiting, and by status for staff only", async () => {
      const stamp = Math.random().toString(36).slice(2, 8);
      await createTeam(t.database, { team_name: `Rec ${stamp} A`, recruitment_status: "recruiting", category: "mk8u_150" });
      await createTeam(t.database, { team_name: `Rec ${stamp} B`, recruitment_status: "closed", category: "mk8u_150" });
      await createTeam(t.database, {
        team_name: `Rec ${stamp} C`,
        recruitment_status: "recruiting",
        team_status: "banned",
        category: "mk8u_150",
      });
      const anon = await anonymous(t);
      const names = async (url: string) =>
        (await anon.get(url))
          .json()
          .data.map((x: { team_name: string }) => x.team_name)
          .sort();
      expect(await names(`/api/registry/teams/category/mk8u_150?search=${stamp}`)).toEqual([`Rec ${stamp} A`, `Rec ${stamp} B`]);
      expect(await names(`/api/registry/teams/category/mk8u_150?search=${stamp}&recruiting=1`)).toEqual([`Rec ${stamp} A`]);
      expect((await anon.get(`/api/registry/teams/category/all?status=banned`)).statusCode).toBe(403);
      // Browsers revalidate the public list (a new team shows to its creator at once); staff lists stay private.
      expect((await anon.get(`/api/registry/teams/category/all`)).headers["cache-control"]).toBe("no-cache");
      expect((await anon.get(`/api/registry/recent_transactions`)).headers["cache-control"]).toBe("no-cache");
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      const bannedRes = await mod.c.get(`/api/registry/teams/category/all?status=banned&search=${stamp}`);
      expect(bannedRes.headers["cache-control"]).toBe("private, no-store");
      const banned = bannedRes.json();
      expect(banned.data.map((x: { team_name: string }) => x.team_name)).toEqual([`Rec ${stamp} C`]);
    });

    it("answers the primary-team picker, and the viewer's led teams with mine=1", async () => {
      const stamp = Math.random().toString(36).slice(2, 8);
      const leader = await signedIn(t);
      const mine = await teamWith(t, leader.playerId, { team_name: `Pick ${stamp} Mine`, category: "mk8u_200" });
      await createTeam(t.database, { team_name: `Pick ${stamp} Other` });
      await createTeam(t.database, { team_name: `Pick ${stamp} Old`, is_historical: 1 });
      const all = (await (await anonymous(t)).get(`/api/registry/teams/all?search=${stamp}`)).json();
      expect(all.data.map((x: { team_name: string }) => x.team_name)).toEqual([`Pick ${stamp} Mine`, `Pick ${stamp} Other`]);
      expect(all.data[0]).toEqual({
        team_id: mine,
        team_name: `Pick ${stamp} Mine`,
        team_tag: expect.any(String),
        category: "mk8u_200",
        category_title: "MK8U 200cc",
      });
      const led = (await leader.c.get("/api/registry/teams/all?mine=1")).json();
      expect(led.data.map((x: { team_id: number }) => x.team_id)).toEqual([mine]);
      expect((await (await anonymous(t)).get("/api/registry/teams/all?mine=1")).statusCode).toBe(401);
    });
  });
});

describe("team registration rule (for the registrations feature)", () => {
  it("refuses banned, disapproved and historical teams", async () => {
    const { teamRegistrationRefusal } = await import("../src/features/teams/team-membership.service.js");
    expect(teamRegistrationRefusal({ team_status: "banned", is_historical: 0 })).toBe(
      "This team is banned and cannot register for tournaments.",
    );
    expect(teamRegistrationRefusal({ team_status: "disapproved", is_historical: 0 })).toMatch(/disapproved/);
    expect(teamRegistrationRefusal({ team_status: "approved", is_historical: 1 })).toMatch(/historical/);
    // With its code for translation (#21).
    const { teamRegistrationRefusalCoded } = await import("../src/features/teams/team-membership.service.js");
    expect(teamRegistrationRefusalCoded({ team_status: "disapproved", is_historical: 0 })?.code).toBe("registration.team_disapproved");
    expect(teamRegistrationRefusalCoded({ team_status: "approved", is_historical: true })?.code).toBe("registration.team_historical");
    expect(teamRegistrationRefusalCoded({ team_status: "approved", is_historical: 0 })).toBeNull();
    expect(teamRegistrationRefusal({ team_status: "approved", is_historical: 0 })).toBeNull();
    expect(teamRegistrationRefusal({ team_status: "unapproved", is_historical: 0 })).toBeNull();
  });
});
