import { z } from "zod";
import { endpoint, IdSchema, OkSchema, PageSchema } from "./common.js";
import { LIMITS } from "./reference.js";
import { ResultMemberSchema, ResultRowSchema } from "./tournaments.js";

/**
 * Placements (001 §2 Squad/Team placements, top-12 previews, §3 Placement, §7 Placements, §9).
 *
 * Storage follows the old site: a tie is one `placement` shared by its rows = the worse rank of
 * the range, with `placement_upper_bound` = the better rank (a tie for 3rd–4th is placement 4,
 * upper bound 3 on both rows); a single place has no upper bound. Disqualified entrants
 * (`dq`) have no placement and are listed last.
 */

/** The kinds of entrant a placement points at: solo player, squad or team (by registry team id). */
export const EntrantTypeSchema = z.enum(["player", "squad", "team"]);
export type EntrantType = z.infer<typeof EntrantTypeSchema>;

/** The messages of the placement rules, verbatim on the server and in the editor. */
export const PLACEMENT_MESSAGES = {
  duplicate: (id: number) => `Entrant ${id} is listed more than once.`,
  notEntrant: (id: number) => `Entrant ${id} is not an entrant of this tournament.`,
  dqNoPlacement: "A disqualified entrant has no placement.",
  dqLast: "Disqualified entrants must be listed last.",
  needsPlacement: "Every entrant that is not disqualified needs a placement.",
  badBound: "The upper bound of a tie must be a better rank than its placement.",
  outOfOrder: (label: string) => `Placement ${label} is out of order: placements must follow the order of the list.`,
  tooManyTied: (label: string) => `Too many entrants share placement ${label}.`,
  titleTooLong: `Titles may be at most ${LIMITS.placementTitle} characters.`,
  concluded: "This tournament has concluded.",
  forbidden: "You do not have permission to edit the placements of this tournament.",
} as const;

/**
 * The stable codes (#21) of the placement rules' problems, with their `params`; the web's text
 * for a code is its catalogue's `error.<code>` message, whose English is the PLACEMENT_MESSAGES
 * text. The server sends the list's problem as the refusal's `code` and `params`; the editor
 * shows its own checks' problems (the same rules, and the bulk text's) by the same codes.
 *
 * - `placements.duplicate`, `placements.not_entrant` `{id}`: the entrant's id.
 * - `placements.dq_no_placement`, `.dq_last`, `.needs_placement`, `.bad_bound` `{}`.
 * - `placements.out_of_order`, `.too_many_tied` `{range, best, worst}`: the place named, `range`
 *   `"tie"` (best–worst, e.g. 3–4) or `"single"` (best = worst).
 * - `placements.title_too_long` `{max}`.
 * - bulk text, `{line}` counting from 1: `placements.bulk.format`, `.start_at_1`, `.range_order`;
 *   `.title_too_long` `{line, max}`.
 */
export const PLACEMENT_CODES = {
  duplicate: "placements.duplicate",
  notEntrant: "placements.not_entrant",
  dqNoPlacement: "placements.dq_no_placement",
  dqLast: "placements.dq_last",
  needsPlacement: "placements.needs_placement",
  badBound: "placements.bad_bound",
  outOfOrder: "placements.out_of_order",
  tooManyTied: "placements.too_many_tied",
  titleTooLong: "placements.title_too_long",
  bulkFormat: "placements.bulk.format",
  bulkStartAt1: "placements.bulk.start_at_1",
  bulkRangeOrder: "placements.bulk.range_order",
  bulkTitleTooLong: "placements.bulk.title_too_long",
} as const;

/** A problem of a placements list or bulk text: the English message, its code and params (PLACEMENT_CODES; none when it has none). */
export interface PlacementProblem {
  message: string;
  code: (typeof PLACEMENT_CODES)[keyof typeof PLACEMENT_CODES];
  params?: Record<string, string | number>;
}

/** One row of the placements page, the top-12 preview and 'You placed': a result row plus its entrant. */
export const PlacementRowSchema = ResultRowSchema.extend({
  entrant_type: EntrantTypeSchema,
  entrant_id: z.number().int(),
});
export type PlacementRow = z.infer<typeof PlacementRowSchema>;

/**
 * The placements page shows this many rows per page (the spec leaves page sizes open;
 * docs/decisions.md "#9 placements", paging).
 */
