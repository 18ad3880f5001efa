import { z } from "zod";
import { endpoint, pagedSchema, PageSchema, QueryBoolSchema } from "./common.js";
import { TEAM_STATUSES } from "./reference.js";

/** A row of the player list (000 §2 Player list). */
export const PlayerListItemSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  is_shadow: z.boolean(),
  /** Hidden players are listed to moderators and administrators only. */
  is_hidden: z.boolean(),
  joined_human: z.string(),
  /** When the profile was made (UTC ISO): the screens write `joined_human`'s day in the page's language (#21 §4). */
  joined_at: z.string(),
});
export type PlayerListItem = z.infer<typeof PlayerListItemSchema>;

export const PlayerListQuerySchema = z.object({
  search: z.string().trim().max(50).optional(),
  country: z.string().length(2).optional(),
  order: z.enum(["newest", "name"]).default("newest"),
  page: PageSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PlayerListQuery = z.input<typeof PlayerListQuerySchema>;

/** A row of a teams list (000 §3 Team, abridged). */
export const TeamListItemSchema = z.object({
  id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  team_logo: z.string().nullable(),
  category: z.string(),
  category_title: z.string(),
  recruitment_status: z.enum(["recruiting", "invite_only", "closed"]),
  main_language: z.string(),
  is_historical: z.boolean(),
  member_count: z.number().int(),
  created_human: z.string(),
  /** When the team was made (UTC ISO): the screens write `created_human`'s day in the page's language (#21 §4). */
  created_at: z.string(),
});
export type TeamListItem = z.infer<typeof TeamListItemSchema>;

export const TeamListQuerySchema = z.object({
  search: z.string().trim().max(50).optional(),
  order: z.enum(["newest", "name"]).default("newest"),
  page: PageSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Only teams whose recruitment status is 'recruiting' (team registry, issue 4). */
  recruiting: QueryBoolSchema.optional(),
  /** Staff only: list teams of this status instead of approved ones (000 §2 'also a status filter'). */
  status: z.enum(TEAM_STATUSES).optional(),
});
export type TeamListQuery = z.input<typeof TeamListQuerySchema>;

/** Transaction row (000 §3). */
export const TransactionSchema = z.object({
  id: z.number().int(),
  transfer_date_human: z.string(),
  /** When the transfer was made (UTC ISO): the screens write `transfer_date_human`'s day in the page's language (#21 §4). */
  transfer_date: z.string(),
  player_id: z.number().int(),
  player_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  game: z.string(),
  game_title: z.string(),
  mode_key: z.string(),
  mode_abbrev: z.string(),
  from_team_id: z.number().int().nullable(),
  from_team_tag: z.string().nullable(),
  from_team_color: z.number().int().nullable(),
  to_team_id: z.number().int().nullable(),
  to_team_tag: z.string().nullable(),
  to_team_color: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsQuerySchema = z.object({
  page: PageSchema,
  mode: z.string().max(40).default("all"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TransactionsQuery = z.input<typeof TransactionsQuerySchema>;

/**
 * A page of the player list plus `total`: how many players match the filters over all pages
 * (the list shows "N players · Page X of Y", #17 §8).
 */
export const PlayerListSchema = pagedSchema(PlayerListItemSchema).extend({ total: z.number().int().nonnegative() });
export const TeamListSchema = pagedSchema(TeamListItemSchema);
export const TransactionListSchema = pagedSchema(TransactionSchema);

/** Registry list calls used by the home page; the registry issues extend them. */
export const registryEndpoints = {
  players: endpoint({
    method: "GET",
    path: "/api/registry/players",
    query: PlayerListQuerySchema,
    response: PlayerListSchema,
    summary: "Players, newest first or by name",
  }),
  teams: endpoint({
    method: "GET",
    path: "/api/registry/teams/category/:cat",
    params: z.object({ cat: z.string().max(40) }),
    query: TeamListQuerySchema,
    response: TeamListSchema,
    summary: "Approved teams of a category ('all' for every category)",
  }),
  transactions: endpoint({
    method: "GET",
    path: "/api/registry/recent_transactions",
    query: TransactionsQuerySchema,
    response: TransactionListSchema,
    summary: "Recent team transfers",
  }),
};
