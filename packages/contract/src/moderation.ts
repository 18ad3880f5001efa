import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";

/**
 * 000 §3 Profile change: a pending player name or team name/tag change. Team fields are null
 * for player changes and player fields null for team changes.
 */
export const ProfileChangeSchema = z.object({
  change_id: z.number().int(),
  table_name: z.enum(["teams", "players"]),
  field_name: z.enum(["team_name", "team_tag", "display_name"]),
  from_value: z.string(),
  to_value: z.string(),
  date_human: z.string(),
  team_id: z.number().int().nullable(),
  team_tag: z.string().nullable(),
  team_name: z.string().nullable(),
  team_color: z.number().int().nullable(),
  player_id: z.number().int().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type ProfileChange = z.infer<typeof ProfileChangeSchema>;

export const ProfileChangesSchema = z.object({ data: z.array(ProfileChangeSchema) });

export const ChangeIdBodySchema = z.object({ change_id: IdSchema });

/** The empty state of the queue (000 §8). */
export const NO_PENDING_PROFILE_CHANGES = "No pending profile changes.";

export const moderationEndpoints = {
  profileChanges: endpoint({
    method: "GET",
    path: "/api/registry/profile_changes",
    response: ProfileChangesSchema,
    summary: "Pending name and tag changes, oldest first (moderators, administrators)",
  }),
  approveChange: endpoint({
    method: "POST",
    path: "/api/registry/profile_changes/approve",
    body: ChangeIdBodySchema,
    response: OkSchema,
    summary: "Approve a pending change: the name is applied and recorded in the name history",
  }),
  declineChange: endpoint({
    method: "POST",
    path: "/api/registry/profile_changes/decline",
    body: ChangeIdBodySchema,
    response: OkSchema,
    summary: "Decline a pending change",
  }),
};
