import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NOT_REGISTRATION_MODERATOR,
  NOT_TOURNAMENT_ADMIN,
  requireRegistrationsOpenIn,
} from "../src/features/access/tournament-access.service.js";
import { ANONYMOUS } from "../src/features/permissions/permissions.js";
import { AppError } from "../src/lib/errors.js";
import { createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * The access helpers' refusals carry codes (#21): the web shows `error.<code>` in the page's
 * language. The English message of each is unchanged; the error handler adds `code` (and
 * `params`) to the body.
 */
describe.each(D)("access refusals have codes (%s)", (dialect) => {
  let t: TestApp;
  let plain: SignedIn;
  let admin: SignedIn;
  let solo: number;
  let team: number;
  let closed: number;
  const url = (id: number, p = "") => `/api/events/${id}${p}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    plain = await signedIn(t);
    admin = await signedIn(t, { roles: ["event_admin"] });
    solo = await createTournament(t.database, { event_format: 1, minimum_team_size: 1, maximum_team_size: 1 });
    team = await createTournament(t.database, { event_format: 0, minimum_team_size: 6, maximum_team_size: 12 });
    closed = await createTournament(t.database, { event_format: 1, registrations_open: 0 });
  });
  afterAll(() => t.close());

  it("a missing tournament: 404 tournaments.not_found", async () => {
    const res = await plain.c.get(url(999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: "Tournament not found.", code: "tournaments.not_found" });
  });

  it("not an administrator: 403 tournaments.not_admin; an action's own message keeps its own code", async () => {
    const res = await plain.c.post(url(solo, "/registrations/bulk_add/preview"), { text: "x" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "error", message: NOT_TOURNAMENT_ADMIN, code: "tournaments.not_admin" });
    const placements = await plain.c.post(url(solo, "/placements"), { placements: [] });
    expect(placements.statusCode).toBe(403);
    expect(placements.json()).toMatchObject({ code: "placements.forbidden" });
  });

  it("not a registration moderator: 403 tournaments.not_moderator", async () => {
    const res = await plain.c.post(url(solo, "/move_player"), { status: "withdrawn", player_id: plain.playerId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: "error", message: NOT_REGISTRATION_MODERATOR, code: "tournaments.not_moderator" });
  });

  it("the wrong registration kind: 400 tournaments.team_registration / not_team_registration", async () => {
    const res = await admin.c.post(url(team, "/registrations/bulk_add/preview"), { text: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: "error",
      message: "This tournament uses team registration.",
      code: "tournaments.team_registration",
    });
  });

  it("registrations closed by the switch or the schedule: registration.closed", async () => {
    const refused = await requireRegistrationsOpenIn(t.app.ctx, t.database.db, ANONYMOUS, { id: closed, tournament_series_id: null }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      message: "Registrations for this tournament have closed.",
      messageCode: { code: "registration.closed" },
    });
  });
});
