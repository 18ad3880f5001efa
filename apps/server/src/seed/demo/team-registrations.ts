import { representativeRule } from "@site/contract";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { MemberRec, TeamRec } from "./model.js";
import type { ForcedDone, TournamentEntries } from "./entries.js";
import { DAY, HOUR, type Rng } from "./rng.js";

/** Team registrations: those of the generated team events, and the team registration journey (issue #8). */

/**
 * A team event: approved teams of its category with the members on their roster at
 * registration time (leader@'s team enters the first open one, with one member opted out).
 * Representatives follow the register form's rule (001 §5: as many as the leader count asks
 * for, the optional ones half the time) and are never leaders nor opted out.
 */
export function registerTeams(e: TournamentEntries, teamsByCat: Map<string, TeamRec[]>, leaderTeam: TeamRec, forcedDone: ForcedDone): void {
  const {
    w,
    rng,
    showcase,
    cfg,
    t,
    players,
    ids,
    entrants,
    taken,
    hi,
    openForDemo,
    factor,
    regAt,
    take,
    status,
    checkedIn,
    verified,
    reg,
  } = e;
  const count = Math.round(rng.int(6, 16) * cfg.entrantScale * factor);
  const candidates = rng.shuffle([...(teamsByCat.get(t.mode) ?? [])]);
  if (openForDemo && !forcedDone.team && t.mode === leaderTeam.cat) {
    forcedDone.team = true;
    // First, and only once (one team registration per team and tournament).
    const i = candidates.indexOf(leaderTeam);
    if (i >= 0) candidates.splice(i, 1);
    candidates.unshift(leaderTeam);
  }
  let registered = 0;
  for (const team of candidates) {
    if (registered >= count) break;
    const at = regAt();
    if (team.created >= at) continue;
    const roster = team.members.filter((m) => m.joined <= at && (m.left === null || m.left > at) && !taken.has(m.pid));
    if (roster.length < t.minSize && team !== leaderTeam) continue;
    registered++;
    const st = team === leaderTeam ? "registered" : status();
    w.add("team_registrations", {
      id: ++ids.teamReg,
      tournament_id: t.id,
      team_id: team.id,
      secondary_team_id: null,
      status: st,
      verified: verified(),
      registered_at: at,
    });
    roster.sort((a, b) => Number(b.leader) - Number(a.leader));
    const members = roster.slice(0, t.maxSize);
    const reps = representatives(showcase, team, members);
    // leader@'s team in the open event shows an opted-out player among its eligible members.
    const optOut = team === leaderTeam ? members.findLast((m) => !m.leader && m.left === null && !reps.has(m.pid))?.pid : undefined;
    for (const m of members) {
      const p = take(players[m.pid - 1]!);
      reg(p, Math.min(at + rng.time(0, HOUR), Math.max(at, hi)), st, {
        team: team.id,
        rep: reps.has(m.pid),
        optOut: m.pid === optOut,
        checked: st === "registered" && checkedIn(),
      });
    }
    if (st === "registered") entrants.push({ type: "team", id: team.id });
  }
}

/**
 * The representatives of one team registration: the register form's rule for the number of
 * leaders among `members` (representativeRule: the required ones, each optional one with
 * probability 1/2), chosen in roster order among members who lead the team neither then nor now.
 */
function representatives(rng: Rng, team: TeamRec, members: MemberRec[]): Set<number> {
  const leadsNow = new Set(team.members.filter((m) => m.leader && m.left === null).map((m) => m.pid));
  const eligible = members.filter((m) => !m.leader && !leadsNow.has(m.pid));
  const rule = representativeRule(members.filter((m) => m.leader).length);
  let wanted = 0;
  for (const r of rule) {
    if (!r.shown || !(r.required || rng.chance(0.5))) break;
    wanted++;
  }
  return new Set(eligible.slice(0, wanted).map((m) => m.pid));
}

/** Above supporter@'s team (5) and below leader@'s (8 with the secondary team's 2 more). */
const MINIMUM = 6;

/**
 * Demo data for team registration (issue #8): an open, published team tournament in the
 * category of leader@'s team (minimum 6), a secondary team of that team (led by leader@, with two
 * players who have no team of its category), and a team supporter@ manages that is too small to
 * register — so the whole journey can be shown.
 * Runs after the main demo dataset; inserts use the tables' own ids.
 */