export const PLACEMENTS_PAGE_SIZE = 100;

/**
 * `?order` of `GET /api/events/{id}/placements`: PA/PD placement ascending/descending, NA/ND
 * name; disqualified rows always come last. `limit` cuts the list from its start (the top-12
 * preview) and then `page` is ignored; without `limit` the list is paged by
 * PLACEMENTS_PAGE_SIZE, `page` counting from 1 (default 1).
 */
export const PlacementsQuerySchema = z.object({
  order: z.enum(["PA", "PD", "NA", "ND"]).default("PA"),
  limit: z.coerce.number().int().min(1).max(10000).optional(),
  page: PageSchema,
});

/**
 * `GET /api/events/{id}/placements` (001 §7): the rows, `count` (registered entrants) and
 * `total_registrations_override` (001 §3 "The count response"); `total_entrants` is what the
 * 'total entrants' line shows (the override when set). `page` and `page_count` (at least 1)
 * page the placement rows (not `count`); a page past the end has no rows. With `limit` the
 * answer is one page (`page` 1, `page_count` 1).
 */
export const PlacementsSchema = z.object({
  data: z.array(PlacementRowSchema),
  count: z.number().int(),
  total_registrations_override: z.number().int().nullable(),
  total_entrants: z.number().int(),
  page: z.number().int(),
  page_count: z.number().int(),
});
export type Placements = z.infer<typeof PlacementsSchema>;

/** `GET /api/events/{id}/my_placement` (001 §7): the viewer's placement (solo, their squad's or team's), or null. */
export const MyPlacementSchema = z.object({ placement: PlacementRowSchema.nullable() });
export type MyPlacement = z.infer<typeof MyPlacementSchema>;

