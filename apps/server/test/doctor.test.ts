import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { CHECKS, runChecks, type Violation } from "../src/doctor/doctor.checks.js";
import { openReadOnly } from "../src/doctor/read-only.js";
import { seedDemo } from "../src/seed/demo/index.js";
import { addMember, createPlayer, createTeam, createTournament, DAY_MS } from "./factories.js";
import { dialects, freshDatabase, PG_URL } from "./helpers.js";

/**
 * The doctor (`npm run doctor`, src/doctor/): every check finds the one row a tiny database
 * breaks its rule with, and nothing else; the demo dataset (and the large one) is clean; the CLI
 * reads only and exits 1 on violations.
 */
const D = await dialects();
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const run = promisify(execFile);

/** The ids of the consistent base fixture (every kind of row the checks read, in a valid state). */
interface Fixture {
  p: number[];
  teamA: number;
  teamB: number;
  teamS: number;
  solo: number;
  squadT: number;
  teamT: number;
  hist: number;
  q1: number;
  q2: number;
  transfer: number;
  invite: number;
  membership: (team: number, player: number) => Promise<number>;
}

/**
 * A small scene that keeps every rule: two mk8dx_150 teams (A led by p1 with a manager, B led by
 * p6; p2 moved from B to A, with its transfer) and A's mkworld_150 secondary S; a solo tournament
 * with a check-in withdrawal and placements (a DQ); a squad tournament with a registered squad,
 * an open invitation, a withdrawn squad and a tie; a team tournament with A registered (S as
 * secondary, one representative, one opt-out) and B withdrawn; a historical tournament placing a
 * player without registration; bans, profile changes, a claim and an open team invitation.
 */
