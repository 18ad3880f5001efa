import { GAMES, FRIEND_CODE_TYPES } from "@site/contract";
import { stringify } from "csv-stringify/sync";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import * as repo from "./registrations.repository.js";
import { isSquadTournament } from "./registration-rules.js";
import { requireTournamentAdmin } from "../access/tournament-access.service.js";

export const FFA_COLUMNS = ["Squad Tag", "Squad Name", "Player", "In-Game Name", "Friend Code", "Can Host", "Checked In"];

/**
 * The FFA sheet (001 §2, §9): a TSV of the registered (and, when check-ins are active,
 * checked-in) squads and players for running rooms; administrators only, maximum team size ≤ 4.
 * Built with csv-stringify so tabs, quotes and newlines inside names are escaped, and cells
 * that a spreadsheet would read as a formula are prefixed with '.
 */
export async function ffaSheet(ctx: AppContext, actor: Actor, id: number): Promise<{ filename: string; body: string }> {
  const ev = await requireTournamentAdmin(ctx, actor, id);
  if (ev.maximum_team_size > 4)
    throw badRequest("The FFA sheet is only available when the maximum team size is 4 or less.", {
      code: "registration.ffa_sheet_team_size",
      params: { max: 4 },
    });
  const rows = await repo.playerList(
    ctx.db,
    ev.id,
    {
      status: "registered",
      checkedIn: ev.checkin_required === 1 ? true : undefined,
      minTeamSize: ev.minimum_team_size,
      verificationRequired: ev.verification_required,
    },
    "N",
    "A",
  );
  const fcType = (GAMES as Record<string, { fc_type: keyof typeof FRIEND_CODE_TYPES | null }>)[ev.game]?.fc_type ?? null;
  const fcField = fcType ? FRIEND_CODE_TYPES[fcType].field : null;
  const players = await repo.friendCodes(
    ctx.db,
    rows.map((r) => r.player_id),
  );
  const fc = new Map(players.map((p) => [p.id, fcField ? (p[fcField] ?? "") : ""]));
  const prefix = fcType ? FRIEND_CODE_TYPES[fcType].prefix : "";
  const body = stringify(
    rows
      .filter((r) => !isSquadTournament(ev) || r.squad_id !== null)
      .map((r) => [
        r.squad_tag ?? "",
        r.squad_name ?? "",
        r.display_name,
        r.mii_name ?? "",
        fc.get(r.player_id) ? `${prefix}${fc.get(r.player_id)}` : "",
        r.can_host === 1 ? "Yes" : "No",
        r.checked_in === 1 ? "Yes" : "No",
      ]),
    // escape_formulas: a name starting with = + - @ gets a leading ' so a spreadsheet shows it
    // rather than running it (CSV injection).
    { delimiter: "\t", header: true, columns: FFA_COLUMNS, quoted_match: /[\t\n"]/, escape_formulas: true },
  );
  return { filename: `mogi_sheet_${ev.id}.tsv`, body };
}