/** One placement as the editor sends it; the array's order is the order of the list. */
export const PlacementInputSchema = z.object({
  entrant_id: z.number().int().positive(),
  placement: z.number().int().min(1).max(99999).nullable(),
  placement_upper_bound: z.number().int().min(1).max(99999).nullable().default(null),
  dq: z.boolean().default(false),
  title: z
    .string()
    .trim()
    .max(LIMITS.placementTitle, PLACEMENT_MESSAGES.titleTooLong)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
export type PlacementInput = z.input<typeof PlacementInputSchema>;
export type PlacementValue = z.output<typeof PlacementInputSchema>;

/** `POST /api/events/{id}/placements`: the whole list, replacing the stored one, and the override. */
export const PlacementsSaveBodySchema = z.object({
  placements: z.array(PlacementInputSchema).max(10000),
  total_registrations_override: z.number().int().min(0).max(99999).nullable().default(null),
});
export type PlacementsSaveBody = z.input<typeof PlacementsSaveBodySchema>;

/** An entrant the editor can place: registered ones and any already placed. */
export const PlacementEntrantSchema = z.object({
  entrant_id: z.number().int(),
  name: z.string(),
  tag: z.string().nullable(),
  color: z.number().int().nullable(),
  members: z.array(ResultMemberSchema),
  /** registered, withdrawn or rejected. */
  status: z.string(),
});
export type PlacementEntrant = z.infer<typeof PlacementEntrantSchema>;

/** `GET /api/events/{id}/placements/edit` (tournament administrators): what the editor needs. */
export const PlacementsEditorSchema = z.object({
  entrant_type: EntrantTypeSchema,
  entrants: z.array(PlacementEntrantSchema),
  placements: z.array(
    z.object({
      entrant_id: z.number().int(),
      placement: z.number().int().nullable(),
      placement_upper_bound: z.number().int().nullable(),
      dq: z.boolean(),
      title: z.string().nullable(),
    }),
  ),
  count: z.number().int(),
  total_registrations_override: z.number().int().nullable(),
});
export type PlacementsEditor = z.infer<typeof PlacementsEditorSchema>;

// ---------------------------------------------------------------------------------------
// Rules shared by the server (authoritative) and the editor (early feedback)
// ---------------------------------------------------------------------------------------

type Rankable = { entrant_id: number; placement: number | null; placement_upper_bound: number | null; dq: boolean; title?: string | null };

/** 'best–worst' for a tie, else the place: 3–4, 7. */
export function placementText(placement: number, upperBound: number | null): string {
  return upperBound !== null && upperBound < placement ? `${upperBound}–${placement}` : String(placement);
}

/** The params naming a place or a tie range (`out_of_order`, `too_many_tied`): `{range, best, worst}`. */
function placeParams(placement: number, upperBound: number | null): Record<string, string | number> {
  return upperBound !== null && upperBound < placement
    ? { range: "tie", best: upperBound, worst: placement }
    : { range: "single", best: placement, worst: placement };
}

/**
 * Checks a whole placements list in its order (001 §2 Placements edit); returns the first
 * broken rule's problem (message, code, params), or null. Rules: no entrant twice; disqualified
 * rows have no placement and come last; every other row has a placement; a tie's upper bound is
 * better than its placement; rows sharing a tie are adjacent and no more than the range holds;
 * each next placement is worse than every one before it. Gaps are allowed (back-filled old events).
 */
export function placementListProblem(rows: ReadonlyArray<Rankable>): PlacementProblem | null {
  const M = PLACEMENT_MESSAGES;
  const C = PLACEMENT_CODES;
  const seen = new Set<number>();
  let seenDq = false;
  let prevWorst = 0;
  let group: { placement: number; ub: number | null; size: number } | null = null;
  for (const r of rows) {
    if (seen.has(r.entrant_id)) return { message: M.duplicate(r.entrant_id), code: C.duplicate, params: { id: r.entrant_id } };
    seen.add(r.entrant_id);
    if ((r.title ?? "").length > LIMITS.placementTitle)
      return { message: M.titleTooLong, code: C.titleTooLong, params: { max: LIMITS.placementTitle } };
    if (r.dq) {
      if (r.placement !== null || r.placement_upper_bound !== null) return { message: M.dqNoPlacement, code: C.dqNoPlacement };
      seenDq = true;
      continue;
    }
    if (seenDq) return { message: M.dqLast, code: C.dqLast };
    if (r.placement === null) return { message: M.needsPlacement, code: C.needsPlacement };
    const ub = r.placement_upper_bound === r.placement ? null : r.placement_upper_bound;
    if (ub !== null && ub > r.placement) return { message: M.badBound, code: C.badBound };
    const best = ub ?? r.placement;
    if (group && group.placement === r.placement && group.ub === ub && ub !== null) {
      group.size += 1;
      if (group.size > r.placement - ub + 1)
        return { message: M.tooManyTied(placementText(r.placement, ub)), code: C.tooManyTied, params: placeParams(r.placement, ub) };
      continue;
    }
    if (best <= prevWorst)
      return { message: M.outOfOrder(placementText(r.placement, ub)), code: C.outOfOrder, params: placeParams(r.placement, ub) };
    group = { placement: r.placement, ub, size: 1 };
    prevWorst = r.placement;
  }
  return null;
}

/** `placementListProblem`'s English message alone, or null. */
export function checkPlacementList(rows: ReadonlyArray<Rankable>): string | null {
  return placementListProblem(rows)?.message ?? null;
}

/**
 * The placements an ordered list implies (the drag-and-drop editor): each row either starts a
 * new place or is tied with the row before it; a group of n rows starting at rank r is stored
 * as placement r+n-1 with upper bound r (none when n = 1); disqualified rows get none.
 */
export function rankFromOrder<T extends { tied: boolean; dq: boolean }>(
  rows: ReadonlyArray<T>,
): Array<T & { placement: number | null; placement_upper_bound: number | null }> {
  const out: Array<T & { placement: number | null; placement_upper_bound: number | null }> = [];
  const ranked = rows.filter((r) => !r.dq);
  let rank = 1;
  let i = 0;
  while (i < ranked.length) {
    let j = i + 1;
    while (j < ranked.length && ranked[j]!.tied) j++;
    const size = j - i;
    for (let k = i; k < j; k++) {
      out.push({ ...ranked[k]!, placement: rank + size - 1, placement_upper_bound: size > 1 ? rank : null });
    }
    rank += size;
    i = j;
  }
  for (const r of rows) if (r.dq) out.push({ ...r, placement: null, placement_upper_bound: null });
  return out;
}

/**
 * Bulk text mode (back-filling old events): one line per entrant, `id placement [title]`,
 * fields separated by spaces, tabs or commas; placement is a number, a range `3-5` (a tie over
 * 3rd–5th) or `DQ`. Blank lines and lines starting with # are skipped. Rows come back sorted
 * (placed by rank, then DQ), in line order within a rank. A problem names the line (its
 * message, code and params: PLACEMENT_CODES `placements.bulk.*`).
 */
export function readBulkPlacements(text: string): { rows: PlacementValue[] } | { problem: PlacementProblem } {
  const rows: Array<PlacementValue & { line: number }> = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (!line || line.startsWith("#")) continue;
    const at = (code: PlacementProblem["code"], message: string, params: Record<string, string | number> = {}) => ({
      problem: { message: `Line ${n + 1}: ${message}`, code, params: { line: n + 1, ...params } },
    });
    const m = /^(\d+)\s*[,\t ]\s*(\d+\s*[-–]\s*\d+|\d+|dq)(?:\s*[,\t ]\s*(.*))?$/i.exec(line);
    if (!m) return at(PLACEMENT_CODES.bulkFormat, "expected 'id placement [title]', e.g. '12 3-4 Finalist' or '9 DQ'.");
    const id = Number(m[1]);
    const place = m[2]!.toLowerCase();
    const title = (m[3] ?? "").trim() || null;
    if (title && title.length > LIMITS.placementTitle)
      return at(PLACEMENT_CODES.bulkTitleTooLong, PLACEMENT_MESSAGES.titleTooLong, { max: LIMITS.placementTitle });
    if (place === "dq") {
      rows.push({ entrant_id: id, placement: null, placement_upper_bound: null, dq: true, title, line: n });
      continue;
    }
    const range = place.split(/\s*[-–]\s*/).map(Number);
    const [a, b] = range.length === 2 ? [range[0]!, range[1]!] : [range[0]!, range[0]!];
    if (a < 1 || b < 1 || a > 99999 || b > 99999) return at(PLACEMENT_CODES.bulkStartAt1, "placements start at 1.");
    if (b < a) return at(PLACEMENT_CODES.bulkRangeOrder, "write a range best first, e.g. 3-4.");
    rows.push({ entrant_id: id, placement: b, placement_upper_bound: a === b ? null : a, dq: false, title, line: n });
  }
  rows.sort(
    (x, y) =>
      Number(x.dq) - Number(y.dq) ||
      (x.placement_upper_bound ?? x.placement ?? 0) - (y.placement_upper_bound ?? y.placement ?? 0) ||
      (x.placement ?? 0) - (y.placement ?? 0) ||
      x.line - y.line,
  );
  return { rows: rows.map(({ line: _line, ...r }) => r) };
}

/** `readBulkPlacements` with the problem as its English message alone: `{rows}` or `{error}`. */
export function parseBulkPlacements(text: string): { rows: PlacementValue[] } | { error: string } {
  const read = readBulkPlacements(text);
  return "problem" in read ? { error: read.problem.message } : read;
}

/** The bulk text of a list (the inverse of parseBulkPlacements). */
export function formatBulkPlacements(rows: ReadonlyArray<Rankable>): string {
  return rows
    .map((r) => {
      const place = r.dq || r.placement === null ? "DQ" : placementText(r.placement, r.placement_upper_bound).replace("–", "-");
      return [String(r.entrant_id), place, r.title ?? ""].join(" ").trim();
    })
    .join("\n");
}

const P = "/api/events/:id";
const Params = z.object({ id: IdSchema });

export const placementEndpoints = {
  list: endpoint({
    method: "GET",
    path: `${P}/placements`,
    params: Params,
    query: PlacementsQuerySchema,
    response: PlacementsSchema,
    summary: "Final placements of a tournament with the entrant count (404 when unpublished and hidden from the viewer)",
  }),
  mine: endpoint({
    method: "GET",
    path: `${P}/my_placement`,
    params: Params,
    response: MyPlacementSchema,
    summary: "The viewer's placement: solo, their squad's or their team's (null when none or anonymous)",
  }),
  editor: endpoint({
    method: "GET",
    path: `${P}/placements/edit`,
    params: Params,
    response: PlacementsEditorSchema,
    summary: "Entrants and current placements for the placements editor (tournament administrators)",
  }),
  save: endpoint({
    method: "POST",
    path: `${P}/placements`,
    params: Params,
    body: PlacementsSaveBodySchema,
    response: OkSchema,
    summary: "Replace the placements and the total registrations override in one transaction (tournament administrators; logged)",
  }),
};