export async function seedTeamRegistrationDemo(db: Kysely<DB>, now: number): Promise<void> {
  const playerOf = (email: string) =>
    db
      .selectFrom("users as u")
      .innerJoin("players as p", "p.user_id", "u.id")
      .select(["p.id"])
      .where("u.email", "=", email)
      .executeTakeFirst();
  const leader = await playerOf("leader@example.com");
  const supporter = await playerOf("supporter@example.com");
  if (!leader || !supporter) return;
  const team = await db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["t.id", "t.team_name", "t.category"])
    .where("m.player_id", "=", leader.id)
    .where("m.left_at", "is", null)
    .where("m.is_leader", "=", 1)
    .where("t.primary_team_id", "is", null)
    .orderBy("t.id")
    .executeTakeFirst();
  if (!team) return;
  const category = team.category;
  const game = category.split("_")[0]!;

  // Players with no active team in `category` and no account role (free to join the demo teams).
  const free = await db
    .selectFrom("players as p")
    .select(["p.id"])
    .where("p.is_banned", "=", 0)
    .where("p.is_shadow", "=", 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("team_memberships as m")
            .innerJoin("teams as t", "t.id", "m.team_id")
            .select("m.id")
            .whereRef("m.player_id", "=", "p.id")
            .where("m.left_at", "is", null)
            .where("t.category", "in", [category, "mk8u_150"]),
        ),
      ),
    )
    .where("p.id", "not in", [leader.id, supporter.id])
    .orderBy("p.id")
    .limit(3)
    .execute();
  if (free.length < 3) return;
  const joined = now - 60 * DAY;

  const secondary = await db
    .insertInto("teams")
    .values({
      team_name: `${team.team_name} Academy`.slice(0, 30),
      team_tag: "ACAD",
      category: "mk8u_150",
      primary_team_id: team.id,
      team_status: "approved",
      recruitment_status: "closed",
      created_at: joined,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("team_memberships")
    .values([
      { team_id: secondary.id, player_id: leader.id, is_leader: 1, is_manager: 0, joined_at: joined },
      { team_id: secondary.id, player_id: free[0]!.id, is_leader: 0, is_manager: 0, joined_at: joined },
      { team_id: secondary.id, player_id: free[1]!.id, is_leader: 0, is_manager: 0, joined_at: joined },
    ])
    .execute();

  // supporter@ manages a team of the category in the demo dataset (5 members: too small for the
  // minimum of 6); where they have none, they get a team of two.
  const supporterTeam = await db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select("t.id")
    .where("m.player_id", "=", supporter.id)
    .where("m.left_at", "is", null)
    .where("t.category", "=", category)
    .executeTakeFirst();
  if (!supporterTeam) {
    const small = await db
      .insertInto("teams")
      .values({
        team_name: "Tiny Tuners",
        team_tag: "TINY",
        category,
        team_status: "approved",
        recruitment_status: "closed",
        created_at: joined,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("team_memberships")
      .values([
        { team_id: small.id, player_id: supporter.id, is_leader: 1, is_manager: 0, joined_at: joined },
        { team_id: small.id, player_id: free[2]!.id, is_leader: 0, is_manager: 0, joined_at: joined },
      ])
      .execute();
  }

  const start = Math.floor(now / DAY) * DAY + 21 * DAY;
  await db
    .insertInto("tournaments")
    .values({
      title: "Team Registration Demo Cup",
      game,
      game_mode: category,
      event_format: 0,
      minimum_team_size: MINIMUM,
      maximum_team_size: 12,
      verification_required: 1,
      published: 1,
      registrations_open: 1,
      start_date: start,
      end_date: start + DAY,
      transfer_deadline: start - 7 * DAY,
      description: "A team tournament to try registration: register your team, choose representatives, opt in or out.",
      rules: "Teams need at least 6 eligible players. Players must be on the roster by the transfer deadline.",
      post_registration_message: "Thanks for entering! Check your team's eligible players before the transfer deadline.",
      created_at: now,
    })
    .execute();
}
