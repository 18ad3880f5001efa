import {
  EVENT_FORMAT,
  LIMITS,
  type Organizer,
  type Template,
  type TemplateFormSchema,
  type TemplateListSchema,
  templateCopyName,
  type TemplateSchema,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { canManageSeriesContent, canSeeUnpublished, isEventAdmin } from "../access/series-access.service.js";
import { findSeries } from "../series/series.service.js";
import { asEventFormat, formatHuman, gameModeAbbrev, isGameMode } from "../reference/labels.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import { storeUpload } from "../uploads/uploads.service.js";
import * as repo from "./templates.repository.js";

type TemplateForm = z.output<typeof TemplateFormSchema>;
export type UploadedFile = { data: Buffer; filename: string } | null;

/** Labels of the fields a template must set before tournaments can be made from it (001 §5). */
export function misconfiguredFields(t: { game_mode: string | null; event_format: number | null }): string[] {
  const out: string[] = [];
  if (!t.game_mode) out.push("Game Mode");
  if (asEventFormat(t.event_format) === null) out.push("Registration Format");
  return out;
}

/** The logo upload a tournament made from the template starts with. */
export function resolvedLogoUploadId(t: repo.TemplateRow): number | null {
  if (t.logo_mode === "file") return t.logo_upload_id;
  if (t.logo_mode === "none") return null;
  return t.series_logo_upload_id;
}

export function toTemplate(t: repo.TemplateRow): z.input<typeof TemplateSchema> {
  const format = asEventFormat(t.event_format);
  const logoMode = t.logo_mode === "file" || t.logo_mode === "none" ? t.logo_mode : "default";
  return {
    id: t.id,
    template_id: t.id,
    template_name: t.template_name,
    series_id: t.series_id,
    series_name: t.series_name,
    tournament_title: t.tournament_title,
    logo_mode: logoMode,
    logo_filename: logoMode === "file" ? (t.logo_filename ?? "none") : logoMode,
    logo_url: uploadUrl(t.logo_filename),
    resolved_logo_url: logoMode === "file" ? uploadUrl(t.logo_filename) : logoMode === "none" ? null : uploadUrl(t.series_logo_filename),
    organizer: (t.organizer as Organizer | null) ?? null,
    resolved_organizer: ((t.organizer ?? t.series_organizer) as Organizer) ?? "mkc",
    location: t.location,
    default_game_mode: t.game_mode,
    game_mode_human: t.game_mode ? gameModeAbbrev(t.game_mode) : null,
    default_event_format: format,
    event_format_human: format === null ? null : formatHuman(format),
    minimum_team_size: t.minimum_team_size,
    maximum_team_size: t.maximum_team_size,
    team_tag_required: t.team_tag_required === 1,
    team_name_required: t.team_name_required === 1,
    player_host_required: t.player_host_required === 1,
    player_ign_required: t.player_ign_required === 1,
    pr_value: t.pr_value,
    checkin_required: t.checkin_required === 1,
    checkin_minimum: t.checkin_minimum,
    verification_required: t.verification_required > 0,
    description: t.description,
    rules: t.rules,
    post_registration_message: t.post_registration_message,
    misconfigured_fields: misconfiguredFields(t),
  };
}

/** The series exists and the actor may see it (404 otherwise) and manage its templates (403 otherwise). */
async function requireSeriesManager(ctx: AppContext, actor: Actor, seriesId: number) {
  const series = await findSeries(ctx, seriesId);
  if (!series || (series.published !== 1 && !(await canSeeUnpublished(ctx, actor, seriesId))))
    throw notFound("Series not found.", { code: "series.not_found" });
  if (actor.userId === null) throw unauthorized();
  if (!(await canManageSeriesContent(ctx, actor, seriesId)))
    throw forbidden("You do not have permission to manage this series' templates.", { code: "series.templates_forbidden" });
  return series;
}

/** `GET /api/tournaments/series/{id}/templates` (001 §7): the series' managers only. */
export async function listTemplates(ctx: AppContext, actor: Actor, seriesId: number): Promise<z.input<typeof TemplateListSchema>> {
  const series = await requireSeriesManager(ctx, actor, seriesId);
  const rows = await repo.listTemplates(ctx.db, seriesId);
  return {
    series_id: series.id,
    series_name: series.series_name,
    data: rows.map((r) => {
      const format = asEventFormat(r.event_format);
      return {
        id: r.id,
        template_name: r.template_name,
        tournament_title: r.tournament_title,
        game_mode_human: r.game_mode ? gameModeAbbrev(r.game_mode) : null,
        event_format_human: format === null ? null : formatHuman(format),
      };
    }),
  };
}

async function requireTemplate(ctx: AppContext, actor: Actor, id: number): Promise<repo.TemplateRow> {
  const t = await repo.findTemplate(ctx.db, id);
  if (!t) throw notFound("Template not found.", { code: "series.template_not_found" });
  await requireSeriesManager(ctx, actor, t.series_id);
  return t;
}

/** A template by id; `copy` answers an unsaved duplicate whose name ends in ' - Copy' (001 §5). */
export async function getTemplate(ctx: AppContext, actor: Actor, id: number, copy: boolean): Promise<Template> {
  const t = toTemplate(await requireTemplate(ctx, actor, id)) as Template;
  return copy ? { ...t, id: null, template_id: null, template_name: templateCopyName(t.template_name) } : t;
}

/**
 * Creates or edits a template (001 §5 Template fields, §7). Series administrators and
 * organizers manage the templates of their series; the organizer, game mode and registration
 * format of a template are chosen by event administrators only (the misconfigured-template
 * message asks a Global Event Administrator to set them), so others must keep the current
 * values (a new template starts from the series' defaults). Fields that do not apply to the
 * template's organizer or registration format are ignored, not refused (issue #15; see
 * `applicable`): the location unless the organizer (or the series', for 'default') is lan, and
 * per format what 001 §5 lists under the other formats.
 */
export async function saveTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number | "new",
  form: TemplateForm,
  file: UploadedFile,
): Promise<{ status: "ok"; message: string; series_id: number; id: number }> {
  if (actor.userId === null) throw unauthorized();
  const existing = id === "new" ? null : await requireTemplate(ctx, actor, id);
  const series = await findSeries(ctx, form.series_id);
  if (!series) throw badRequest("Series is required.", { code: "series.series_required" });
  await requireSeriesManager(ctx, actor, series.id);

  if (form.game_mode && !isGameMode(form.game_mode)) throw badRequest("Unknown game mode.", { code: "tournaments.unknown_game_mode" });
  const gameMode = form.game_mode || null;
  const format = form.registration_format === "" ? null : Number(form.registration_format);
  const organizer = form.organizer === "default" ? null : form.organizer;
  if (!isEventAdmin(actor)) {
    const current = existing
      ? { organizer: existing.organizer, game_mode: existing.game_mode, event_format: existing.event_format }
      : { organizer: null, game_mode: series.game_mode, event_format: series.default_event_format };
    if (organizer !== current.organizer || gameMode !== current.game_mode || format !== current.event_format) {
      throw forbidden("Only event administrators may set the organizer, game mode and registration format of a template.", {
        code: "series.template_restricted_fields",
      });
    }
  }
  const fields = applicable(form, format);
  if (fields.minimum_team_size !== null && fields.maximum_team_size !== null && fields.minimum_team_size > fields.maximum_team_size) {
    throw badRequest("Minimum players may not be more than maximum players.", { code: "tournaments.min_over_max" });
  }
  let location: string | null = null;
  if ((organizer ?? series.organizer) === "lan" && form.location) {
    if (form.location.length > LIMITS.location)
      throw badRequest(`The location may be at most ${LIMITS.location} characters.`, {
        code: "tournaments.location_max",
        params: { max: LIMITS.location },
      });
    location = form.location;
  }

  let logoMode = "default";
  let logoUploadId: number | null = null;
  if (form.use_logo === "none") logoMode = "none";
  else if (form.use_logo === "upload") {
    if (!file) throw badRequest("Choose a logo file to upload.", { code: "tournaments.logo_required" });
    logoMode = "file";
    logoUploadId = (await storeUpload(ctx, actor, "tournament_logo", { data: file.data, truncated: false })).id;
  } else if (form.use_logo === "existing") {
    const source =
      form.from_template !== null && form.from_template !== existing?.id ? await requireTemplate(ctx, actor, form.from_template) : existing;
    if (source && source.logo_mode === "file" && source.logo_upload_id !== null) {
      logoMode = "file";
      logoUploadId = source.logo_upload_id;
    } else logoMode = source?.logo_mode === "none" ? "none" : "default";
  }

  const values: repo.TemplateValues = {
    series_id: series.id,
    template_name: form.template_name,
    tournament_title: form.tournament_title,
    logo_mode: logoMode,
    logo_upload_id: logoUploadId,
    organizer,
    location,
    game_mode: gameMode,
    event_format: format,
    ...fields,
    verification_required: form.verification_required ? 1 : 0,
    description: form.description,
    rules: form.rules,
    post_registration_message: form.post_registration_message,
  };
  let savedId: number;
  if (existing) {
    await repo.updateTemplate(ctx.db, existing.id, values);
    savedId = existing.id;
  } else savedId = await repo.insertTemplate(ctx.db, values, Date.now());
  return { status: "ok", message: "Template saved.", series_id: series.id, id: savedId };
}

