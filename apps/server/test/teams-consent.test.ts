import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { activeTeamsOf, inviteRow, notificationsOf, teamWith, transfersOf } from "./teams-helpers.js";

/**
 * Issue 15 A: join requests need the player's consent at accept time, and joining a team ends
 * the player's other pending invitations and requests of the category.
 */
const D = await dialects();

describe.each(D)("team join consent (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const transfer = (id: number) => t.database.db.selectFrom("transfers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const requestOf = (teamId: number, playerId: number) =>
    t.database.db
      .selectFrom("transfers")
      .selectAll()
      .where("to_team_id", "=", teamId)
      .where("player_id", "=", playerId)
      .where("status", "=", "requested")
      .executeTakeFirst();

  it("ends the player's other pending requests and invitations of the category when they join a team; a later accept is refused", async () => {
    const lb = await signedIn(t);
    const lc = await signedIn(t);
    const ld = await signedIn(t);
    const lo = await signedIn(t);
    const p = await signedIn(t);
    const b = await teamWith(t, lb.playerId, { category: "mk8dx_200", recruitment_status: "recruiting" });
    const c = await teamWith(t, lc.playerId, { category: "mk8dx_200" });
    const d = await teamWith(t, ld.playerId, { category: "mk8dx_200" });
    const other = await teamWith(t, lo.playerId, { category: "mkworld_150" });
    expect((await p.c.post(`/api/registry/teams/${b}/join_request`, {})).json().status).toBe("ok");
    const req = (await requestOf(b, p.playerId))!;
    const invC = await inviteRow(t, c, p.playerId, "mk8dx_200");
    const invD = await inviteRow(t, d, p.playerId, "mk8dx_200");
    const invOther = await inviteRow(t, other, p.playerId, "mkworld_150");

    expect((await p.c.post(`/api/registry/teams/invitations/${invC}/accept`, {})).json().status).toBe("ok");
    expect(await transfer(req.id)).toMatchObject({ status: "ended", decided_at: expect.anything() });
    expect(await transfer(invD)).toMatchObject({ status: "ended" });
    expect(await transfer(invOther)).toMatchObject({ status: "invited" });

    // The leader of B, who still had the request on screen, cannot pull the player off C.
    // (A closed request is shown only to its player: others get the existing 404.)
    const late = await lb.c.post(`/api/registry/teams/join_requests/${req.id}/accept`);
    expect(late.statusCode).toBe(404);
    expect((await p.c.post(`/api/registry/teams/join_requests/${req.id}/cancel`)).json().message).toBe(
      "This invitation or request is no longer open.",
    );
    const lateInv = await p.c.post(`/api/registry/teams/invitations/${invD}/accept`, { leave_current: true });
    expect(lateInv.statusCode).toBe(409);
    expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([c]);
    // Ended rows leave the leader's lists and the player's invitations.
    expect((await lb.c.get(`/api/registry/teams/${b}/viewer`)).json().join_requests).toEqual([]);
    const mine = (await p.c.get("/api/registry/teams/invitations")).json().data.map((i: { id: number }) => i.id);
    expect(mine).toEqual([invOther]);
  });

  it("records the player's leave consent on the request and honours only that", async () => {
    const l1 = await signedIn(t);
    const l2 = await signedIn(t);
    const p = await signedIn(t);
    const home = await teamWith(t, l1.playerId, { category: "mk8u_150" }, [{ playerId: p.playerId }]);
    const target = await teamWith(t, l2.playerId, { category: "mk8u_150", recruitment_status: "recruiting" });
    expect((await p.c.post(`/api/registry/teams/${target}/join_request`, {})).json().status).toBe("confirm_leave");
    expect((await p.c.post(`/api/registry/teams/${target}/join_request`, { leave_current: true })).json().status).toBe("ok");
    const req = (await requestOf(target, p.playerId))!;
    expect(req.leave_team_id).toBe(home);
    expect((await l2.c.post(`/api/registry/teams/join_requests/${req.id}/accept`)).json().status).toBe("ok");
    expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([target]);
    expect((await transfersOf(t, p.playerId)).filter((x) => x.status === "accepted")).toMatchObject([
      { from_team_id: home, to_team_id: target },
    ]);
  });

  it("refuses an accept that would move the player off an established team they did not agree to leave; asking again confirms", async () => {
    const l1 = await signedIn(t);
    const l2 = await signedIn(t);
    const outsider = await signedIn(t);
    const p = await signedIn(t);
    // The player's team is waiting for approval when they ask: nothing to confirm then.
    const home = await teamWith(t, l1.playerId, { category: "mk7_vs_race", team_status: "unapproved", team_name: "Old Crew" }, [
      { playerId: p.playerId },
    ]);
    const target = await teamWith(t, l2.playerId, { category: "mk7_vs_race", recruitment_status: "recruiting" });
    expect((await p.c.post(`/api/registry/teams/${target}/join_request`, {})).json().status).toBe("ok");
    const req = (await requestOf(target, p.playerId))!;
    expect(req.leave_team_id).toBeNull();
    // Then it is approved: it is established now, and leaving it needs the player's yes.
    await t.database.db.updateTable("teams").set({ team_status: "approved" }).where("id", "=", home).execute();

    expect((await outsider.c.post(`/api/registry/teams/join_requests/${req.id}/accept`)).statusCode).toBe(403);
    const refused = await l2.c.post(`/api/registry/teams/join_requests/${req.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${p.name} is on Old Crew in this category and has not agreed to leave it. They were asked to confirm by sending the request again.`,
    );
    expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([home]);
    expect((await transfer(req.id)).status).toBe("requested");
    expect((await notificationsOf(t, p.userId)).at(-1)).toMatchObject({ level: "warning" });
    expect((await notificationsOf(t, p.userId)).at(-1)!.message).toContain("confirm that you will leave Old Crew");

    // Asking again: confirm_leave, then the consent is recorded on the same request.
    expect((await p.c.post(`/api/registry/teams/${target}/join_request`, {})).json()).toMatchObject({
      status: "confirm_leave",
      current_team: { team_id: home },
    });
    const confirmed = await p.c.post(`/api/registry/teams/${target}/join_request`, { leave_current: true });
    expect(confirmed.json()).toMatchObject({
      status: "ok",
      message: "Your join request now says you will leave Old Crew when it is accepted.",
    });
    expect((await transfer(req.id)).leave_team_id).toBe(home);
    expect((await p.c.post(`/api/registry/teams/${target}/join_request`, { leave_current: true })).json().message).toBe(
      "You have already asked to join this team.",
    );
    expect((await l2.c.post(`/api/registry/teams/join_requests/${req.id}/accept`)).json().status).toBe("ok");
    expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([target]);
  });

  it("refuses a request stored without consent (from before the rule) while the player is on an established team", async () => {
    const l1 = await signedIn(t);
    const l2 = await signedIn(t);
    const p = await signedIn(t);
    const home = await teamWith(t, l1.playerId, { category: "mkw_vs_race" }, [{ playerId: p.playerId }]);
    const target = await teamWith(t, l2.playerId, { category: "mkw_vs_race", recruitment_status: "recruiting" });
    const id = (
      await t.database.db
        .insertInto("transfers")
        .values({ player_id: p.playerId, to_team_id: target, category: "mkw_vs_race", status: "requested", created_at: Date.now() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    expect((await l2.c.post(`/api/registry/teams/join_requests/${id}/accept`)).statusCode).toBe(409);
    expect((await activeTeamsOf(t, p.playerId)).map((m) => m.team_id)).toEqual([home]);
  });
});