async function buildFixture(d: Database): Promise<Fixture> {
  const db = d.db;
  const t0 = NOW - 400 * DAY_MS;
  const t1 = NOW - 100 * DAY_MS;
  const p: number[] = [0];
  for (let i = 1; i <= 12; i++) p.push(await createPlayer(d, { display_name: `Doc ${i}`, created_at: t0 - DAY_MS }));
  const teamA = await createTeam(d, { team_name: "Alpha", category: "mk8dx_150", created_at: t0 });
  const teamB = await createTeam(d, { team_name: "Bravo", category: "mk8dx_150", created_at: t0 });
  const teamS = await createTeam(d, { team_name: "Alpha Academy", category: "mkworld_150", primary_team_id: teamA, created_at: t0 });
  await addMember(d, teamA, p[1]!, { is_leader: 1, joined_at: t0 });
  await addMember(d, teamB, p[2]!, { joined_at: t0, left_at: t1 });
  await addMember(d, teamA, p[2]!, { joined_at: t1 });
  await addMember(d, teamA, p[3]!, { joined_at: t0 });
  await addMember(d, teamA, p[4]!, { joined_at: t0 });
  await addMember(d, teamA, p[5]!, { is_manager: 1, joined_at: t0 });
  await addMember(d, teamB, p[6]!, { is_leader: 1, joined_at: t0 });
  await addMember(d, teamS, p[7]!, { is_leader: 1, joined_at: t0 });
  await addMember(d, teamS, p[8]!, { joined_at: t0 });
  const transfer = (
    await db
      .insertInto("transfers")
      .values({
        player_id: p[2]!,
        from_team_id: teamB,
        to_team_id: teamA,
        category: "mk8dx_150",
        status: "accepted",
        created_at: t1,
        decided_at: t1,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const invite = (
    await db
      .insertInto("transfers")
      .values({
        player_id: p[9]!,
        from_team_id: null,
        to_team_id: teamA,
        category: "mk8dx_150",
        status: "invited",
        created_at: NOW - DAY_MS,
        decided_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  const past = { start_date: NOW - 10 * DAY_MS, end_date: NOW - 9 * DAY_MS };
  const solo = await createTournament(d, { event_format: 1, checkin_required: 1, checkin_status: 2, ...past });
  const squadT = await createTournament(d, { event_format: 2, minimum_team_size: 2, maximum_team_size: 3, ...past });
  const teamT = await createTournament(d, { event_format: 0, minimum_team_size: 2, maximum_team_size: 12, ...past });
  const hist = await createTournament(d, { event_format: 1, is_historical: 1, start_date: t0, end_date: t0 + DAY_MS });
  const reg = (tournament: number, player: number, o: Record<string, number | null | string> = {}) =>
    db
      .insertInto("registrations")
      .values({ tournament_id: tournament, player_id: player, registered_at: NOW - 20 * DAY_MS, ...o })
      .execute();
  await reg(solo, p[1]!, { checked_in: 1 });
  await reg(solo, p[2]!, { status: "withdrawn", withdrawn_at_checkin: 1 });

  const squad = (status: string) =>
    db
      .insertInto("squads")
      .values({ tournament_id: squadT, squad_name: `Squad ${status}`, status, created_at: NOW - 20 * DAY_MS })
      .returning("id")
      .executeTakeFirstOrThrow();
  const q1 = (await squad("registered")).id;
  const q2 = (await squad("withdrawn")).id;
  await reg(squadT, p[3]!, { squad_id: q1, is_captain: 1 });
  await reg(squadT, p[4]!, { squad_id: q1 });
  await reg(squadT, p[6]!, { squad_id: q2, is_captain: 1, status: "withdrawn" });
  await reg(squadT, p[7]!, { squad_id: q2, status: "withdrawn" });
  await db
    .insertInto("squad_invitations")
    .values({ tournament_id: squadT, squad_id: q1, player_id: p[5]!, invited_by: p[3]!, created_at: NOW - 19 * DAY_MS })
    .execute();

  const teamReg = (team: number, status: string, secondary: number | null) =>
    db
      .insertInto("team_registrations")
      .values({ tournament_id: teamT, team_id: team, secondary_team_id: secondary, status, registered_at: NOW - 20 * DAY_MS })
      .execute();
  await teamReg(teamA, "registered", teamS);
  await teamReg(teamB, "withdrawn", null);
  await reg(teamT, p[1]!, { team_id: teamA });
  await reg(teamT, p[2]!, { team_id: teamA, is_representative: 1 });
  await reg(teamT, p[3]!, { team_id: teamA });
  await reg(teamT, p[4]!, { team_id: teamA, opted_out: 1 });
  await reg(teamT, p[5]!, { team_id: teamA });
  await reg(teamT, p[7]!, { team_id: teamA });
  await reg(teamT, p[8]!, { team_id: teamA });
  await reg(teamT, p[6]!, { team_id: teamB, status: "withdrawn" });

  const place = (tournament: number, type: string, entrant: number, o: Record<string, number | null> = {}) =>
    db
      .insertInto("placements")
      .values({
        tournament_id: tournament,
        entrant_type: type,
        entrant_id: entrant,
        placement: null,
        placement_upper_bound: null,
        dq: 0,
        ...o,
      })
      .execute();
  await place(solo, "player", p[1]!, { placement: 1 });
  await place(solo, "player", p[2]!, { dq: 1 });
  await place(squadT, "squad", q1, { placement: 2, placement_upper_bound: 1 });
  await place(squadT, "squad", q2, { placement: 2, placement_upper_bound: 1 });
  await place(teamT, "team", teamA, { placement: 1 });
  await place(teamT, "team", teamB, { placement: 3 });
  await place(hist, "player", p[9]!, { placement: 1 });

  // p10 is banned (open ban, banned account); p11's ban was lifted.
  const user = async (state: string, player: number | null) => {
    const id = (
      await db
        .insertInto("users")
        .values({ email: `doc${player ?? "x"}-${state}@example.com`, password_hash: "x", state, created_at: t0, email_verified_at: t0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    if (player !== null) await db.updateTable("players").set({ user_id: id }).where("id", "=", player).execute();
    return id;
  };
  await user("banned", p[10]!);
  await db.updateTable("players").set({ is_banned: 1 }).where("id", "=", p[10]!).execute();
  await db.insertInto("player_bans").values({ player_id: p[10]!, reason: "r", created_at: t1, ends_at: null }).execute();
  const claimant = await user("active", p[11]!);
  await db.insertInto("player_bans").values({ player_id: p[11]!, reason: "r", created_at: t0, ends_at: t1, lifted_at: t1 }).execute();

  const change = (field: string, status: string, decided: number | null) =>
    db
      .insertInto("profile_changes")
      .values({
        table_name: "teams",
        field_name: field,
        row_id: teamA,
        from_value: "a",
        to_value: "b",
        status,
        created_at: t1,
        decided_at: decided,
      })
      .execute();
  await change("team_name", "pending", null);
  await change("team_tag", "pending", null);
  await change("team_name", "approved", t1 + DAY_MS);
  await db.insertInto("team_claims").values({ team_id: teamB, user_id: claimant, status: "pending", created_at: t1 }).execute();

  const membership = async (team: number, player: number) =>
    (
      await db
        .selectFrom("team_memberships")
        .select("id")
        .where("team_id", "=", team)
        .where("player_id", "=", player)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).id;
  return { p, teamA, teamB, teamS, solo, squadT, teamT, hist, q1, q2, transfer, invite, membership };
}

interface Case {
  name: string;
  /** The checks expected to answer (usually one), each with the ids it must name. */
  expect: Array<{ check: string; ids: (f: Fixture) => Record<string, number | string | null> }>;
  corrupt: (d: Database, f: Fixture) => Promise<unknown>;
}

const regOf = (d: Database, tournament: number, player: number) =>
  d.db.updateTable("registrations").where("tournament_id", "=", tournament).where("player_id", "=", player);

const CASES: Case[] = [
  {
    name: "a second row of one player in one tournament (the UNIQUE constraint set aside by a shadowing temp table)",
    expect: [{ check: "registration-unique", ids: (f) => ({ tournament: f.solo, player: f.p[1]! }) }],
    corrupt: async (d, f) => {
      const source = d.dialect === "sqlite" ? sql`main.registrations` : sql`registrations`;
      await sql`CREATE TEMP TABLE registrations AS SELECT * FROM ${source}`.execute(d.db);
      await sql`INSERT INTO registrations (id, tournament_id, player_id, status, squad_id, team_id, is_captain, is_representative, opted_out,
        mii_name, can_host, checked_in, verified, custom_field, registered_at, withdrawn_at_checkin)
        SELECT id + 100000, tournament_id, player_id, status, squad_id, team_id, is_captain, is_representative, opted_out, mii_name,
        can_host, checked_in, verified, custom_field, registered_at, withdrawn_at_checkin FROM registrations
        WHERE tournament_id = ${f.solo} AND player_id = ${f.p[1]!}`.execute(d.db);
    },
  },
  {
    name: "an 'invited' registration row",
    expect: [{ check: "registration-status", ids: (f) => ({ tournament: f.squadT, player: f.p[4]! }) }],
    corrupt: (d, f) => regOf(d, f.squadT, f.p[4]!).set({ status: "invited" }).execute(),
  },
  {
    name: "a squad-tournament row without a squad",
    expect: [{ check: "registration-format", ids: (f) => ({ tournament: f.squadT, player: f.p[4]! }) }],
    corrupt: (d, f) => regOf(d, f.squadT, f.p[4]!).set({ squad_id: null }).execute(),
  },
  {
    name: "a representative on a solo row",
    expect: [{ check: "registration-flags", ids: (f) => ({ tournament: f.solo, player: f.p[1]! }) }],
    corrupt: (d, f) => regOf(d, f.solo, f.p[1]!).set({ is_representative: 1 }).execute(),
  },
  {
    name: "a check-in withdrawal mark on a registered row",
    expect: [{ check: "registration-flags", ids: (f) => ({ tournament: f.solo, player: f.p[1]! }) }],
    corrupt: (d, f) => regOf(d, f.solo, f.p[1]!).set({ withdrawn_at_checkin: 1 }).execute(),
  },
  {
    name: "a squad in a solo tournament",
    expect: [{ check: "squad-format", ids: (f) => ({ tournament: f.solo }) }],
    corrupt: (d, f) => d.db.insertInto("squads").values({ tournament_id: f.solo, squad_name: "Stray", created_at: NOW }).execute(),
  },
  {
    name: "a registered squad over maximum_team_size",
    expect: [{ check: "squad-size", ids: (f) => ({ squad: f.q1, tournament: f.squadT }) }],
    corrupt: async (d, f) => {
      for (const player of [f.p[8]!, f.p[9]!])
        await d.db
          .insertInto("registrations")
          .values({ tournament_id: f.squadT, player_id: player, squad_id: f.q1, registered_at: NOW })
          .execute();
    },
  },
  {
    name: "a registered member of a withdrawn squad",
    expect: [{ check: "squad-status", ids: (f) => ({ squad: f.q2, player: f.p[7]! }) }],
    corrupt: (d, f) => regOf(d, f.squadT, f.p[7]!).set({ status: "registered" }).execute(),
  },
  {
    name: "two captains in one squad",
    expect: [{ check: "squad-captain", ids: (f) => ({ squad: f.q1 }) }],
    corrupt: (d, f) => regOf(d, f.squadT, f.p[4]!).set({ is_captain: 1 }).execute(),
  },
  {
    name: "a registered squad with members and no captain",
    expect: [{ check: "squad-captain", ids: (f) => ({ squad: f.q1 }) }],
    corrupt: (d, f) => regOf(d, f.squadT, f.p[3]!).set({ is_captain: 0 }).execute(),
  },
  {
    name: "an open invitation of a player who registered meanwhile",
    expect: [{ check: "squad-invitation", ids: (f) => ({ squad: f.q1, player: f.p[5]! }) }],
    corrupt: (d, f) =>
      d.db
        .insertInto("registrations")
        .values({ tournament_id: f.squadT, player_id: f.p[5]!, squad_id: f.q1, registered_at: NOW })
        .execute(),
  },
  {
    name: "a team registration in a solo tournament",
    expect: [{ check: "team-registration-format", ids: (f) => ({ tournament: f.solo, team: f.teamB }) }],
    corrupt: (d, f) =>
      d.db
        .insertInto("team_registrations")
        .values({ tournament_id: f.solo, team_id: f.teamB, status: "withdrawn", registered_at: NOW })
        .execute(),
  },
  {
    name: "a secondary team in two registered team registrations",
    expect: [{ check: "team-registration-once", ids: (f) => ({ tournament: f.teamT, team: f.teamS }) }],
    corrupt: (d, f) =>
      d.db
        .updateTable("team_registrations")
        .set({ status: "registered", secondary_team_id: f.teamS })
        .where("tournament_id", "=", f.teamT)
        .where("team_id", "=", f.teamB)
        .execute(),
  },
  {
    name: "a registered member row of a withdrawn team registration",
    expect: [{ check: "team-member-rows", ids: (f) => ({ tournament: f.teamT, team: f.teamB, player: f.p[6]! }) }],
    corrupt: (d, f) => regOf(d, f.teamT, f.p[6]!).set({ status: "registered" }).execute(),
  },
  {
    name: "four representatives",
    expect: [{ check: "representative-count", ids: (f) => ({ tournament: f.teamT, team: f.teamA }) }],
    corrupt: (d, f) =>
      d.db
        .updateTable("registrations")
        .set({ is_representative: 1 })
        .where("tournament_id", "=", f.teamT)
        .where("player_id", "in", [f.p[3]!, f.p[5]!, f.p[8]!])
        .execute(),
  },
  {
    name: "the primary team's leader as representative",
    expect: [{ check: "representative-not-leader", ids: (f) => ({ tournament: f.teamT, team: f.teamA, player: f.p[1]! }) }],
    corrupt: (d, f) => regOf(d, f.teamT, f.p[1]!).set({ is_representative: 1 }).execute(),
  },
  {
    name: "the secondary team's leader as representative",
    expect: [{ check: "representative-not-leader", ids: (f) => ({ tournament: f.teamT, team: f.teamA, player: f.p[7]! }) }],
    corrupt: (d, f) => regOf(d, f.teamT, f.p[7]!).set({ is_representative: 1 }).execute(),
  },
  {
    name: "an opted-out representative",
    expect: [{ check: "representative-state", ids: (f) => ({ tournament: f.teamT, player: f.p[4]! }) }],
    corrupt: (d, f) => regOf(d, f.teamT, f.p[4]!).set({ is_representative: 1 }).execute(),
  },
  {
    name: "a withdrawn representative of a registered team",
    expect: [{ check: "representative-state", ids: (f) => ({ tournament: f.teamT, player: f.p[2]! }) }],
    corrupt: (d, f) => regOf(d, f.teamT, f.p[2]!).set({ status: "withdrawn" }).execute(),
  },
  {
    name: "a tie whose rows do not share the range",
    expect: [{ check: "placement-list", ids: (f) => ({ tournament: f.squadT }) }],
    corrupt: (d, f) =>
      d.db
        .updateTable("placements")
        .set({ placement_upper_bound: null })
        .where("tournament_id", "=", f.squadT)
        .where("entrant_id", "=", f.q2)
        .execute(),
  },
  {
    name: "a disqualified entrant with a placement",
    expect: [{ check: "placement-list", ids: (f) => ({ tournament: f.solo }) }],
    corrupt: (d, f) =>
      d.db.updateTable("placements").set({ placement: 5 }).where("tournament_id", "=", f.solo).where("dq", "=", 1).execute(),
  },
  {
    name: "an upper bound equal to its placement",
    expect: [{ check: "placement-list", ids: (f) => ({ tournament: f.teamT, entrant: f.teamB }) }],
    corrupt: (d, f) =>
      d.db
        .updateTable("placements")
        .set({ placement_upper_bound: 3 })
        .where("tournament_id", "=", f.teamT)
        .where("entrant_id", "=", f.teamB)
        .execute(),
  },
  {
    name: "a team placed in a solo tournament (also no entrant there)",
    expect: [
      { check: "placement-list", ids: (f) => ({ tournament: f.solo, entrant: f.teamA }) },
      { check: "placement-entrant", ids: (f) => ({ tournament: f.solo, team: f.teamA }) },
    ],
    corrupt: (d, f) =>
      d.db.insertInto("placements").values({ tournament_id: f.solo, entrant_type: "team", entrant_id: f.teamA, placement: 2 }).execute(),
  },
  {
    name: "a player placed without registering",
    expect: [{ check: "placement-entrant", ids: (f) => ({ tournament: f.solo, player: f.p[9]! }) }],
    corrupt: (d, f) =>
      d.db.insertInto("placements").values({ tournament_id: f.solo, entrant_type: "player", entrant_id: f.p[9]!, placement: 2 }).execute(),
  },
  {
    name: "a historical result naming no player",
    expect: [{ check: "placement-entrant", ids: (f) => ({ tournament: f.hist, player: 987654 }) }],
    corrupt: (d, f) =>
      d.db.insertInto("placements").values({ tournament_id: f.hist, entrant_type: "player", entrant_id: 987654, placement: 2 }).execute(),
  },
  {
    name: "a player on two teams of one category at once",
    expect: [{ check: "membership-intervals", ids: (f) => ({ player: f.p[3]! }) }],
    corrupt: (d, f) => addMember(d, f.teamB, f.p[3]!, { joined_at: NOW - 50 * DAY_MS }),
  },
  {
    name: "two overlapping stints in one team",
    expect: [{ check: "membership-intervals", ids: (f) => ({ player: f.p[4]! }) }],
    corrupt: (d, f) => addMember(d, f.teamA, f.p[4]!, { joined_at: NOW - 500 * DAY_MS, left_at: NOW - 300 * DAY_MS }),
  },
  {
    name: "a membership that ends before it starts",
    expect: [{ check: "membership-intervals", ids: (f) => ({ team: f.teamA, player: f.p[5]! }) }],
    corrupt: async (d, f) =>
      d.db
        .updateTable("team_memberships")
        .set({ left_at: NOW - 500 * DAY_MS })
        .where("id", "=", await f.membership(f.teamA, f.p[5]!))
        .execute(),
  },
  {
    name: "a leader who is also a manager",
    expect: [{ check: "membership-role", ids: (f) => ({ team: f.teamA, player: f.p[5]! }) }],
    corrupt: async (d, f) =>
      d.db
        .updateTable("team_memberships")
        .set({ is_leader: 1 })
        .where("id", "=", await f.membership(f.teamA, f.p[5]!))
        .execute(),
  },
  {
    name: "a team whose members have no leader",
    expect: [{ check: "team-leader", ids: (f) => ({ team: f.teamB }) }],
    corrupt: async (d, f) =>
      d.db
        .updateTable("team_memberships")
        .set({ is_leader: 0 })
        .where("id", "=", await f.membership(f.teamB, f.p[6]!))
        .execute(),
  },
  {
    name: "an accepted transfer no membership change matches",
    expect: [{ check: "transfer-membership", ids: (f) => ({ transfer: f.transfer, player: f.p[2]! }) }],
    corrupt: (d, f) =>
      d.db
        .updateTable("transfers")
        .set({ created_at: NOW - 99 * DAY_MS })
        .where("id", "=", f.transfer)
        .execute(),
  },
  {
    name: "an open invitation with a decision date",
    expect: [{ check: "transfer-state", ids: (f) => ({ transfer: f.invite }) }],
    corrupt: (d, f) => d.db.updateTable("transfers").set({ decided_at: NOW }).where("id", "=", f.invite).execute(),
  },
  {
    name: "a player with an open ban who is not flagged banned",
    expect: [{ check: "ban-flags", ids: (f) => ({ player: f.p[10]! }) }],
    corrupt: (d, f) => d.db.updateTable("players").set({ is_banned: 0 }).where("id", "=", f.p[10]!).execute(),
  },
  {
    name: "a banned account without a player",
    expect: [{ check: "ban-flags", ids: () => ({}) }],
    corrupt: (d) =>
      d.db
        .insertInto("users")
        .values({ email: "lone@example.com", password_hash: "x", state: "banned", created_at: NOW, email_verified_at: null })
        .execute(),
  },
  {
    name: "two pending name changes of one team",
    expect: [{ check: "profile-change", ids: (f) => ({ teams: f.teamA }) }],
    corrupt: (d, f) =>
      d.db
        .insertInto("profile_changes")
        .values({
          table_name: "teams",
          field_name: "team_name",
          row_id: f.teamA,
          from_value: "a",
          to_value: "c",
          status: "pending",
          created_at: NOW,
        })
        .execute(),
  },
  {
    name: "a declined change without a decision date",
    expect: [{ check: "profile-change", ids: (f) => ({ teams: f.teamA }) }],
    corrupt: (d, f) =>
      d.db
        .insertInto("profile_changes")
        .values({
          table_name: "teams",
          field_name: "team_tag",
          row_id: f.teamA,
          from_value: "a",
          to_value: "c",
          status: "declined",
          created_at: NOW,
        })
        .execute(),
  },
  {
    name: "two pending claims of one account on one team",
    expect: [{ check: "team-claim", ids: (f) => ({ team: f.teamB }) }],
    corrupt: async (d, f) => {
      const claim = await d.db.selectFrom("team_claims").select(["user_id"]).executeTakeFirstOrThrow();
      await d.db
        .insertInto("team_claims")
        .values({ team_id: f.teamB, user_id: claim.user_id, status: "pending", created_at: NOW })
        .execute();
    },
  },
  {
    name: "a solo tournament with a team size of 2",
    expect: [{ check: "tournament-settings", ids: (f) => ({ tournament: f.solo }) }],
    corrupt: (d, f) => d.db.updateTable("tournaments").set({ maximum_team_size: 2 }).where("id", "=", f.solo).execute(),
  },
  {
    name: "a team tournament with check-ins",
    expect: [{ check: "tournament-settings", ids: (f) => ({ tournament: f.teamT }) }],
    corrupt: (d, f) => d.db.updateTable("tournaments").set({ checkin_required: 1 }).where("id", "=", f.teamT).execute(),
  },
];

class Rollback extends Error {}

describe.each(D)("doctor checks (%s)", (dialect) => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** Builds the fixture, applies `corrupt`, runs every check, and rolls everything back. */
  async function violationsAfter(corrupt: Case["corrupt"] | null): Promise<{ f: Fixture; violations: Violation[] }> {
    let out: { f: Fixture; violations: Violation[] } | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        const d: Database = { ...database, db: trx };
        const f = await buildFixture(d);
        if (corrupt) await corrupt(d, f);
        out = { f, violations: (await runChecks(trx)).violations };
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    return out!;
  }

  it("finds nothing wrong with a database that keeps every rule", async () => {
    const { violations } = await violationsAfter(null);
    expect(violations).toEqual([]);
  });

  it("has a case for every check", () => {
    const covered = new Set(CASES.flatMap((c) => c.expect.map((e) => e.check)));
    expect(CHECKS.map((c) => c.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("finds %s", async (_name, c) => {
    const { f, violations } = await violationsAfter(c.corrupt);
    expect(violations.map((v) => v.check).sort(), JSON.stringify(violations)).toEqual(c.expect.map((e) => e.check).sort());
    for (const e of c.expect) {
      const v = violations.find((x) => x.check === e.check)!;
      expect(v.ids).toMatchObject(e.ids(f));
      expect(v.message.length).toBeGreaterThan(0);
    }
  });
});

describe.each(D)("doctor on the demo dataset (%s)", (dialect) => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await seedDemo(database, { scale: "demo", now: NOW, passwordHash: "x" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("finds no violation", async () => {
    const { checks, violations } = await runChecks(database.db);
    expect(checks).toBe(CHECKS.length);
    expect(violations).toEqual([]);
  });

  it("shows the states a newcomer should see", async () => {
    const db = database.db;
    const n = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]!.n);
    // Historical teams in the lists; team approvals and name and tag changes in the queues.
    expect(await n(sql`SELECT COUNT(*) AS n FROM teams WHERE is_historical = 1 AND team_status = 'approved'`)).toBeGreaterThan(0);
    expect(await n(sql`SELECT COUNT(*) AS n FROM teams WHERE team_status = 'unapproved'`)).toBeGreaterThan(0);
    for (const field of ["display_name", "team_name", "team_tag"])
      expect(
        await n(sql`SELECT COUNT(*) AS n FROM profile_changes WHERE status = 'pending' AND field_name = ${field}`),
        field,
      ).toBeGreaterThan(0);
    // A check-in window open, with registered players not checked in yet.
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM registrations r JOIN tournaments t ON t.id = r.tournament_id
        WHERE t.checkin_status = 1 AND t.published = 1 AND r.status = 'registered' AND r.checked_in = 0`),
    ).toBeGreaterThan(0);
    // In an open squad tournament: a full squad and one a member short (with an invitation out).
    const squads = await sql<{ members: number; min: number; max: number; invited: number }>`
      SELECT (SELECT COUNT(*) FROM registrations r WHERE r.squad_id = s.id AND r.status = 'registered') AS members,
        t.minimum_team_size AS min, t.maximum_team_size AS max,
        (SELECT COUNT(*) FROM squad_invitations i WHERE i.squad_id = s.id) AS invited
      FROM squads s JOIN tournaments t ON t.id = s.tournament_id
      WHERE s.status = 'registered' AND t.registrations_open = 1 AND t.published = 1`.execute(db);
    const open = squads.rows.map((r) => ({ members: Number(r.members), min: r.min, max: r.max, invited: Number(r.invited) }));
    expect(open.some((s) => s.members === s.max)).toBe(true);
    expect(open.some((s) => s.members === s.min - 1 && s.invited > 0)).toBe(true);
    // An open team tournament whose registered team has opted-out members.
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM registrations r JOIN tournaments t ON t.id = r.tournament_id
        JOIN team_registrations tr ON tr.tournament_id = r.tournament_id AND tr.team_id = r.team_id
        WHERE t.event_format = 0 AND t.registrations_open = 1 AND t.published = 1 AND tr.status = 'registered'
          AND r.status = 'registered' AND r.opted_out = 1`),
    ).toBeGreaterThan(0);
    // Representatives where the rule asks for them.
    expect(await n(sql`SELECT COUNT(*) AS n FROM registrations WHERE is_representative = 1 AND status = 'registered'`)).toBeGreaterThan(10);
  });
});

/** Runs `npm run doctor` as an operator would. */
async function doctor(url: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/doctor.ts", ...args], {
      cwd: join(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test" },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("doctor CLI", () => {
  it("reads a SQLite file without changing it, prints one line when clean, and each violation with ids otherwise", async () => {
    const dir = mkdtempSync(join(tmpdir(), "doctor-"));
    const path = join(dir, "site.db");
    try {
      const database = openDatabase(`sqlite:${path}`);
      await migrateToLatest(database);
      const team = await createTeam(database, { category: "mk8dx_150" });
      const leader = await createPlayer(database);
      await addMember(database, team, leader, { is_leader: 1 });
      const t = await createTournament(database, { event_format: 0, minimum_team_size: 1, maximum_team_size: 12 });
      await database.db.insertInto("team_registrations").values({ tournament_id: t, team_id: team, registered_at: Date.now() }).execute();
      await database.db
        .insertInto("registrations")
        .values({ tournament_id: t, player_id: leader, team_id: team, registered_at: Date.now() })
        .execute();
      // Checkpoint the WAL so the file holds everything, then close.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
      await database.destroy();

      const hash = () => createHash("sha256").update(readFileSync(path)).digest("hex");
      const before = hash();
      expect(await doctor(`sqlite:${path}`)).toEqual({ code: 0, out: `doctor: ${CHECKS.length} checks, 0 violations\n` });
      expect(hash()).toBe(before);

      const writer = openDatabase(`sqlite:${path}`);
      await writer.db.updateTable("registrations").set({ is_representative: 1 }).execute();
      await writer.destroy();
      const bad = await doctor(`sqlite:${path}`);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain(
        `representative-not-leader: a representative who leads team ${team} (registration 1, tournament ${t}, team ${team}, player ${leader})`,
      );
      expect(bad.out).toContain(`doctor: ${CHECKS.length} checks, 1 violations (representative-not-leader 1)`);

      expect((await doctor(`sqlite:${path}`, "--only", "squad-size")).out).toBe("doctor: 1 checks, 0 violations\n");
      expect((await doctor(`sqlite:${path}`, "--only", "nonsense")).code).toBe(2);
      const missing = await doctor(`sqlite:${join(dir, "missing.db")}`);
      expect(missing.code).toBe(1);
      expect(missing.out).toMatch(/cannot open/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(D.includes("postgres"))("checks a PostgreSQL schema named in the URL in read-only sessions", async () => {
    const database = await freshDatabase("postgres");
    try {
      await seedDemo(database, { scale: "demo", now: NOW, passwordHash: "x" });
      const url = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${database.schema}`)}`;
      expect(await doctor(url)).toEqual({ code: 0, out: `doctor: ${CHECKS.length} checks, 0 violations\n` });
      const ro = openReadOnly(url);
      try {
        await expect(ro.db.updateTable("players").set({ display_name: "x" }).where("id", "=", 1).execute()).rejects.toThrow(/read-only/);
      } finally {
        await ro.destroy();
      }
    } finally {
      await database.destroy();
    }
  });
});

/**
 * The large dataset (about 1.3 million rows) on SQLite: about 16 s to seed and 4 s to check on
 * two cores, so it runs with the rest; DOCTOR_LARGE=0 skips it.
 */
describe.skipIf(process.env.DOCTOR_LARGE === "0")("doctor on the large dataset (sqlite)", () => {
  it("finds no violation", { timeout: 300_000 }, async () => {
    const database = openDatabase("sqlite::memory:");
    try {
      await migrateToLatest(database);
      await seedDemo(database, { scale: "large", now: NOW, passwordHash: "x" });
      const { violations } = await runChecks(database.db);
      expect(violations.slice(0, 20)).toEqual([]);
      expect(violations.length).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
