import { type BulkActionBody, type BulkResult, type BulkSkip, bulkResult } from "@site/contract";
import type { AppContext } from "../../context.js";
import { type CsvCell, isoTime, toCsv } from "../../lib/csv.js";
import { badRequest } from "../../lib/errors.js";
import { isRegistrationModerator } from "../access/tournament-access.service.js";
import type { Actor } from "../permissions/permissions.js";
import { applyStatus } from "./team-registration-admin.service.js";
import { computeList } from "./team-registration-lists.service.js";
import { loadTeamEvent, requireTeamAdmin, requireTeamModerator, type Status, write } from "./team-registration-rules.js";
import * as repo from "./team-registrations.repository.js";

/**
 * The organiser tools of team tournaments (issue #22 §2, §3): bulk Verify / Move on the team
 * table and the teams CSV. Teams have no check-ins, so the check-in actions answer 400.
 */

const MOVE = { verify: "registered", withdraw: "withdrawn", reject: "rejected" } as const;

/**
 * `POST /api/events/{id}/registrations/teams/bulk {action, ids}` (tournament administrators;
 * ids are primary team ids): each team as the table's Move/Verify, one transaction, one log
 * line and one notice to the leaders per team. Skips: not in this tournament, not registered
 * (verify), already verified / withdrawn / rejected.
 */
export async function bulkTeams(ctx: AppContext, actor: Actor, id: number, body: BulkActionBody): Promise<BulkResult> {
  const ev = await requireTeamAdmin(ctx, actor, id);
  if (body.action === "checkin" || body.action === "checkout")
    throw badRequest("Team tournaments have no check-ins.", { code: "registration.team_no_checkins" });
  const status: Status = MOVE[body.action];
  const skipped: BulkSkip[] = [];
  let done = 0;
  await write(ctx, async (trx) => {
    for (const teamId of body.ids) {
      const [reg, team] = await Promise.all([repo.findTeamRegistration(trx, ev.id, teamId), repo.findTeam(trx, teamId)]);
      if (!reg || !team) {
        skipped.push({ id: teamId, name: team?.team_name ?? `#${teamId}`, reason: "not in this tournament" });
        continue;
      }
      // Verify only verifies: on a withdrawn or rejected team, applyStatus would re-register it.
      if (body.action === "verify" && reg.status !== "registered") {
        skipped.push({ id: teamId, name: team.team_name, reason: "not registered" });
        continue;
      }
      if (await applyStatus(trx, ctx, actor, ev, reg, status, team.team_name)) done++;
      else skipped.push({ id: teamId, name: team.team_name, reason: body.action === "verify" ? "already verified" : `already ${status}` });
    }
  });
  return bulkResult(body.action, done, skipped);
}

/**
 * The team registrations download (issue #22 §3): one row per team of one list, the table's
 * columns (tag, team, secondary team, eligible players, registered on); registration
 * moderators also get the team ids, status and verification. Registered: public like the
 * table; withdrawn and rejected: registration moderators.
 */
export async function teamRegistrationsCsv(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: Status,
): Promise<{ filename: string; body: string }> {
  const ev = status === "registered" ? await loadTeamEvent(ctx, actor, id) : await requireTeamModerator(ctx, actor, id);
  const staff = await isRegistrationModerator(ctx, actor, ev);
  const { data } = await computeList(ctx, ev, status, "RA");
  const header = [
    ...(staff ? ["Team ID"] : []),
    "Team Tag",
    "Team",
    ...(staff ? ["Secondary Team ID"] : []),
    "Secondary Team",
    "Eligible Players",
    "Registered On",
    ...(staff ? ["Status", "Verified"] : []),
  ];
  const rows = data.map((x): CsvCell[] => [
    ...(staff ? [x.team_id] : []),
    x.team_tag,
    x.team_name,
    ...(staff ? [x.secondary_team_id] : []),
    x.secondary_team_name,
    x.player_count,
    isoTime(x.registered_at),
    ...(staff ? [x.status, x.verified >= Math.max(1, ev.verification_required) ? "Yes" : "No"] : []),
  ]);
  return { filename: `team_registrations_${ev.id}_${status}.csv`, body: toCsv(header, rows) };
}
