import type { ResultRow } from "@site/contract";
import type { AppContext } from "../../context.js";
import { HIDDEN_PLAYER_NAME } from "../access/player-visibility.service.js";
import * as repo from "./entrants.repository.js";

/**
 * Names, tags, colours and members of placed entrants (players, squads, teams) for every list
 * that shows placements: the placements page, the editor, the home results panel.
 */

/** What a placement row must carry to be described. */
export interface PlacementRef {
  entrant_type: string;
  entrant_id: number;
  placement: number | null;
  placement_upper_bound: number | null;
  dq: number;
  title: string | null;
}

/**
 * Resolves each placement's entrant with one query per entrant kind (no N+1). Unless
 * `showHidden` (staff answers only, never cached for others), hidden players (issue 15 C) are
 * left out of squad and team members, and a solo row of a hidden player stays (its placement is
 * part of the results) named HIDDEN_PLAYER_NAME with no members.
 */
export async function describeEntrants(
  ctx: AppContext,
  tournamentId: number,
  rows: PlacementRef[],
  { showHidden = false }: { showHidden?: boolean } = {},
): Promise<ResultRow[]> {
  const ids = (type: string) => rows.filter((r) => r.entrant_type === type).map((r) => r.entrant_id);
  const [players, squads, teams, sMembers, tMembers] = await Promise.all([
    repo.playersByIds(ctx.db, ids("player")),
    repo.squadsByIds(ctx.db, ids("squad")),
    repo.teamsByIds(ctx.db, ids("team")),
    repo.squadMembers(ctx.db, tournamentId, ids("squad")),
    repo.teamMembers(ctx.db, tournamentId, ids("team")),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const P = byId(players);
  const S = byId(squads);
  const T = byId(teams);
  const member = (m: { player_id: number; display_name: string; country_code: string }) => ({
    player_id: m.player_id,
    display_name: m.display_name,
    country_code: m.country_code,
  });
  const shown = (m: { is_hidden: number }) => showHidden || m.is_hidden !== 1;
  // Members grouped once (in query order): filtering the whole member list per row cost
  // rows × members comparisons (500 squads × 2,000 members on a big placements list).
  const group = <M extends { is_hidden: number }>(list: M[], idOf: (m: M) => number | null) => {
    const out = new Map<number, M[]>();
    for (const m of list) {
      const id = idOf(m);
      if (id === null || !shown(m)) continue;
      const at = out.get(id);
      if (at) at.push(m);
      else out.set(id, [m]);
    }
    return out;
  };
  const squadMembersOf = group(sMembers, (m) => m.squad_id);
  const teamMembersOf = group(tMembers, (m) => m.team_id);
  return rows.map((r) => {
    const base = {
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq === 1,
      title: r.title,
    };
    if (r.entrant_type === "player") {
      const found = P.get(r.entrant_id);
      if (found && !shown(found)) {
        return { ...base, name: HIDDEN_PLAYER_NAME, tag: null, color: null, team_id: null, squad_id: null, members: [] };
      }
      const p = found;
      return {
        ...base,
        name: p?.display_name ?? "Unknown player",
        tag: null,
        color: null,
        team_id: null,
        squad_id: null,
        members: p ? [{ player_id: p.id, display_name: p.display_name, country_code: p.country_code }] : [],
      };
    }
    if (r.entrant_type === "squad") {
      const s = S.get(r.entrant_id);
      return {
        ...base,
        name: s?.squad_name ?? "Unknown squad",
        tag: s?.squad_tag || null,
        color: s?.squad_color ?? null,
        team_id: null,
        squad_id: r.entrant_id,
        members: (squadMembersOf.get(r.entrant_id) ?? []).map(member),
      };
    }
    const team = T.get(r.entrant_id);
    return {
      ...base,
      name: team?.team_name ?? "Unknown team",
      tag: team?.team_tag ?? null,
      color: team?.team_color ?? null,
      team_id: r.entrant_id,
      squad_id: null,
      members: (teamMembersOf.get(r.entrant_id) ?? []).map(member),
    };
  });
}
