import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeam } from "./factories.js";
import { createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { activeTeamsOf, anonymous, inviteRow, notificationsOf, teamRow, teamWith, transfersOf } from "./teams-helpers.js";

const D = await dialects();

describe.each(D)("team registry: rosters, invitations, transfers, claims (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const pendingOf = (teamId: number, playerId: number) =>
    t.database.db
      .selectFrom("transfers")
      .select(["id", "status"])
      .where("to_team_id", "=", teamId)
      .where("player_id", "=", playerId)
      .orderBy("id", "desc")
      .executeTakeFirst();

  // --- invitations ---------------------------------------------------------------------------

  describe("invitations", () => {
    it("lets leaders and managers invite, and refuses everyone else", async () => {
      const leader = await signedIn(t);
      const manager = await signedIn(t);
      const member = await signedIn(t);
      const a = await signedIn(t);
      const b = await signedIn(t);
      const id = await teamWith(t, leader.playerId, {}, [{ playerId: manager.playerId, manager: true }, { playerId: member.playerId }]);
      expect((await (await anonymous(t)).post(`/api/registry/teams/${id}/invite`, { player_id: a.playerId })).statusCode).toBe(401);
      const refused = await member.c.post(`/api/registry/teams/${id}/invite`, { player_id: a.playerId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the team's leaders and managers can do that.");
      expect((await (await signedIn(t)).c.post(`/api/registry/teams/${id}/invite`, { player_id: a.playerId })).statusCode).toBe(403);

      const ok = await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: a.playerId });
      expect(ok.json()).toEqual({ status: "ok", message: `${a.name} was invited.` });
      expect(await pendingOf(id, a.playerId)).toMatchObject({ status: "invited" });
      expect((await notificationsOf(t, a.userId)).at(-1)!.message).toContain(`href="/registry/teams/${id}"`);
      expect((await manager.c.post(`/api/registry/teams/${id}/invite`, { player_id: b.playerId })).json().status).toBe("ok");
      expect((await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: a.playerId })).json().message).toBe(
        `${a.name} has already been invited.`,
      );
      expect((await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: member.playerId })).json().message).toBe(
        `${member.name} is already on this team.`,
      );
      const mine = (await a.c.get("/api/registry/teams/invitations")).json();
      expect(mine.data).toMatchObject([{ team: { team_id: id } }]);
      const viewer = (await leader.c.get(`/api/registry/teams/${id}/viewer`)).json();
      expect(viewer.invitations.map((i: { player_id: number }) => i.player_id).sort()).toEqual([a.playerId, b.playerId].sort());
    });

    it("refuses invitations from banned, disapproved, historical and shadow teams, and of shadow players", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      for (const o of [{ team_status: "banned" }, { team_status: "disapproved" }, { is_historical: 1 }, { is_shadow: 1 }]) {
        const id = await teamWith(t, leader.playerId, { ...o, category: "mkw_vs_race" });
        const r = await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: p.playerId });
        expect(r.statusCode, JSON.stringify(o)).toBe(400);
        expect(r.json().message).toBe("This team cannot take new members while it is banned, disapproved, historical or a shadow team.");
        await t.database.db.deleteFrom("team_memberships").where("team_id", "=", id).execute();
      }
      const id = await teamWith(t, leader.playerId);
      const shadow = (
        await t.database.db
          .insertInto("players")
          .values({ display_name: "Ghost", country_code: "US", is_shadow: 1, created_at: Date.now() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      expect((await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: shadow })).json().message).toBe(
        "Shadow players cannot be invited.",
      );
    });

    it("accepts: the player joins, the transfer is the newest of the recent transfers, the team is told", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { team_tag: "ACC", team_color: 12 });
      await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: p.playerId });
      const inv = (await pendingOf(id, p.playerId))!;
      expect((await leader.c.post(`/api/registry/teams/invitations/${inv.id}/accept`, {})).statusCode).toBe(403);
      const r = await p.c.post(`/api/registry/teams/invitations/${inv.id}/accept`, {});
      expect(r.json()).toMatchObject({ status: "ok", team_id: id, current_team: null });
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([id]);
      const recent = (await (await anonymous(t)).get("/api/registry/recent_transactions?page=1&mode=all")).json();
      expect(recent.data[0]).toMatchObject({
        player_id: p.playerId,
        from_team_id: null,
        to_team_id: id,
        to_team_tag: "ACC",
        to_team_color: 12,
        mode_key: "mk8dx_150",
      });
      const home = (await (await anonymous(t)).get("/api/registry/recent_transactions?limit=5")).json();
      expect(home.data[0].id).toBe(inv.id);
      expect((await notificationsOf(t, leader.userId)).at(-1)).toMatchObject({ level: "success" });
      const page = (await p.c.get(`/api/registry/teams/${id}`)).json();
      expect(page.roster.map((m: { player_id: number }) => m.player_id)).toContain(p.playerId);
      expect((await p.c.post(`/api/registry/teams/invitations/${inv.id}/accept`, {})).statusCode).toBe(409);
    });

    it("declines and cancels", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const q = await signedIn(t);
      const id = await teamWith(t, leader.playerId);
      const i1 = await inviteRow(t, id, p.playerId);
      const i2 = await inviteRow(t, id, q.playerId);
      expect((await q.c.post(`/api/registry/teams/invitations/${i1}/decline`, {})).statusCode).toBe(403);
      expect((await p.c.post(`/api/registry/teams/invitations/${i1}/decline`, {})).json().message).toBe("The invitation was declined.");
      expect((await pendingOf(id, p.playerId))!.status).toBe("declined");
      expect((await q.c.post(`/api/registry/teams/invitations/${i2}/cancel`, {})).statusCode).toBe(403);
      expect((await leader.c.post(`/api/registry/teams/invitations/${i2}/cancel`, {})).json().message).toBe(
        "The invitation was cancelled.",
      );
      expect((await pendingOf(id, q.playerId))!.status).toBe("cancelled");
      expect(await activeTeamsOf(t, q.playerId)).toEqual([]);
    });

    it("asks to leave an established team of the same category first, then moves the player in one transfer", async () => {
      const l1 = await signedIn(t);
      const l2 = await signedIn(t);
      const p = await signedIn(t);
      const first = await teamWith(t, l1.playerId, { team_name: "First Home", category: "mk8dx_200" }, [{ playerId: p.playerId }]);
      const second = await teamWith(t, l2.playerId, { category: "mk8dx_200" });
      const inv = await inviteRow(t, second, p.playerId, "mk8dx_200");
      const ask = await p.c.post(`/api/registry/teams/invitations/${inv}/accept`, {});
      expect(ask.json()).toEqual({
        status: "confirm_leave",
        message: "You are already on First Home in this category. Leave that team first?",
        team_id: second,
        current_team: {
          team_id: first,
          team_name: "First Home",
          team_tag: expect.any(String),
          team_color: 1,
          category: "mk8dx_200",
          category_title: "MK8DX 200cc",
        },
      });
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([first]);
      expect((await pendingOf(second, p.playerId))!.status).toBe("invited");
      const move = await p.c.post(`/api/registry/teams/invitations/${inv}/accept`, { leave_current: true });
      expect(move.json().status).toBe("ok");
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([second]);
      expect((await transfersOf(t, p.playerId)).filter((x) => x.status === "accepted")).toMatchObject([
        { from_team_id: first, to_team_id: second, category: "mk8dx_200" },
      ]);
      expect((await notificationsOf(t, l1.userId)).at(-1)!.message).toContain("left");
    });

    it("moves a player off an unapproved team of the category without asking, and never strands a team without a leader", async () => {
      const p = await signedIn(t);
      const l2 = await signedIn(t);
      const pending = await teamWith(t, p.playerId, { team_status: "unapproved", category: "mk8u_150" });
      const target = await teamWith(t, l2.playerId, { category: "mk8u_150" });
      const inv = await inviteRow(t, target, p.playerId, "mk8u_150");
      expect((await p.c.post(`/api/registry/teams/invitations/${inv}/accept`, {})).json().status).toBe("ok");
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([target]);
      expect(pending).toBeGreaterThan(0);

      const lead = await signedIn(t);
      const mate = await signedIn(t);
      const mine = await teamWith(t, lead.playerId, { category: "mk7_vs_race" }, [{ playerId: mate.playerId }]);
      const other = await teamWith(t, l2.playerId, { category: "mk7_vs_race" });
      const inv2 = await inviteRow(t, other, lead.playerId, "mk7_vs_race");
      const r = await lead.c.post(`/api/registry/teams/invitations/${inv2}/accept`, { leave_current: true });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain("is the last leader of");
      expect((await activeTeamsOf(t, lead.playerId)).map((m) => m.team_id)).toEqual([mine]);
    });

    it("refuses to accept an invitation of a team that was banned since", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { category: "mkworld_150" });
      const inv = await inviteRow(t, id, p.playerId, "mkworld_150");
      await t.database.db.updateTable("teams").set({ team_status: "banned" }).where("id", "=", id).execute();
      expect((await p.c.post(`/api/registry/teams/invitations/${inv}/accept`, {})).statusCode).toBe(400);
      expect(await activeTeamsOf(t, p.playerId)).toEqual([]);
    });

    it("leaves the player on exactly one team when two invitations of a category are accepted at once", async () => {
      for (const leaveCurrent of [false, true]) {
        const l1 = await signedIn(t);
        const l2 = await signedIn(t);
        const p = await signedIn(t);
        const a = await teamWith(t, l1.playerId, { category: "mkworld_150" });
        const b = await teamWith(t, l2.playerId, { category: "mkworld_150" });
        const ia = await inviteRow(t, a, p.playerId, "mkworld_150");
        const ib = await inviteRow(t, b, p.playerId, "mkworld_150");
        const answers = await Promise.all([
          p.c.post(`/api/registry/teams/invitations/${ia}/accept`, { leave_current: leaveCurrent }),
          p.c.post(`/api/registry/teams/invitations/${ib}/accept`, { leave_current: leaveCurrent }),
        ]);
        // Issue 15 A: the first join ends the player's other pending invitations of the
        // category, so the second accept finds its invitation closed (409), whatever it said.
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const active = (await activeTeamsOf(t, p.playerId)).filter((m) => m.category === "mkworld_150");
        expect(active).toHaveLength(1);
        expect(answers.map((r) => r.json().status).sort()).toEqual(["error", "ok"]);
        // Every join is a transfer row, and the rows chain: the last one's to-team is where the player is.
        const joins = (await transfersOf(t, p.playerId))
          .filter((x) => x.status === "accepted")
          .sort((x, y) => Number(x.created_at) - Number(y.created_at));
        expect(joins.at(-1)!.to_team_id).toBe(active[0]!.team_id);
      }
    });
  });

  // --- leaving, removal, roles ------------------------------------------------------------------

  describe("leave, kick, promote and demote", () => {
    it("lets a member leave, with a transfer to no team; the last leader of a team with members must promote first", async () => {
      const leader = await signedIn(t);
      const member = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { category: "mkw_vs_race" }, [{ playerId: member.playerId }]);
      expect((await (await anonymous(t)).post(`/api/registry/teams/${id}/leave`)).statusCode).toBe(401);
      expect((await (await signedIn(t)).c.post(`/api/registry/teams/${id}/leave`)).json().message).toBe("You are not on this team.");
      const stuck = await leader.c.post(`/api/registry/teams/${id}/leave`);
      expect(stuck.statusCode).toBe(400);
      expect(stuck.json().message).toBe("You are the team's last leader. Promote another leader before you leave.");
      expect((await member.c.post(`/api/registry/teams/${id}/leave`)).json().status).toBe("ok");
      expect(await activeTeamsOf(t, member.playerId)).toEqual([]);
      expect((await transfersOf(t, member.playerId)).at(-1)).toMatchObject({ from_team_id: id, to_team_id: null, status: "accepted" });
      expect((await leader.c.post(`/api/registry/teams/${id}/leave`)).json().status).toBe("ok");
    });

    it("lets leaders remove anyone else and managers plain members; a player on no team cannot be kicked", async () => {
      const leader = await signedIn(t);
      const manager = await signedIn(t);
      const m1 = await signedIn(t);
      const m2 = await signedIn(t);
      const outsider = await signedIn(t);
      const id = await teamWith(t, leader.playerId, {}, [
        { playerId: manager.playerId, manager: true },
        { playerId: m1.playerId },
        { playerId: m2.playerId },
      ]);
      expect((await (await anonymous(t)).post(`/api/registry/teams/${id}/kick`, { player_id: m1.playerId })).statusCode).toBe(401);
      expect((await m1.c.post(`/api/registry/teams/${id}/kick`, { player_id: m2.playerId })).statusCode).toBe(403);
      expect((await outsider.c.post(`/api/registry/teams/${id}/kick`, { player_id: m2.playerId })).statusCode).toBe(403);
      const noTeam = await leader.c.post(`/api/registry/teams/${id}/kick`, { player_id: outsider.playerId });
      expect(noTeam.statusCode).toBe(400);
      expect(noTeam.json().message).toBe("This player is not on the team.");
      expect((await manager.c.post(`/api/registry/teams/${id}/kick`, { player_id: leader.playerId })).statusCode).toBe(403);
      expect((await manager.c.post(`/api/registry/teams/${id}/kick`, { player_id: m1.playerId })).json().status).toBe("ok");
      expect((await notificationsOf(t, m1.userId)).at(-1)).toMatchObject({ level: "warning" });
      expect((await transfersOf(t, m1.playerId)).at(-1)).toMatchObject({ from_team_id: id, to_team_id: null });
      expect((await leader.c.post(`/api/registry/teams/${id}/kick`, { player_id: manager.playerId })).json().status).toBe("ok");
      expect((await leader.c.post(`/api/registry/teams/${id}/kick`, { player_id: leader.playerId })).json().message).toBe(
        "Use Leave to leave the team.",
      );
      expect((await teamRow(t, id)).id).toBe(id);
    });

    it("promotes and demotes; only leaders may, and the team keeps at least one leader", async () => {
      const leader = await signedIn(t);
      const manager = await signedIn(t);
      const member = await signedIn(t);
      const id = await teamWith(t, leader.playerId, {}, [{ playerId: manager.playerId, manager: true }, { playerId: member.playerId }]);
      expect((await manager.c.post(`/api/registry/teams/${id}/role`, { player_id: member.playerId, role: "manager" })).statusCode).toBe(
        403,
      );
      expect((await member.c.post(`/api/registry/teams/${id}/role`, { player_id: member.playerId, role: "leader" })).statusCode).toBe(403);
      const last = await leader.c.post(`/api/registry/teams/${id}/role`, { player_id: leader.playerId, role: "member" });
      expect(last.json().message).toBe("A team must keep at least one leader.");
      expect((await leader.c.post(`/api/registry/teams/${id}/role`, { player_id: member.playerId, role: "manager" })).json().status).toBe(
        "ok",
      );
      expect((await leader.c.post(`/api/registry/teams/${id}/role`, { player_id: manager.playerId, role: "leader" })).json().status).toBe(
        "ok",
      );
      expect((await leader.c.post(`/api/registry/teams/${id}/role`, { player_id: leader.playerId, role: "member" })).json().status).toBe(
        "ok",
      );
      const roles = await t.database.db
        .selectFrom("team_memberships")
        .select(["player_id", "is_leader", "is_manager"])
        .where("team_id", "=", id)
        .orderBy("player_id")
        .execute();
      expect(roles).toEqual(
        [
          { player_id: leader.playerId, is_leader: 0, is_manager: 0 },
          { player_id: manager.playerId, is_leader: 1, is_manager: 0 },
          { player_id: member.playerId, is_leader: 0, is_manager: 1 },
        ].sort((a, b) => a.player_id - b.player_id),
      );
      expect((await leader.c.post(`/api/registry/teams/${id}/role`, { player_id: member.playerId, role: "leader" })).statusCode).toBe(403);
      const outsider = await signedIn(t);
      expect(
        (await manager.c.post(`/api/registry/teams/${id}/role`, { player_id: outsider.playerId, role: "leader" })).json().message,
      ).toBe("This player is not on the team.");
      expect((await notificationsOf(t, member.userId)).at(-1)!.message).toContain("You are now a manager of");
    });
  });

  // --- join requests ---------------------------------------------------------------------------

  describe("join requests", () => {
    it("asks a recruiting team; leaders accept or reject; the player may cancel", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const q = await signedIn(t);
      const id = await teamWith(t, leader.playerId, { recruitment_status: "recruiting", category: "mk8u_200" });
      const closed = await teamWith(t, leader.playerId, { recruitment_status: "invite_only", category: "mkw_vs_race" });
      expect((await p.c.post(`/api/registry/teams/${closed}/join_request`, {})).json().message).toBe("This team is not recruiting.");
      expect((await p.c.post(`/api/registry/teams/${id}/join_request`, {})).json().status).toBe("ok");
      expect((await p.c.post(`/api/registry/teams/${id}/join_request`, {})).json().message).toBe(
        "You have already asked to join this team.",
      );
      const req = (await pendingOf(id, p.playerId))!;
      expect(req.status).toBe("requested");
      expect((await leader.c.get(`/api/registry/teams/${id}/viewer`)).json().join_requests).toMatchObject([
        { id: req.id, player_id: p.playerId },
      ]);
      expect((await p.c.post(`/api/registry/teams/join_requests/${req.id}/accept`)).statusCode).toBe(403);
      expect((await leader.c.post(`/api/registry/teams/join_requests/${req.id}/accept`)).json().status).toBe("ok");
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([id]);
      expect((await notificationsOf(t, p.userId)).at(-1)).toMatchObject({ level: "success" });

      await q.c.post(`/api/registry/teams/${id}/join_request`, {});
      const r2 = (await pendingOf(id, q.playerId))!;
      expect((await leader.c.post(`/api/registry/teams/join_requests/${r2.id}/reject`)).json().message).toBe(
        "The join request was rejected.",
      );
      await q.c.post(`/api/registry/teams/${id}/join_request`, {});
      const r3 = (await pendingOf(id, q.playerId))!;
      expect((await leader.c.post(`/api/registry/teams/join_requests/${r3.id}/cancel`)).statusCode).toBe(403);
      expect((await q.c.post(`/api/registry/teams/join_requests/${r3.id}/cancel`)).json().message).toBe("Your join request was cancelled.");
      expect(await activeTeamsOf(t, q.playerId)).toEqual([]);
    });

    it("asks to leave the player's established team of the category before sending the request", async () => {
      const l1 = await signedIn(t);
      const l2 = await signedIn(t);
      const p = await signedIn(t);
      const home = await teamWith(t, l1.playerId, { category: "mktour_vs_race" }, [{ playerId: p.playerId }]);
      const target = await teamWith(t, l2.playerId, { category: "mktour_vs_race", recruitment_status: "recruiting" });
      const ask = await p.c.post(`/api/registry/teams/${target}/join_request`, {});
      expect(ask.json()).toMatchObject({ status: "confirm_leave", current_team: { team_id: home } });
      expect(await pendingOf(target, p.playerId)).toBeUndefined();
      expect((await p.c.post(`/api/registry/teams/${target}/join_request`, { leave_current: true })).json().status).toBe("ok");
      const req = (await pendingOf(target, p.playerId))!;
      await l2.c.post(`/api/registry/teams/join_requests/${req.id}/accept`);
      expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([target]);
    });
  });

  // --- claims ------------------------------------------------------------------------------------

  describe("claims of historical teams", () => {
    it("lets moderators approve a claim: the claimant leads the team, which is active again; other claims are declined", async () => {
      const hist = await createTeam(t.database, {
        team_name: "Gone But Back",
        is_historical: 1,
        category: "mkw_vs_race",
        recruitment_status: "closed",
      });
      const a = await signedIn(t);
      const b = await signedIn(t);
      const mod = await signedIn(t, { roles: ["moderate"], player: false });
      await a.c.post(`/api/registry/teams/claim/${hist}`);
      await b.c.post(`/api/registry/teams/claim/${hist}`);
      expect((await a.c.get("/api/registry/teams/claims")).statusCode).toBe(403);
      const list = (await mod.c.get("/api/registry/teams/claims")).json();
      const claimA = list.data.find((c: { user_id: number }) => c.user_id === a.userId);
      expect(claimA).toMatchObject({ team: { team_id: hist }, player_id: a.playerId, display_name: a.name });
      expect((await mod.c.get(`/api/registry/teams/${hist}/viewer`)).json().claims).toHaveLength(2);
      expect((await a.c.get(`/api/registry/teams/${hist}/viewer`)).json()).toMatchObject({
        claim_pending: true,
        can_claim: false,
        claims: [],
      });
      expect((await a.c.post(`/api/registry/teams/claims/${claimA.id}/approve`)).statusCode).toBe(403);

      expect((await mod.c.post(`/api/registry/teams/claims/${claimA.id}/approve`)).json().status).toBe("ok");
      expect(await teamRow(t, hist)).toMatchObject({ is_historical: 0, team_status: "approved" });
      expect(await activeTeamsOf(t, a.playerId)).toEqual([{ team_id: hist, is_leader: 1, is_manager: 0, category: "mkw_vs_race" }]);
      const states = await t.database.db
        .selectFrom("team_claims")
        .select(["user_id", "status"])
        .where("team_id", "=", hist)
        .orderBy("id")
        .execute();
      expect(states).toEqual([
        { user_id: a.userId, status: "approved" },
        { user_id: b.userId, status: "declined" },
      ]);
      expect((await notificationsOf(t, a.userId)).at(-1)!.message).toContain("you now lead");
      expect((await mod.c.post(`/api/registry/teams/claims/${claimA.id}/decline`)).json().message).toBe(
        "This claim has already been decided.",
      );
    });

    it("declines a claim", async () => {
      const hist = await createTeam(t.database, { team_name: "Never Back", is_historical: 1 });
      const a = await signedIn(t);
      const admin = await signedIn(t, { roles: ["administrate"], player: false });
      await a.c.post(`/api/registry/teams/claim/${hist}`);
      const claim = (await admin.c.get("/api/registry/teams/claims"))
        .json()
        .data.find((c: { team: { team_id: number } }) => c.team.team_id === hist);
      expect((await admin.c.post(`/api/registry/teams/claims/${claim.id}/decline`)).json().message).toBe("The claim was declined.");
      expect((await teamRow(t, hist)).is_historical).toBe(1);
      expect(await activeTeamsOf(t, a.playerId)).toEqual([]);
    });
  });
});
