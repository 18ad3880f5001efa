/**
 * Team registration parts of `npm run bench` (issue 8).
 *
 * `prepareTeamRegistrationBench` runs before the server starts and writes straight into the
 * bench database (SQLite or PostgreSQL), once: a team tournament 'Bench Team Registrations 300' with 300 registered
 * teams of 12 members each (3,600 players with no other team of the category, each with their
 * registration row, one representative per team), whose list and eligible players are measured.
 */
import type { BenchDb } from "./bench-db.js";

const TITLE = "Bench Team Registrations 300";
const TEAMS = 300;
const PER_TEAM = 12;
const CATEGORY = "mk8dx_200";
const DAY = 86_400_000;

export interface TeamRegistrationBench {
  tournamentId: number;
  teamIds: number[];
}

/** The measured routes: the team list with two sort codes, and the eligible players of three teams. */
export function teamRegistrationRoutes(b: TeamRegistrationBench): string[] {
  const id = b.tournamentId;
  return [
    `/api/events/${id}/registrations?order=RA`,
    `/api/events/${id}/registrations?order=ND`,
    `/api/events/${id}/registrations?order=CD`,
    ...[b.teamIds[0], b.teamIds[149], b.teamIds[299]].map((t) => `/api/events/${id}/teams/${t}/eligible_players?order=RA`),
  ];
}

export async function prepareTeamRegistrationBench(db: BenchDb): Promise<TeamRegistrationBench> {
  const existing = await db.get<{ id: number }>("select id from tournaments where title = ?", TITLE);
  if (existing) {
    const teamIds = (
      await db.all<{ team_id: number }>(
        "select team_id from team_registrations where tournament_id = ? order by registered_at, id",
        existing.id,
      )
    ).map((r) => r.team_id);
    return { tournamentId: existing.id, teamIds };
  }
  const now = Date.now();
  return db.tx(async () => {
    const start = Math.floor(now / DAY) * DAY + 30 * DAY;
    const tournamentId = await db
      .stmt(
        `insert into tournaments (title, game, game_mode, event_format, minimum_team_size, maximum_team_size, verification_required,
           published, registrations_open, start_date, end_date, transfer_deadline, created_at)
         values (?, 'mk8dx', ?, 0, 6, 12, 1, 1, 1, ?, ?, ?, ?)`,
      )
      .insert(TITLE, CATEGORY, start, start + DAY, start - 7 * DAY, now);
    const players = await db.all<{ id: number }>(
      `select p.id from players p where p.is_banned = 0 and p.is_hidden = 0
         and p.id not in (select m.player_id from team_memberships m join teams t on t.id = m.team_id
                          where m.left_at is null and t.category = ?)
       order by p.id limit ?`,
      CATEGORY,
      TEAMS * PER_TEAM,
    );
    if (players.length < TEAMS * PER_TEAM) throw new Error("not enough players for the team registration bench");
    const team = db.stmt(
      `insert into teams (team_name, team_tag, team_color, category, team_status, recruitment_status, created_at)
       values (?, ?, ?, ?, 'approved', 'closed', ?)`,
    );
    const member = db.stmt("insert into team_memberships (team_id, player_id, is_leader, is_manager, joined_at) values (?, ?, ?, ?, ?)");
    const teamReg = db.stmt(
      "insert into team_registrations (tournament_id, team_id, status, verified, registered_at) values (?, ?, 'registered', ?, ?)",
    );
    const reg = db.stmt(
      `insert into registrations (tournament_id, player_id, status, team_id, is_representative, verified, registered_at)
       values (?, ?, 'registered', ?, ?, 1, ?)`,
    );
    const teamIds: number[] = [];
    for (let t = 0; t < TEAMS; t++) {
      const at = now - (TEAMS - t) * 60_000;
      const teamId = await team.insert(`Bench Team ${t + 1}`, `BT${(t + 1).toString(36).toUpperCase()}`, (t % 40) + 1, CATEGORY, at);
      teamIds.push(teamId);
      await teamReg.run(tournamentId, teamId, t % 2, at);
      for (let m = 0; m < PER_TEAM; m++) {
        const p = players[t * PER_TEAM + m]!;
        await member.run(teamId, p.id, m === 0 ? 1 : 0, m === 1 ? 1 : 0, at - 30 * DAY);
        await reg.run(tournamentId, p.id, teamId, m === 2 ? 1 : 0, at);
      }
    }
    return { tournamentId, teamIds };
  });
}
