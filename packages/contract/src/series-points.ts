import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";

/**
 * Series points and standings (issue #22 §4). A series' rule gives points to placement ranges;
 * tied placements (a 3rd–4th tie) earn by the rule's `tie_rule`; a tournament's multiplier
 * scales its points (majors); with `best_n`, only an entrant's N best results count (the rest
 * are shown as dropped); manual adjustments add to the total.
 */
export const TIE_RULES = {
  best: "Each gets the best place's points",
  average: "Average of the places' points",
  worst: "Each gets the worst place's points",
} as const;
export const TieRuleSchema = z.enum(["best", "average", "worst"]);
export type TieRule = z.infer<typeof TieRuleSchema>;

/** Limits of a rule and of adjustments. */
export const POINTS_LIMITS = {
  ranges: 64,
  place: 10000,
  points: 1_000_000,
  multiplier: 100,
  reason: 200,
  importRows: 5000,
  importBytes: 200_000,
} as const;

export const PointsRangeSchema = z
  .object({
    from: z.number().int().min(1).max(POINTS_LIMITS.place),
    to: z.number().int().min(1).max(POINTS_LIMITS.place),
    points: z.number().min(0).max(POINTS_LIMITS.points),
  })
  .refine((r) => r.to >= r.from, { message: "A range must end at or after its start." });
export type PointsRange = z.infer<typeof PointsRangeSchema>;

/** The rule as stored and as sent by the series edit page. Ranges may not overlap. */
export const PointsRuleSchema = z
  .object({
    ranges: z.array(PointsRangeSchema).max(POINTS_LIMITS.ranges),
    tie_rule: TieRuleSchema.default("best"),
    best_n: z.number().int().min(1).max(1000).nullable().default(null),
    /** Tournament id (as a string key) → multiplier, e.g. `{ "12": 2 }`. */
    multipliers: z.record(z.string().regex(/^\d+$/), z.number().positive().max(POINTS_LIMITS.multiplier)).default({}),
  })
  .superRefine((r, c) => {
    const sorted = [...r.ranges].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]!.from <= sorted[i - 1]!.to)
        c.addIssue({ code: "custom", message: "Placement ranges may not overlap.", path: ["ranges"] });
  });
export type PointsRule = z.infer<typeof PointsRuleSchema>;

/** One tournament result of a standings row. */
export const StandingsResultSchema = z.object({
  tournament_id: z.number().int(),
  /** The entrant's best place (the better end of a tie) and the tie's worse end when tied. */
  placement: z.number().int().nullable(),
  placement_upper_bound: z.number().int().nullable(),
  /** Points after the tournament's multiplier. */
  points: z.number(),
  /** false: dropped by "best N of M". */
  counted: z.boolean(),
});

export const StandingsRowSchema = z.object({
  rank: z.number().int(),
  /** Player or team id, or a lower-cased squad name (the series' aggregation field). */
  key: z.union([z.number().int(), z.string()]),
  name: z.string(),
  total: z.number(),
  adjustments: z.number(),
  results: z.array(StandingsResultSchema),
});
export type StandingsRow = z.infer<typeof StandingsRowSchema>;

export const StandingsTournamentSchema = z.object({ id: z.number().int(), title: z.string(), multiplier: z.number() });

/** `GET /api/tournaments/series/:id/standings`: the rule (null: none) and the ranked rows. */
export const SeriesStandingsSchema = z.object({
  series_id: z.number().int(),
  aggregation_field: z.enum(["player_id", "team_id", "squad_name"]),
  rule: PointsRuleSchema.nullable(),
  tournaments: z.array(StandingsTournamentSchema),
  rows: z.array(StandingsRowSchema),
  can_edit: z.boolean(),
});
export type SeriesStandings = z.infer<typeof SeriesStandingsSchema>;

export const PointsAdjustmentSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  points: z.number().int(),
  reason: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type PointsAdjustment = z.infer<typeof PointsAdjustmentSchema>;

/** `GET /api/tournaments/series/:id/points` (series editors): the rule and every adjustment, newest first. */
export const SeriesPointsSchema = z.object({ rule: PointsRuleSchema.nullable(), adjustments: z.array(PointsAdjustmentSchema) });
export type SeriesPoints = z.infer<typeof SeriesPointsSchema>;

export const PointsAdjustmentBodySchema = z.object({
  /** Player or team id, or a squad name, per the series' aggregation field. */
  key: z.string().trim().min(1, "Choose who the adjustment is for.").max(100),
  points: z.coerce.number().int("Points must be a whole number.").min(-POINTS_LIMITS.points).max(POINTS_LIMITS.points),
  reason: z.string().trim().min(1, "A reason is required.").max(POINTS_LIMITS.reason),
});
export type PointsAdjustmentBody = z.infer<typeof PointsAdjustmentBodySchema>;

/** `id,points` lines (a header line `id,points` is allowed). */
export const PointsImportBodySchema = z.object({ csv: z.string().min(1, "Paste the CSV.").max(POINTS_LIMITS.importBytes) });
export const PointsImportResultSchema = z.object({ status: z.literal("ok"), message: z.string(), imported: z.number().int() });

const SeriesIdParams = z.object({ id: IdSchema });

export const seriesPointsEndpoints = {
  standings: endpoint({
    method: "GET",
    path: "/api/tournaments/series/:id/standings",
    params: SeriesIdParams,
    response: SeriesStandingsSchema,
    summary: "A series' points standings with the per-tournament breakdown (404 when the series is hidden)",
  }),
  points: endpoint({
    method: "GET",
    path: "/api/tournaments/series/:id/points",
    params: SeriesIdParams,
    response: SeriesPointsSchema,
    summary: "A series' points rule and adjustments (series editors)",
  }),
  saveRule: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id/points",
    params: SeriesIdParams,
    body: PointsRuleSchema,
    response: OkSchema,
    summary: "Set a series' points rule (series editors)",
  }),
  addAdjustment: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id/points/adjustments",
    params: SeriesIdParams,
    body: PointsAdjustmentBodySchema,
    response: OkSchema,
    summary: "Add a manual points adjustment (series editors)",
  }),
  deleteAdjustment: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id/points/adjustments/:adjustmentId/delete",
    params: z.object({ id: IdSchema, adjustmentId: IdSchema }),
    response: OkSchema,
    summary: "Remove a manual points adjustment (series editors)",
  }),
  importPoints: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id/points/import",
    params: SeriesIdParams,
    body: PointsImportBodySchema,
    response: PointsImportResultSchema,
    summary: "Import `id,points` rows as adjustments with the reason 'import' (series editors)",
  }),
};
