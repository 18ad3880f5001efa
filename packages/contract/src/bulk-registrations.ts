import { z } from "zod";
import { endpoint, IdSchema } from "./common.js";

/**
 * Organiser tools (issue #22 §2, §3): bulk actions on the registration tables, bulk add from a
 * pasted list, and the CSV downloads of registrations and placements. Tournament administrators
 * only, except the downloads (see their paths).
 */

/** At most this many rows in one bulk action (five pages of the player table). */
export const BULK_MAX_IDS = 500;
/** At most this many non-blank lines in one bulk add. */
export const BULK_ADD_MAX_LINES = 500;
/** At most this many characters in one bulk add (500 lines of a 10-player squad with long names). */
export const BULK_ADD_MAX_CHARS = 100_000;

/** What a bulk action does to every selected row. */
export const BULK_ACTIONS = ["verify", "withdraw", "reject", "checkin", "checkout"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BulkActionSchema = z.enum(BULK_ACTIONS);

/** Button labels of the bulk bar and the confirmation. */
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  verify: "Verify",
  withdraw: "Move to withdrawn",
  reject: "Move to rejected",
  checkin: "Check in",
  checkout: "Check out",
};
/** The result summary's verb: "18 checked in". */
export const BULK_ACTION_DONE: Record<BulkAction, string> = {
  verify: "verified",
  withdraw: "moved to withdrawn",
  reject: "moved to rejected",
  checkin: "checked in",
  checkout: "checked out",
};

/**
 * `POST …/registrations/{players|squads|teams}/bulk`: the action and the selected rows' ids
 * (player, squad or team ids), 1 to BULK_MAX_IDS, no repeats.
 */
