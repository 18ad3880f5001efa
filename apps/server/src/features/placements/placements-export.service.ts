import { placementText } from "@site/contract";
import type { AppContext } from "../../context.js";
import { toCsv } from "../../lib/csv.js";
import type { Actor } from "../permissions/permissions.js";
import { allPlacements } from "./placements.service.js";

export const PLACEMENTS_CSV_COLUMNS = ["Placement", "Range", "Name", "Tag", "Members", "Title"] as const;

/**
 * The placements download (issue #22 §3), public like the placements page: one row per entrant
 * in placement order, disqualified last. Placement is the better rank of a tie (as medals
 * count it) or `DQ`; Range is the page's text (`3–4` for a tie, with an en dash so a
 * spreadsheet never reads it as a date); Members are the entrant's players, comma-separated.
 */
export async function placementsCsv(ctx: AppContext, actor: Actor, id: number): Promise<{ filename: string; body: string }> {
  const { ev, rows } = await allPlacements(ctx, actor, id);
  const body = toCsv(
    PLACEMENTS_CSV_COLUMNS,
    rows.map((r) => [
      r.dq || r.placement === null ? "DQ" : (r.placement_upper_bound ?? r.placement),
      r.dq || r.placement === null ? "" : placementText(r.placement, r.placement_upper_bound),
      r.name,
      r.tag,
      r.members.map((m) => m.display_name).join(", "),
      r.title,
    ]),
  );
  return { filename: `placements_${ev.id}.csv`, body };
}
