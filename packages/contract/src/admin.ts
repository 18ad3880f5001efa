import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";
import { LIMITS } from "./reference.js";

/** 000 §6/§8: the roles page may not edit the Administrator role. */
export const ROLE_EDIT_FORBIDDEN_MESSAGE = "You do not have permission to edit this role";

export const WordFilterSchema = z.object({ words: z.string() });
export const WordFilterBodySchema = z.object({
  words: z.string().max(LIMITS.wordFilter, `The word filter may be at most ${LIMITS.wordFilter} characters.`),
});

/** Roles the roles page lists: the four site roles (000 §6) plus the supporter flag. */
export const ADMIN_PAGE_ROLES = {
  administrate: "Administrator",
  moderate: "Moderator",
  event_admin: "Event Administrator",
  event_mod: "Event Moderator",
  supporter: "Supporter",
} as const;
export const AdminRoleSchema = z.enum(["administrate", "moderate", "event_admin", "event_mod", "supporter"]);
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/** 000 §3 Role holder. */
export const RoleHolderSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
});
export type RoleHolder = z.infer<typeof RoleHolderSchema>;

export const RoleHoldersSchema = z.object({ role: AdminRoleSchema, editable: z.boolean(), data: z.array(RoleHolderSchema) });
export const RolePlayerSearchSchema = z.object({ data: z.array(RoleHolderSchema) });

export const adminEndpoints = {
  getWordFilter: endpoint({
    method: "GET",
    path: "/api/admin/word_filter",
    response: WordFilterSchema,
    summary: "The word filter: one word per line (administrators)",
  }),
  saveWordFilter: endpoint({
    method: "POST",
    path: "/api/admin/word_filter",
    body: WordFilterBodySchema,
    response: OkSchema,
    summary: "Save the word filter (at most 100,000 characters)",
  }),
  rolePlayers: endpoint({
    method: "GET",
    path: "/api/admin/roles/players",
    query: z.object({ search: z.string().trim().max(50).default("") }),
    response: RolePlayerSearchSchema,
    summary: "Players with an account whose name matches the search (at most 20)",
  }),
  roleHolders: endpoint({
    method: "GET",
    path: "/api/admin/roles/:role",
    params: z.object({ role: AdminRoleSchema }),
    response: RoleHoldersSchema,
    summary: "Holders of a role (administrators, moderators)",
  }),
  addRole: endpoint({
    method: "POST",
    path: "/api/admin/roles",
    body: z.object({ role: AdminRoleSchema, id: IdSchema }),
    response: OkSchema,
    summary: "Grant a role to a player's account (not Administrator)",
  }),
  removeRole: endpoint({
    method: "POST",
    path: "/api/admin/roles/remove",
    body: z.object({ role: AdminRoleSchema, playerId: IdSchema }),
    response: OkSchema,
    summary: "Remove a role from a player's account (not Administrator)",
  }),
};
