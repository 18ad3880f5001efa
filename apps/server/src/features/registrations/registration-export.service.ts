import { displayFriendCode } from "@site/contract";
import type { AppContext } from "../../context.js";
import { type CsvCell, isoTime, toCsv } from "../../lib/csv.js";
import type { Actor } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import { assertSoloOrSquad, isRegistrationModerator, loadVisibleTournament } from "../access/tournament-access.service.js";
import * as bulkRepo from "./bulk.repository.js";
import { isSquadTournament, requireSoloSquadModerator, type Status } from "./registration-rules.js";

/**
 * The registrations download of a solo or squad tournament (issue #22 §3): one row per player
 * of one list (registered, withdrawn or rejected), with every column the tables show for that
 * tournament. Registration moderators (who see IDs and private fields in the tables) also get
 * the ids, status, verification, Discord tag, in-game name and every friend code. The
 * registered list is public like its table (hidden players left out as there); withdrawn and
 * rejected need a registration moderator (401/403/404 as the lists).
 */
export async function registrationsCsv(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: Status,
): Promise<{ filename: string; body: string }> {
  const ev =
    status === "registered"
      ? assertSoloOrSquad(await loadVisibleTournament(ctx, actor, id))
      : await requireSoloSquadModerator(ctx, actor, id);
  const staff = await isRegistrationModerator(ctx, actor, ev);
  const showHidden = staff || seesHiddenPlayers(actor);
  const squad = isSquadTournament(ev);
  const [rows, sizes] = await Promise.all([bulkRepo.exportRows(ctx.db, ev.id, status), bulkRepo.squadSizes(ctx.db, ev.id)]);
  const size = new Map(sizes.map((s) => [s.squad_id, Number(s.n)]));
  const ign = staff || ev.player_mii_name_required === 1;
  const custom = ev.custom_field_name || null;

  // Columns and cells side by side, so a column shows exactly when its cell does.
  const columns: Array<[string, (r: (typeof rows)[number]) => CsvCell]> = [];
  const add = (when: boolean, name: string, cell: (r: (typeof rows)[number]) => CsvCell) => when && columns.push([name, cell]);
  add(staff && squad, "Squad ID", (r) => r.squad_id);
  add(squad, "Squad Tag", (r) => r.squad_tag);
  add(squad, "Squad Name", (r) => r.squad_name);
  add(squad, "Captain", (r) => (r.is_captain === 1 ? "Yes" : "No"));
  add(staff, "Player ID", (r) => r.player_id);
  add(true, "Player", (r) => r.display_name);
  add(true, "Country", (r) => countryName(r.country_code));
  add(ign, "In-Game Name", (r) => r.mii_name);
  add(squad, "Eligible", (r) => ((size.get(r.squad_id) ?? 0) >= ev.minimum_team_size ? "Yes" : "No"));
  add(custom !== null, custom ?? "", (r) => r.custom_field);
  add(ev.player_host_required === 1, "Can Host", (r) => (r.can_host === 1 ? "Yes" : "No"));
  add(ev.checkin_required === 1, "Checked In", (r) => (r.checked_in === 1 ? "Yes" : "No"));
  add(true, "Registered On", (r) => isoTime(r.registered_at));
  add(staff, "Status", (r) => r.status);
  add(staff, "Verified", (r) => ((squad ? (r.squad_verified ?? 0) : r.verified) >= 1 ? "Yes" : "No"));
  add(staff, "Discord", (r) => r.discord_tag);
  add(staff, "Switch FC", (r) => (r.switch_fc ? displayFriendCode("switch", r.switch_fc) : ""));
  add(staff, "3DS FC", (r) => (r.fc_3ds ? displayFriendCode("3ds", r.fc_3ds) : ""));
  add(staff, "MKT FC", (r) => (r.mktour_fc ? displayFriendCode("mktour", r.mktour_fc) : ""));
  add(staff, "NNID", (r) => r.nnid);

  const shown = rows.filter((r) => showHidden || r.is_hidden !== 1);
  const body = toCsv(
    columns.map(([name]) => name),
    shown.map((r) => columns.map(([, cell]) => cell(r))),
  );
  return { filename: `registrations_${ev.id}_${status}.csv`, body };
}
