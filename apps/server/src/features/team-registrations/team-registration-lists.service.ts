import { type EligiblePlayers, EligiblePlayersSchema, type TeamRegistrationList, TeamRegistrationListSchema } from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { notFound } from "../../lib/errors.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import { isRegistrationModerator } from "../access/tournament-access.service.js";
import type { Actor } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { splitOrder } from "../../lib/sort-order.js";
import {
  deadlineEnd,
  type Ev,
  loadTeamEvent,
  type Member,
  membersOf,
  requireTeamModerator,
  type Status,
} from "./team-registration-rules.js";
import * as repo from "./team-registrations.repository.js";

/**
 * The lists of a team tournament (001 §2 Team registrations, Team eligible players): registered
 * teams (public, cached), withdrawn and rejected teams (registration moderators) and each
 * team's eligible players (public, cached).
 */

// ---------------------------------------------------------------------------------------
// Lists and eligible players (001 §2 Team registrations, Team eligible players)
// ---------------------------------------------------------------------------------------

/** One team list computed (never cached): the lists and the CSV download (issue #22 §3) read it. */
export async function computeList(ctx: AppContext, ev: Ev, status: Status, order: string): Promise<TeamRegistrationList> {
  const [rows, countRows] = await Promise.all([
    repo.teamRegistrationList(ctx.db, ev.id, status),
    repo.listCounts(ctx.db, ev.id, status, deadlineEnd(ev.transfer_deadline)),
  ]);
  const counts = new Map(countRows.map((c) => [c.team_id, Number(c.n)]));
  const data = rows.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    team_tag: r.team_tag,
    team_color: r.team_color,
    secondary_team_id: r.secondary_team_id,
    secondary_team_name: r.secondary_team_name,
    player_count: counts.get(r.team_id) ?? 0,
    status: r.status as Status,
    verified: r.verified,
    registered_at: r.registered_at,
    registered_at_human: dateHuman(r.registered_at),
  }));
  const [field, d] = splitOrder(order);
  const sign = d === "A" ? 1 : -1;
  const key: (x: (typeof data)[number]) => string | number =
    field === "N" ? (x) => x.team_name.toLowerCase() : field === "C" || field === "E" ? (x) => x.player_count : (x) => x.registered_at;
  data.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * sign || (a.team_id - b.team_id) * sign;
  });
  return { data };
}

/**
 * `GET /api/events/{id}/registrations[/withdrawn|/rejected]?order` for teams; withdrawn and
 * rejected are for registration moderators (checked before the cache). The answer is the same
 * for every viewer allowed to read it, kept as JSON until a write (`cacheKeys.entrantLists`,
 * issue #16), also with the micro-cache off. Checked against the team list's own schema: the
 * route's response schema is the union of the squad and team lists, which validated a team
 * list twice (squad branch first) when it went through the serializer as an object.
 */
export async function listTeams(ctx: AppContext, actor: Actor, id: number, status: Status, order: string): Promise<RawJson> {
  const ev = status === "registered" ? await loadTeamEvent(ctx, actor, id, { cached: true }) : await requireTeamModerator(ctx, actor, id);
  return ctx.cache.keepJson(cacheKeys.entrantLists.teams(ev, status, order), TeamRegistrationListSchema, () =>
    computeList(ctx, ev, status, order),
  );
}

async function computeEligible(
  ctx: AppContext,
  ev: Ev,
  reg: repo.TeamRegRow,
  order: string,
  { showHidden }: { showHidden: boolean },
): Promise<EligiblePlayers> {
  const [team, second, all] = await Promise.all([
    repo.findTeam(ctx.db, reg.team_id),
    reg.secondary_team_id ? repo.findTeam(ctx.db, reg.secondary_team_id) : Promise.resolve(undefined),
    membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id),
  ]);
  // Hidden players stay eligible; only the list shown to the public leaves them out (issue #15 §7).
  const members = showHidden ? all : all.filter((m) => !m.hidden);
  const since = (m: Member) => m.row?.registered_at ?? Math.max(m.joined_at, reg.registered_at);
  const [field, d] = splitOrder(order);
  const sign = d === "A" ? 1 : -1;
  const sorted = [...members];
  if (field === "N" || field === "P")
    sorted.sort((a, b) => a.display_name.toLowerCase().localeCompare(b.display_name.toLowerCase()) * sign);
  else if (field === "R") sorted.sort((a, b) => (since(a) - since(b)) * sign || a.player_id - b.player_id);
  // Default: leaders, managers, then by name (the order of a roster).
  if (order === "RA") sorted.sort((a, b) => Number(b.leader) - Number(a.leader) || Number(b.manager) - Number(a.manager));
  return {
    team_id: reg.team_id,
    team_name: team?.team_name ?? "",
    team_tag: team?.team_tag ?? "",
    secondary_team_id: reg.secondary_team_id,
    secondary_team_name: second?.team_name ?? null,
    status: reg.status as Status,
    verified: reg.verified,
    custom_field_name: null,
    members: sorted.map((m) => ({
      player_id: m.player_id,
      display_name: m.display_name,
      country_code: m.country_code,
      country_name: countryName(m.country_code),
      opted_out: m.row?.opted_out ?? false,
      team_manager: m.manager,
      team_leader: m.leader,
      team_representative: m.row?.representative ?? false,
      custom_field: m.row?.custom_field ?? null,
      registered_since_human: dateHuman(since(m)),
      registered_since: iso(since(m)),
    })),
  };
}

/**
 * `GET /api/events/{id}/teams/{teamId}/eligible_players?order`: public without hidden players;
 * moderators, administrators and the tournament's registration moderators get theirs with
 * hidden players. Each kind of viewer's answer is kept as JSON until a write
 * (`cacheKeys.entrantLists`, issue #16), so the staff answer never reaches the public. 404 when
 * the team is not registered (never kept).
 */
export async function eligiblePlayers(ctx: AppContext, actor: Actor, id: number, teamId: number, order: string): Promise<RawJson> {
  const ev = await loadTeamEvent(ctx, actor, id, { cached: true });
  const showHidden = seesHiddenPlayers(actor) || (await isRegistrationModerator(ctx, actor, ev));
  return ctx.cache.keepJson(
    cacheKeys.entrantLists.eligiblePlayers(ev, teamId, showHidden ? "staff" : "public", order),
    EligiblePlayersSchema,
    async () => {
      const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
      if (!reg) throw notFound("This team is not registered for this tournament.", { code: "registration.team_not_registered" });
      return computeEligible(ctx, ev, reg, order, { showHidden });
    },
  );
}

// ---------------------------------------------------------------------------------------
