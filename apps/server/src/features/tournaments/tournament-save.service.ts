import {
  EVENT_FORMAT,
  immutableFieldMessage,
  isTeamEvent,
  LIMITS,
  type Organizer,
  type TournamentForm,
  type TournamentLogValue,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import { canManageSeriesContent, isEventAdmin } from "../access/series-access.service.js";
import { findSeries } from "../series/series.service.js";
import { findTemplate, resolvedLogoUploadId, type TemplateRow } from "../templates/templates.service.js";
import { storeUpload } from "../uploads/uploads.service.js";
import { asEventFormat, gameOfMode, isGameMode } from "../reference/labels.js";
import { logTournamentAction, requireTournamentAdmin } from "../access/tournament-access.service.js";
import { fillPlaces } from "../registrations/waitlist.service.js";
import { effectiveSwitches, invalidScheduleTime, type ScheduleField, scheduleRefusal } from "../access/tournament-schedule.js";
import { fillTeamPlaces } from "../team-registrations/team-waitlist.service.js";
import { changesCalendar } from "./calendar-changes.js";
import { webhookRegistrationsOpened } from "../webhooks/webhook-events.service.js";
import * as repo from "./tournaments.repository.js";

/**
 * Creating and editing a tournament from its multipart form (001 §5 Tournament creation
 * rules, §7 Tournament save). The page, controls and logs are `tournament-events.service.ts`.
 */

// ---------------------------------------------------------------------------------------
// Save (001 §5 Tournament creation rules, §7 Tournament save)
// ---------------------------------------------------------------------------------------

/** Parses 'YYYY-MM-DDTHH:mm' (read as UTC, the site's time zone) or a full ISO string. */
function parseUtc(value: string): number | null {
  if (!value) return null;
  const withZone = /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : ms;
}

/** Fields compared for the edit log line; long texts are reported as changed, not quoted. */
const LOGGED_FIELDS: Array<keyof repo.TournamentValues> = [
  "title",
  "start_date",
  "end_date",
  "transfer_deadline",
  "organizer",
  "location",
  "tournament_series_id",
  "series_stats_include",
  "game",
  "game_mode",
  "pr_value",
  "minimum_team_size",
  "maximum_team_size",
  "checkin_required",
  "checkin_minimum",
  "registrations_close_at",
  "checkin_opens_at",
  "checkin_closes_at",
  "max_entrants",
  "verification_required",
  "logo_upload_id",
  "published",
  "registrations_open",
  "show_on_profiles",
];
const TEXT_FIELDS: Array<keyof repo.TournamentValues> = ["description", "rules", "post_registration_message"];
/** Logged fields stored as 0/1 flags, and those that are counts or sizes (the log's yes / no words and numbers, #21). */
const FLAG_FIELDS = new Set<string>([
  "series_stats_include",
  "checkin_required",
  "verification_required",
  "published",
  "registrations_open",
  "show_on_profiles",
]);
const NUMBER_FIELDS = new Set<string>(["pr_value", "minimum_team_size", "maximum_team_size", "checkin_minimum", "max_entrants"]);

const isTimeField = (k: string) => k.endsWith("_date") || k.endsWith("_at") || k === "transfer_deadline";

/**
 * A logged field's value for translation (#21): empty as the word `none`, a flag as `yes` / `no`,
 * a time as ISO (`day` for the transfer deadline, a date), a count as a number, anything else
 * (title, location, codes, ids) as written.
 */
function logValueOf(k: string, v: unknown): TournamentLogValue {
  if (v === null || v === undefined || v === "") return { field: k, kind: "word", value: "none" };
  if (FLAG_FIELDS.has(k)) return { field: k, kind: "word", value: v ? "yes" : "no" };
  if (isTimeField(k) && typeof v === "number")
    return { field: k, kind: k === "transfer_deadline" ? "day" : "time", value: new Date(v).toISOString() };
  if (NUMBER_FIELDS.has(k) && typeof v === "number") return { field: k, kind: "number", value: v };
  return { field: k, kind: "text", value: String(v) };
}

/**
 * The edit log line's before and after: English text ("title: A; rules: (changed)") and the same
 * as values for translation (#21); null when no logged field changed.
 */
function describeChanges(
  before: repo.TournamentRow,
  after: repo.TournamentValues,
): { before: string; after: string; beforeValues: TournamentLogValue[]; afterValues: TournamentLogValue[] } | null {
  const b: string[] = [];
  const a: string[] = [];
  const bv: TournamentLogValue[] = [];
  const av: TournamentLogValue[] = [];
  const show = (k: string, v: unknown) => (isTimeField(k) && typeof v === "number" ? new Date(v).toISOString() : String(v ?? "none"));
  for (const k of LOGGED_FIELDS) {
    const was = before[k as keyof repo.TournamentRow];
    const now = after[k];
    if (now !== undefined && was !== now) {
      b.push(`${k}: ${show(k, was)}`);
      a.push(`${k}: ${show(k, now)}`);
      bv.push(logValueOf(k, was));
      av.push(logValueOf(k, now));
    }
  }
  for (const k of TEXT_FIELDS) {
    if (after[k] !== undefined && before[k as keyof repo.TournamentRow] !== after[k]) {
      b.push(`${k}: (previous text)`);
      a.push(`${k}: (changed)`);
      bv.push({ field: k, kind: "word", value: "text.previous" });
      av.push({ field: k, kind: "word", value: "text.changed" });
    }
  }
  return b.length ? { before: b.join("; "), after: a.join("; "), beforeValues: bv, afterValues: av } : null;
}

/**
 * Creates (`id` 'new') or edits a tournament from its multipart form.
 *
 * - Event administrators may start from scratch and choose series, organizer, game mode and
 *   registration format freely. Anyone else must start from a template of a series they staff;
 *   those four fields come from the template (organizer: the series' when the template says
 *   default), except a game mode or format the template left empty (misconfigured), which they
 *   may pick. Sending a different value for a read-only field is refused (403).
 * - On edit, registration format and the squad tag / squad name / host / in-game name
 *   requirements never change (400 naming the field); others than event administrators keep
 *   series, organizer and game mode.
 * - Dates: mode specify needs start and end (UTC); tbd and ongoing store no dates. The transfer
 *   deadline is a date, stored as its 00:00 UTC.
 * - Schedule (issue #17 §2): registration close and the check-in window (ignored without
 *   check-ins) are optional UTC times stored as sent; check-in opens before it closes and every
 *   time lies before the end (400 with `SCHEDULE_MESSAGES`, coded `tournaments.schedule_*` with the field).
 * - Fields that do not apply are ignored, not refused (issue #15): the LAN location unless the
 *   organizer is lan, squad requirements outside squad tournaments, host and in-game name
 *   outside solo and squad ones, team sizes of solo tournaments, the maximum team size of team
 *   tournaments (001 §5 gives team formats a minimum only), the Power Rankings tier outside team
 *   tournaments, check-ins of team tournaments and the minimum check-ins outside squad
 *   tournaments with check-ins, and the entrant cap of team tournaments (issue #22 caps solo
 *   and squad registration only so far).
 * - A changed cap on an existing tournament gives any new places to the waitlist in the same
 *   transaction (`fillPlaces`).
 * - Logo: existing (the tournament's, or on a new one the template's), upload (≤ 2MB, else 413
 *   before this runs), none.
 * Every save writes a log line; the tournament caches are invalidated.
 */
export async function saveTournament(
  ctx: AppContext,
  actor: Actor,
  id: number | "new",
  form: TournamentForm,
  file: { data: Buffer } | null,
  sent: ReadonlySet<string>,
): Promise<{ status: "ok"; message: string; id: number }> {
  if (actor.userId === null) throw unauthorized();
  const eventAdmin = isEventAdmin(actor) && can(actor, "tournaments.choose_restricted_fields");
  if (id !== "new")
    await requireTournamentAdmin(ctx, actor, id, {
      message: "You do not have permission to edit this tournament.",
      code: "tournaments.edit_forbidden",
    });
  const existing = id === "new" ? null : await repo.findTournament(ctx.db, id);
  if (id !== "new" && !existing) throw notFound("Tournament not found.", { code: "tournaments.not_found" });

  let template: TemplateRow | null = null;
  if (!existing) {
    if (form.template_id !== null) {
      template = (await findTemplate(ctx, form.template_id)) ?? null;
      if (!template) throw badRequest("The template does not exist.", { code: "tournaments.template_missing" });
      if (!(await canManageSeriesContent(ctx, actor, template.series_id)))
        throw forbidden("You may only create tournaments from the templates of your series.", { code: "tournaments.template_forbidden" });
    } else if (!can(actor, "tournaments.create_from_scratch")) {
      throw forbidden("Only event administrators may create a tournament without a template.", { code: "tournaments.scratch_forbidden" });
    }
  }

  // --- series, organizer, game mode, registration format -------------------------------
  const sentFormat = form.registration_format === "" ? null : Number(form.registration_format);
  let seriesId: number | null;
  let organizer: Organizer;
  let gameMode: string;
  let format: number;
  const refuseRestricted = () => {
    throw forbidden("Only event administrators may choose the series, organizer, game mode and registration format.", {
      code: "tournaments.restricted_fields",
    });
  };
  if (existing) {
    format = existing.event_format;
    if (sentFormat !== null && sentFormat !== format)
      throw badRequest(immutableFieldMessage("registration_format"), {
        code: "tournaments.immutable_field",
        params: { field: "registration_format" },
      });
    if (eventAdmin) {
      seriesId = sent.has("series") ? form.series : existing.tournament_series_id;
      organizer = form.organizer || (existing.organizer as Organizer);
      gameMode = form.game_mode || existing.game_mode;
    } else {
      seriesId = existing.tournament_series_id;
      organizer = existing.organizer as Organizer;
      gameMode = existing.game_mode;
      if (
        (sent.has("series") && form.series !== seriesId) ||
        (form.organizer && form.organizer !== organizer) ||
        (form.game_mode && form.game_mode !== gameMode)
      )
        refuseRestricted();
    }
  } else if (eventAdmin) {
    // Free choice; what is left empty comes from the template, if any.
    seriesId = sent.has("series") ? form.series : (template?.series_id ?? null);
    organizer = form.organizer || ((template?.organizer ?? template?.series_organizer ?? "mkc") as Organizer);
    gameMode = form.game_mode || template?.game_mode || "";
    const f = sentFormat ?? asEventFormat(template?.event_format ?? null);
    if (f === null) throw badRequest("Registration format is required.", { code: "tournaments.format_required" });
    format = f;
  } else {
    const t = template!;
    seriesId = t.series_id;
    organizer = ((t.organizer ?? t.series_organizer) as Organizer) || "mkc";
    if ((sent.has("series") && form.series !== seriesId) || (form.organizer && form.organizer !== organizer)) refuseRestricted();
    // A field the template left empty may be picked (001 §5); a set one is read-only.
    if (t.game_mode) {
      if (form.game_mode && form.game_mode !== t.game_mode) refuseRestricted();
      gameMode = t.game_mode;
    } else gameMode = form.game_mode;
    const tf = asEventFormat(t.event_format);
    if (tf !== null) {
      if (sentFormat !== null && sentFormat !== tf) refuseRestricted();
      format = tf;
    } else {
      if (sentFormat === null) throw badRequest("Registration format is required.", { code: "tournaments.format_required" });
      format = sentFormat;
    }
  }
  if (!gameMode) throw badRequest("Game mode is required.", { code: "tournaments.game_mode_required" });
  if (!isGameMode(gameMode)) throw badRequest("Unknown game mode.", { code: "tournaments.unknown_game_mode" });
  if (seriesId !== null && seriesId !== existing?.tournament_series_id && !(await findSeries(ctx, seriesId)))
    throw badRequest("The series does not exist.", { code: "tournaments.series_missing" });

  // --- format-dependent requirements ---------------------------------------------------
  const squad = format === EVENT_FORMAT.squad;
  const solo = format === EVENT_FORMAT.solo;
  const flags = {
    team_tag_required: squad && form.squad_tag_required ? 1 : 0,
    team_name_required: squad && form.squad_name_required ? 1 : 0,
    player_host_required: !format ? 0 : form.host_required ? 1 : 0,
    player_mii_name_required: !format ? 0 : form.ign_required ? 1 : 0,
  };
  if (existing) {
    const pairs = [
      ["squad_tag_required", "team_tag_required"],
      ["squad_name_required", "team_name_required"],
      ["host_required", "player_host_required"],
      ["ign_required", "player_mii_name_required"],
    ] as const;
    for (const [field, column] of pairs) {
      if (sent.has(field) && flags[column] !== existing[column])
        throw badRequest(immutableFieldMessage(field), { code: "tournaments.immutable_field", params: { field } });
      flags[column] = existing[column];
    }
  }
  let minSize = solo ? 1 : (form.minimum_players ?? 1);
  if (minSize < 1) minSize = 1;
  // A team tournament has a minimum team size only (001 §5): its maximum keeps the stored one (99 when new).
  let maxSize = solo
    ? 1
    : format === EVENT_FORMAT.team
      ? Math.max(minSize, existing?.maximum_team_size ?? 99)
      : (form.maximum_players ?? minSize);
  if (maxSize < 1) maxSize = 1;
  if (minSize > maxSize) throw badRequest("Minimum players may not be more than maximum players.", { code: "tournaments.min_over_max" });
  const checkins = format !== EVENT_FORMAT.team && form.checkin_required;

  // --- dates ---------------------------------------------------------------------------
  let start: number | null = null;
  let end: number | null = null;
  if (form.date === "specify") {
    start = parseUtc(form.start_date);
    end = parseUtc(form.end_date);
    if (start === null) throw badRequest("Start date is required.", { code: "tournaments.start_required" });
    if (end === null) throw badRequest("End date is required.", { code: "tournaments.end_required" });
    if (end < start) throw badRequest("The end date must be after the start date.", { code: "tournaments.end_before_start" });
  }
  const transferDeadline = form.transfer_deadline ? parseUtc(`${form.transfer_deadline}T00:00`) : null;

  // --- schedule (issue #17 §2): optional times, the check-in window only with check-ins -----
  const scheduleTime = (field: ScheduleField): number | null => {
    const value = form[field];
    if (!value) return null;
    const ms = parseUtc(value);
    if (ms === null) {
      const invalid = invalidScheduleTime(field);
      throw badRequest(invalid.message, invalid.code);
    }
    return ms;
  };
  const schedule = {
    registrations_close_at: scheduleTime("registrations_close_at"),
    checkin_opens_at: checkins ? scheduleTime("checkin_opens_at") : null,
    checkin_closes_at: checkins ? scheduleTime("checkin_closes_at") : null,
  };
  const scheduleError = scheduleRefusal(schedule, end);
  if (scheduleError) throw badRequest(scheduleError.message, scheduleError.code);

  // --- location and logo ---------------------------------------------------------------
  let location: string | null = null;
  if (organizer === "lan") {
    if (form.location === "tbd") location = "TBD";
    else if (!form.specify_location) throw badRequest("Enter the location, or choose TBD.", { code: "tournaments.location_required" });
    else if (form.specify_location.length > LIMITS.location)
      throw badRequest(`The location may be at most ${LIMITS.location} characters.`, {
        code: "tournaments.location_max",
        params: { max: LIMITS.location },
      });
    else location = form.specify_location;
  }
  let logoUploadId: number | null;
  if (form.use_logo === "none") logoUploadId = null;
  else if (form.use_logo === "upload") {
    if (!file) throw badRequest("Choose a logo file to upload.", { code: "tournaments.logo_required" });
    logoUploadId = (await storeUpload(ctx, actor, "tournament_logo", { data: file.data, truncated: false })).id;
  } else logoUploadId = existing ? existing.logo_upload_id : template ? resolvedLogoUploadId(template) : null;

  const values: repo.TournamentValues = {
    title: form.tournament_title,
    logo_upload_id: logoUploadId,
    start_date: start,
    end_date: end,
    transfer_deadline: transferDeadline,
    organizer,
    location,
    location_url: existing && existing.location === location ? existing.location_url : null,
    tournament_series_id: seriesId,
    series_stats_include: form.series_stats_include ? 1 : 0,
    game: gameOfMode(gameMode)!,
    game_mode: gameMode,
    event_format: format,
    pr_value: format === EVENT_FORMAT.team ? form.pr_value : 0,
    minimum_team_size: minSize,
    maximum_team_size: maxSize,
    ...flags,
    checkin_required: checkins ? 1 : 0,
    checkin_minimum: squad && checkins ? (form.checkin_minimum ?? 0) : 0,
    ...schedule,
    // The cap applies to solo and squad tournaments (issue #22; team tournaments: not yet).
    max_entrants: form.max_entrants,
    verification_required: form.verification_required ? 1 : 0,
    description: form.event_description,
    rules: form.event_rules,
    post_registration_message: form.post_registration_message,
    published: form.public ? 1 : 0,
    registrations_open: form.registrations_open ? 1 : 0,
    show_on_profiles: form.show_on_profiles ? 1 : 0,
  };
  if (!existing) values.template_id = template?.id ?? null;

  const now = Date.now();
  // Webhooks (issue #20 §5): the form opening registrations (or a new tournament created open) is
  // an organiser opening them, as on the controls; sent in the save's transaction.
  const opensRegistrations = values.registrations_open === 1 && (!existing || effectiveSwitches(existing, now).registrations_open !== 1);
  const hookEvent = (trx: Parameters<typeof webhookRegistrationsOpened>[1], id: number) =>
    opensRegistrations
      ? webhookRegistrationsOpened(
          ctx,
          trx,
          { id, title: values.title, tournament_series_id: seriesId, published: values.published ?? 0 },
          now,
        )
      : Promise.resolve();
  const savedId = await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      await repo.updateTournament(trx, existing.id, values, changesCalendar(existing, values) ? now : null);
      await hookEvent(trx, existing.id);
      const diff = describeChanges(existing, values);
      if (diff) await logTournamentAction(trx, existing, actor, "tournament.edit", { ...diff, now });
      // A raised or lifted cap gives the new places to the waitlist at once (issue #22).
      if (values.max_entrants !== existing.max_entrants)
        await (isTeamEvent(existing.event_format) ? fillTeamPlaces(trx, existing, actor) : fillPlaces(trx, existing.id, actor));
      return existing.id;
    }
    const newId = await repo.insertTournament(trx, values, now);
    await logTournamentAction(trx, { id: newId }, actor, "tournament.create", { after: values.title, now });
    await hookEvent(trx, newId);
    return newId;
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", message: existing ? "Tournament saved." : "Tournament created.", id: savedId };
}
