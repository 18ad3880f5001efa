import { z } from "zod";
import { endpoint, IdSchema, OkSchema, QueryBoolSchema } from "./common.js";
import { EventFormatSchema, LIMITS, OrganizerSchema } from "./reference.js";
import { formDigits, formFlag, formId, IdOrNewParamsSchema } from "./tournaments.js";

/** What a copied template's name gets (001 §5 Template fields). */
export const TEMPLATE_COPY_SUFFIX = " - Copy";

/** The name of a copy: the suffix always survives the 250-character cap. */
export function templateCopyName(name: string): string {
  return name.slice(0, LIMITS.tournamentTitle - TEMPLATE_COPY_SUFFIX.length) + TEMPLATE_COPY_SUFFIX;
}

/** Template logo modes as stored: the series' logo, the template's own file, or none. */
export const TemplateLogoModeSchema = z.enum(["default", "file", "none"]);

/**
 * A template (001 §3 Template). `organizer` null means the series default; `location` null is
 * unspecified; `default_game_mode` / `default_event_format` null are Unspecified, which makes the
 * template misconfigured (`misconfigured_fields` names them).
 */
export const TemplateSchema = z.object({
  /** null for the unsaved copy answered by `?copy=1`. */
  id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  template_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  tournament_title: z.string(),
  logo_mode: TemplateLogoModeSchema,
  /** 001 §3: 'default' (the series' logo), 'none', or the template's own stored file. */
  logo_filename: z.string(),
  /** The template's own logo (mode file). */
  logo_url: z.string().nullable(),
  /** The logo a tournament made from the template starts with. */
  resolved_logo_url: z.string().nullable(),
  organizer: OrganizerSchema.nullable(),
  /** The organizer a tournament made from the template gets (the series' when null). */
  resolved_organizer: OrganizerSchema,
  location: z.string().nullable(),
  default_game_mode: z.string().nullable(),
  game_mode_human: z.string().nullable(),
  default_event_format: EventFormatSchema.nullable(),
  event_format_human: z.string().nullable(),
  minimum_team_size: z.number().int().nullable(),
  maximum_team_size: z.number().int().nullable(),
  team_tag_required: z.boolean(),
  team_name_required: z.boolean(),
  player_host_required: z.boolean(),
  player_ign_required: z.boolean(),
  pr_value: z.number().int(),
  checkin_required: z.boolean(),
  checkin_minimum: z.number().int().nullable(),
  verification_required: z.boolean(),
  description: z.string(),
  rules: z.string(),
  post_registration_message: z.string(),
  /** Labels of the fields a Global Event Administrator must set (001 §5), e.g. ['Game Mode']. */
  misconfigured_fields: z.array(z.string()),
});
export type Template = z.infer<typeof TemplateSchema>;

export const TemplateListItemSchema = z.object({
  id: z.number().int(),
  template_name: z.string(),
  tournament_title: z.string(),
  game_mode_human: z.string().nullable(),
  event_format_human: z.string().nullable(),
});
export type TemplateListItem = z.infer<typeof TemplateListItemSchema>;
/** `GET /api/tournaments/series/{id}/templates` → data[] (001 §7). */
export const TemplateListSchema = z.object({ series_id: z.number().int(), series_name: z.string(), data: z.array(TemplateListItemSchema) });

const text = (label: string) => z.string().max(100000, `${label} may be at most 100000 characters.`).default("");

/**
 * The template form as sent (001 §5 Template fields, §7): multipart strings; the logo file is
 * `template_logo`. `use_logo`: default (Series Default), upload, existing (keep the current
 * logo, or the copied template's when `from_template` is set) or none. `organizer` 'default' is
 * the series'. `location`: '' unspecified, 'TBD', or the place (≤ 120) — LAN only: for another
 * organizer it is ignored, whatever it holds, so the server checks its length once it knows
 * the organizer (the series' when 'default'). `game_mode` and `registration_format` '' are
 * Unspecified.
 */
export const TemplateFormSchema = z.object({
  series_id: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, "Series is required.")
    .transform(Number),
  template_name: z
    .string()
    .trim()
    .min(1, "Template name is required.")
    .max(LIMITS.tournamentTitle, `Template name may be at most ${LIMITS.tournamentTitle} characters.`),
  tournament_title: z
    .string()
    .trim()
    .max(LIMITS.tournamentTitle, `Tournament title may be at most ${LIMITS.tournamentTitle} characters.`)
    .default(""),
  use_logo: z.enum(["default", "upload", "existing", "none"]).default("default"),
  organizer: z.enum(["default", "mkc", "affiliate", "lan"]).default("default"),
  location: z.string().trim().default(""),
  game_mode: z.string().trim().max(40).default(""),
  registration_format: z.enum(["", "0", "1", "2"]).default(""),
  pr_value: z.enum(["0", "10", "20", "30", "40"]).default("0").transform(Number),
  minimum_team_size: formDigits("Minimum players"),
  maximum_team_size: formDigits("Maximum players"),
  squad_tag_required: formFlag,
  squad_name_required: formFlag,
  host_required: formFlag,
  ign_required: formFlag,
  checkin_required: formFlag,
  minimum_checkins: formDigits("Minimum check-ins"),
  verification_required: formFlag,
  description: text("The description"),
  rules: text("The rules"),
  post_registration_message: text("The post-registration message"),
  from_template: formId,
});
export type TemplateFormInput = z.input<typeof TemplateFormSchema>;

export const TemplateSaveResultSchema = z.object({
  status: z.literal("ok"),
  message: z.string(),
  series_id: z.number().int(),
  id: z.number().int(),
});

export const templateEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/tournaments/series/:id/templates",
    params: z.object({ id: IdSchema }),
    response: TemplateListSchema,
    summary: "Templates of a series (its managers)",
  }),
  get: endpoint({
    method: "GET",
    path: "/api/tournaments/series/templates/:id",
    params: z.object({ id: IdSchema }),
    query: z.object({ copy: QueryBoolSchema.default(false) }),
    response: TemplateSchema,
    summary: "A template; with copy=1 an unsaved copy whose name ends in ' - Copy'",
  }),
  save: endpoint({
    method: "POST",
    path: "/api/tournaments/series/templates/:id",
    params: IdOrNewParamsSchema,
    response: TemplateSaveResultSchema,
    summary: "Create ('new') or edit a template: multipart fields of TemplateFormSchema, logo file `template_logo`",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/tournaments/series/templates/:id/delete",
    params: z.object({ id: IdSchema }),
    response: OkSchema,
    summary: "Delete a template",
  }),
};
