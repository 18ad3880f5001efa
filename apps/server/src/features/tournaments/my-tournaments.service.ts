import type { MyTournament, MyTournaments } from "@site/contract";
import type { AppContext } from "../../context.js";
import { unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import { rankOf } from "../registrations/waitlist.service.js";
import { deadlineEnd } from "../team-registrations/team-registration-rules.js";
import { teamRankOf } from "../team-registrations/team-waitlist.service.js";
import { compareMine, statusOf, whenOf } from "./my-tournaments-rules.js";
import * as repo from "./my-tournaments.repository.js";
import { toListItem } from "./tournaments.service.js";

/**
 * `GET /api/tournaments/mine` (account only; issue 17 §3 "My tournaments"): the tournaments the
 * signed-in player is registered in — solo, in a registered squad, or on a registered team
 * (their own row, or a roster join that counts by the transfer deadline) — or waits for past the
 * cap (issue #22 §1), with their status (registered, pending approval, opted out, waitlisted with
 * its place) and squad or team. Ongoing and upcoming first, then
 * past (`compareMine`). Unpublished tournaments only for those who may see them. Never cached:
 * the answer is the viewer's own (the public lists stay one shared answer for everyone).
 * 401 when signed out; an account without a profile gets an empty list.
 */
export async function myTournaments(ctx: AppContext, actor: Actor, now = Date.now()): Promise<MyTournaments> {
  if (actor.userId === null) throw unauthorized();
  const player = await repo.playerOfUser(ctx.db, actor.userId);
  if (!player) return { data: [] };
  const seesUnpublished = can(actor, "tournaments.view_unpublished");
  const visible = (r: { published: number }) => r.published === 1 || seesUnpublished;
  const seesSeries = () => seesUnpublished;
  const [rows, teamEntries] = await Promise.all([repo.registeredRows(ctx.db, player.id), repo.teamEntriesWithoutRow(ctx.db, player.id)]);

  const out: Array<{ item: MyTournament; start: number | null; end: number | null }> = [];
  const seen = new Set<number>();
  for (const r of rows.filter(visible)) {
    seen.add(r.id);
    const verified = r.team_id !== null ? (r.team_verified ?? 0) : r.squad_id !== null ? (r.squad_verified ?? 0) : r.reg_verified;
    const waiting = r.reg_status === "waitlisted";
    out.push(
      entry(r, {
        tournament: toListItem(r, seesSeries),
        when: whenOf(r, now),
        status: waiting ? "waitlisted" : statusOf(verified, r.verification_required, r.team_id !== null && r.opted_out === 1),
        waitlist_position: waiting ? await waitlistPlace(ctx, r) : null,
        squad_id: r.squad_id,
        squad_name: r.squad_id !== null ? r.squad_name : null,
        squad_tag: r.squad_id !== null ? r.squad_tag || null : null,
        team_id: r.team_id,
        team_name: r.team_id !== null ? r.team_name : null,
        team_tag: r.team_id !== null ? r.team_tag : null,
      }),
    );
  }
  // A player on two registered rosters plays for the earliest registration (as the register
  // status does), so one entry per tournament.
  const byTournament = new Map<number, repo.TeamEntryRow>();
  for (const e of teamEntries.filter(visible)) {
    if (seen.has(e.id) || e.joined_at > deadlineEnd(e.transfer_deadline)) continue;
    const prev = byTournament.get(e.id);
    if (!prev || e.registered_at < prev.registered_at || (e.registered_at === prev.registered_at && e.team_id < prev.team_id))
      byTournament.set(e.id, e);
  }
  for (const e of byTournament.values())
    out.push(
      entry(e, {
        tournament: toListItem(e, seesSeries),
        when: whenOf(e, now),
        status: statusOf(e.team_verified, e.verification_required),
        squad_id: null,
        squad_name: null,
        squad_tag: null,
        team_id: e.team_id,
        team_name: e.team_name,
        team_tag: e.team_tag,
        waitlist_position: null,
      }),
    );

  out.sort((a, b) =>
    compareMine(
      { when: a.item.when, start: a.start, end: a.end, id: a.item.tournament.id },
      { when: b.item.when, start: b.start, end: b.end, id: b.item.tournament.id },
    ),
  );
  return { data: out.map((x) => x.item) };
}

/**
 * The 1-based place of a waiting entry among those still waiting (as the register status shows
 * it): the solo player's, the squad's or the team's stored position ranked by its feature.
 */
function waitlistPlace(ctx: AppContext, r: repo.RegisteredRow): Promise<number | null> {
  if (r.team_id !== null) return teamRankOf(ctx.db, r.id, r.team_waitlist_position);
  const position = r.squad_id !== null ? r.squad_waitlist_position : r.reg_waitlist_position;
  return rankOf(ctx.db, { id: r.id, event_format: r.event_format }, position);
}

const entry = (r: { start_date: number | null; end_date: number | null }, item: MyTournament) => ({
  item,
  start: r.start_date,
  end: r.end_date,
});