export const BulkActionBodySchema = z.object({
  action: BulkActionSchema,
  ids: z
    .array(IdSchema)
    .min(1, "Select at least one row.")
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} rows at once.`)
    .refine((ids) => new Set(ids).size === ids.length, "A row is selected twice."),
});
export type BulkActionBody = z.infer<typeof BulkActionBodySchema>;

/**
 * Why a bulk action left a row alone (#21): the stable code of each English `reason` the
 * result's `skipped` rows carry, so a page in another language names it from its catalogue
 * (`registration.bulk.reason.<code>`).
 */
export const BULK_SKIP_REASONS = {
  not_in_tournament: "not in this tournament",
  not_registered: "not registered",
  already_verified: "already verified",
  already_registered: "already registered",
  already_withdrawn: "already withdrawn",
  already_rejected: "already rejected",
  already_checked_in: "already checked in",
  not_checked_in: "not checked in",
} as const;
export type BulkSkipCode = keyof typeof BULK_SKIP_REASONS;
const SKIP_CODES = Object.keys(BULK_SKIP_REASONS) as [BulkSkipCode, ...BulkSkipCode[]];
/** The code of an English skip reason (undefined for a reason the table does not list). */
export const bulkSkipCode = (reason: string): BulkSkipCode | undefined => SKIP_CODES.find((c) => BULK_SKIP_REASONS[c] === reason);

/** A selected row the action left alone, and why ('already checked in', its `code` `already_checked_in`). */
export const BulkSkipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reason: z.string(),
  code: z.enum(SKIP_CODES).optional(),
});
export type BulkSkip = z.infer<typeof BulkSkipSchema>;
/** What a bulk action did: how many rows changed, which were skipped, and one line to show. */
export const BulkResultSchema = z.object({
  status: z.literal("ok"),
  done: z.number().int(),
  skipped: z.array(BulkSkipSchema),
  /** "18 checked in, 2 skipped: already checked in". */
  message: z.string(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/**
 * The result line of a bulk action: "18 checked in", then the skipped rows grouped by reason
 * ("2 skipped: already checked in"; several reasons: "3 skipped: 2 already checked in, 1 not registered").
 */
export function bulkSummary(action: BulkAction, done: number, skipped: ReadonlyArray<{ reason: string }>): string {
  const head = `${done} ${BULK_ACTION_DONE[action]}`;
  if (skipped.length === 0) return head;
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const reasons = counts.size === 1 ? [...counts.keys()][0]! : [...counts].map(([r, n]) => `${n} ${r}`).join(", ");
  return `${head}, ${skipped.length} skipped: ${reasons}`;
}

/** A bulk action's answer: the counts, the skipped rows with their reasons' codes, and the English summary. */
export function bulkResult(action: BulkAction, done: number, skipped: ReadonlyArray<Omit<BulkSkip, "code">>): BulkResult {
  return {
    status: "ok",
    done,
    skipped: skipped.map((s) => ({ ...s, ...(bulkSkipCode(s.reason) ? { code: bulkSkipCode(s.reason) } : {}) })),
    message: bulkSummary(action, done, skipped),
  };
}

// --- bulk add ---------------------------------------------------------------------------------

/** The pasted list; the choices pick a player for lines whose name matched several. */
export const BulkAddChoiceSchema = z.object({
  /** Line number in the pasted text, from 1. */
  line: z.number().int().min(1),
  /** Member index within the line (0 for a solo line). */
  member: z.number().int().min(0),
  /** The chosen candidate's player id, or 0 for a new shadow player with that name. */
  player_id: z.number().int().min(0),
});
export type BulkAddChoice = z.infer<typeof BulkAddChoiceSchema>;
export const BulkAddBodySchema = z.object({
  text: z.string().max(BULK_ADD_MAX_CHARS, `The list may be at most ${BULK_ADD_MAX_CHARS} characters.`),
  choices: z
    .array(BulkAddChoiceSchema)
    .max(BULK_ADD_MAX_LINES * 10)
    .default([]),
});
export type BulkAddBody = z.input<typeof BulkAddBodySchema>;

/**
 * A bulk add explanation's placeholders (#21): the values of the `code`'s message, as in
 * `ApiErrorSchema`'s `params`.
 */
export const BulkAddParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The stable codes (snake_case, #21) of bulk add's own explanations, with their `params`; the
 * web's text for a code is its catalogue's `error.<code>` message. A line or name skipped by
 * another check (the word filter, the squad name and tag rules) carries that refusal's own
 * code when it has one (`registration.squad_tag_max`, `players.shadow_name_max`, …), else none:
 * then only the English `message` says why.
 *
 * - `registration.bulk_add.unknown_id` `{id}`: no player has that registry id.
 * - `registration.bulk_add.unknown_fc` `{fc}`: no player has that friend code.
 * - `registration.bulk_add.several_match` `{count}`: several players fit; a choice is needed.
 * - `registration.bulk_add.unknown_name` `{name}`: no player has that name and the caller may not create shadow players.
 * - `registration.bulk_add.listed_twice` `{line}`: the same player (or new name) is on an earlier line.
 * - `registration.bulk_add.new_shadow` `{}`: a new shadow player will be made.
 * - `registration.bulk_add.banned`, `.already_registered`, `.rejected` `{name}`: the player cannot be added.
 * - `registration.bulk_add.squad_line_format`, `.tag_missing`, `.no_members` `{}`; `.too_many_members` `{max, count}`: a malformed squad line.
 * - `registration.bulk_add.squad_left_out` `{input, member}`: a squad line is skipped because of its
 *   member number `member` (from 0), named `input`; that member's own code says why.
 * - summaries: `registration.bulk_add.will_register` (preview) and `registration.bulk_add.registered`
 *   (applied), `{kind: "players" | "squads", registered, created, choose, skipped}`.
 */
export const BULK_ADD_CODES = {
  unknownId: "registration.bulk_add.unknown_id",
  unknownFc: "registration.bulk_add.unknown_fc",
  severalMatch: "registration.bulk_add.several_match",
  unknownName: "registration.bulk_add.unknown_name",
  listedTwice: "registration.bulk_add.listed_twice",
  newShadow: "registration.bulk_add.new_shadow",
  banned: "registration.bulk_add.banned",
  alreadyRegistered: "registration.bulk_add.already_registered",
  rejected: "registration.bulk_add.rejected",
  squadLineFormat: "registration.bulk_add.squad_line_format",
  tagMissing: "registration.bulk_add.tag_missing",
  noMembers: "registration.bulk_add.no_members",
  tooManyMembers: "registration.bulk_add.too_many_members",
  squadLeftOut: "registration.bulk_add.squad_left_out",
  willRegister: "registration.bulk_add.will_register",
  registered: "registration.bulk_add.registered",
} as const;

export const BulkAddCandidateSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  /** Whether the player has an account (a shadow player has none). */
  is_shadow: z.boolean(),
});
export type BulkAddCandidate = z.infer<typeof BulkAddCandidateSchema>;

/**
 * One name of a line and what applying will do with it:
 * `register` an existing player, `create` a new shadow player named `name`, `choose` among
 * `candidates` (several players have that name; a choice is needed), or `skip` (`message` says why).
 * `code` and `params` name `message` for translation (BULK_ADD_CODES); absent when there is no message.
 */
export const BulkAddMemberSchema = z.object({
  input: z.string(),
  action: z.enum(["register", "create", "choose", "skip"]),
  player_id: z.number().int().nullable(),
  name: z.string(),
  candidates: z.array(BulkAddCandidateSchema),
  message: z.string().nullable(),
  code: z.string().optional(),
  params: BulkAddParamsSchema.optional(),
});
export type BulkAddMember = z.infer<typeof BulkAddMemberSchema>;

/**
 * One non-blank line: a player (solo tournaments) or a squad (`tag: name, name, …`). `ready`:
 * will be added; `choose`: a name needs a choice first; `skip`: left out (`message`, named by
 * `code` and `params` as a member's is).
 */
export const BulkAddLineSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  squad_tag: z.string().nullable(),
  squad_name: z.string().nullable(),
  members: z.array(BulkAddMemberSchema),
  outcome: z.enum(["ready", "choose", "skip"]),
  message: z.string().nullable(),
  code: z.string().optional(),
  params: BulkAddParamsSchema.optional(),
});
export type BulkAddLine = z.infer<typeof BulkAddLineSchema>;

/** The preview (dry run) and the apply answer the same shape; `applied` says which it is. */
export const BulkAddResultSchema = z.object({
  status: z.literal("ok"),
  applied: z.boolean(),
  lines: z.array(BulkAddLineSchema),
  /** Players (solo) or squads that are (or would be) registered. */
  registered: z.number().int(),
  /** New shadow players made (or to be made). */
  created: z.number().int(),
  skipped: z.number().int(),
  /** The summary in English ("Will register 3 player(s); 1 line(s) skipped."). */
  message: z.string(),
  /** The summary's code (`registration.bulk_add.will_register` or `.registered`) and counts (BULK_ADD_CODES). */
  code: z.string().optional(),
  params: BulkAddParamsSchema.optional(),
});
export type BulkAddResult = z.infer<typeof BulkAddResultSchema>;

// --- downloads --------------------------------------------------------------------------------

/** Which registration list a download holds (withdrawn and rejected: registration moderators). */
export const ExportQuerySchema = z.object({ status: z.enum(["registered", "withdrawn", "rejected"]).default("registered") });

/**
 * CSV of a solo or squad tournament's registrations, one row per player: every column the
 * tables show; registration moderators also get IDs, status, verification, Discord, friend
 * codes and in-game names. Public for the registered list.
 */
export const REGISTRATIONS_CSV_PATH = "/api/events/:id/registrations/export.csv";
/** CSV of a team tournament's registrations, one row per team (moderators: IDs, verification, secondary team ids). */
export const TEAM_REGISTRATIONS_CSV_PATH = "/api/events/:id/registrations/teams/export.csv";
/** CSV of a tournament's placements (public): placement, range, name, tag, members, title. */
export const PLACEMENTS_CSV_PATH = "/api/events/:id/placements/export.csv";

/**
 * CSV of a series' points standings (issue #22 §4), public like the standings: rank, id, name,
 * one column per counted tournament (a result dropped by "best N of M" in brackets),
 * adjustments and total.
 */
export const SERIES_STANDINGS_CSV_PATH = "/api/tournaments/series/:id/standings.csv";

const withId = (path: string, id: number) => path.replace(":id", String(id));
/** Links of the downloads. */
export const registrationsCsvUrl = (id: number, status: "registered" | "withdrawn" | "rejected" = "registered") =>
  `${withId(REGISTRATIONS_CSV_PATH, id)}?status=${status}`;
export const teamRegistrationsCsvUrl = (id: number, status: "registered" | "withdrawn" | "rejected" = "registered") =>
  `${withId(TEAM_REGISTRATIONS_CSV_PATH, id)}?status=${status}`;
export const placementsCsvUrl = (id: number) => withId(PLACEMENTS_CSV_PATH, id);
export const seriesStandingsCsvUrl = (seriesId: number) => withId(SERIES_STANDINGS_CSV_PATH, seriesId);

const P = "/api/events/:id";
const Params = z.object({ id: IdSchema });
export const bulkRegistrationEndpoints = {
  players: endpoint({
    method: "POST",
    path: `${P}/registrations/players/bulk`,
    params: Params,
    body: BulkActionBodySchema,
    response: BulkResultSchema,
    summary: "Admin: one action on many players of a solo or squad tournament (player ids)",
  }),
  squads: endpoint({
    method: "POST",
    path: `${P}/registrations/squads/bulk`,
    params: Params,
    body: BulkActionBodySchema,
    response: BulkResultSchema,
    summary: "Admin: one action on many squads (squad ids; check-in covers every registered member)",
  }),
  teams: endpoint({
    method: "POST",
    path: `${P}/registrations/teams/bulk`,
    params: Params,
    body: BulkActionBodySchema,
    response: BulkResultSchema,
    summary: "Admin: verify, withdraw or reject many teams (team ids; teams have no check-ins)",
  }),
  addPreview: endpoint({
    method: "POST",
    path: `${P}/registrations/bulk_add/preview`,
    params: Params,
    body: BulkAddBodySchema,
    response: BulkAddResultSchema,
    summary: "Admin: what a pasted list would register (dry run)",
  }),
  add: endpoint({
    method: "POST",
    path: `${P}/registrations/bulk_add`,
    params: Params,
    body: BulkAddBodySchema,
    response: BulkAddResultSchema,
    summary: "Admin: register a pasted list in one transaction",
  }),
};