/**
 * The format-dependent values of a template form, with what does not apply to `format` left
 * out (001 §5 Template fields): team — minimum players and the Power Rankings tier; squad —
 * minimum and maximum players, squad tag and name required, minimum check-ins (with check-ins
 * on); solo and squad — host, in-game name and check-ins. An unspecified format keeps all.
 */
function applicable(form: TemplateForm, format: number | null) {
  const any = format === null;
  const team = any || format === EVENT_FORMAT.team;
  const squad = any || format === EVENT_FORMAT.squad;
  const soloOrSquad = any || format === EVENT_FORMAT.solo || squad;
  const checkins = soloOrSquad && form.checkin_required;
  return {
    minimum_team_size: team || squad ? form.minimum_team_size : null,
    maximum_team_size: squad ? form.maximum_team_size : null,
    team_tag_required: squad && form.squad_tag_required ? 1 : 0,
    team_name_required: squad && form.squad_name_required ? 1 : 0,
    player_host_required: soloOrSquad && form.host_required ? 1 : 0,
    player_ign_required: soloOrSquad && form.ign_required ? 1 : 0,
    pr_value: team ? form.pr_value : 0,
    checkin_required: checkins ? 1 : 0,
    checkin_minimum: squad && checkins ? form.minimum_checkins : null,
  };
}

/** Deletes a template (001 §2: after 'Are you sure you wish to delete this template?'). */
export async function deleteTemplate(ctx: AppContext, actor: Actor, id: number): Promise<{ status: "ok" }> {
  const t = await requireTemplate(ctx, actor, id);
  await repo.deleteTemplate(ctx.db, t.id);
  return { status: "ok" };
}

/** A template row by id (no permission check: the caller applies its own), or undefined. */
export function findTemplate(ctx: AppContext, id: number): Promise<TemplateRow | undefined> {
  return repo.findTemplate(ctx.db, id);
}

/** The templates offered by Choose template (001 §2): every template, or those of `seriesIds`. */
export function templateChoiceRows(ctx: AppContext, seriesIds: number[] | null) {
  return repo.templateChoices(ctx.db, seriesIds);
}

export type TemplateRow = repo.TemplateRow;
