import {
  CHECKIN_STATUS,
  CHECKIN_STATUS_LABELS,
  type EventFormat,
  type Organizer,
  type TemplateChoices,
  type TournamentControls,
  type TournamentControlsBodySchema,
  type TournamentDetail,
  TournamentDetailSchema,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { dataVersion } from "../../db/data-version.repository.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { notFound, unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import { renderMarkdown } from "../reference/markdown.js";
import { closeCheckins } from "../registrations/checkins.service.js";
import { canSeeUnpublished, isEventAdmin, staffedSeriesIds } from "../access/series-access.service.js";
import { templateChoiceRows } from "../templates/templates.service.js";
import { listTournamentLogs } from "../tournament-logs/tournament-logs.service.js";
import { asEventFormat, formatHuman, gameModeTitle, gameTitle } from "../reference/labels.js";
import {
  isRegistrationModerator,
  isTournamentAdmin,
  loadVisibleTournament,
  logTournamentAction,
  logWords,
  requireTournamentAdmin,
} from "../access/tournament-access.service.js";
import { effectiveSwitches, type ScheduleRow } from "../access/tournament-schedule.js";
import { changesCalendar } from "./calendar-changes.js";
import { webhookCheckinOpened, webhookRegistrationsOpened } from "../webhooks/webhook-events.service.js";
import * as repo from "./tournaments.repository.js";
import { uploadUrl } from "../uploads/uploads.service.js";

type Base = Omit<TournamentDetail, "can_administrate" | "can_moderate">;
interface Loaded {
  /** With the stored switches; `current` puts the effective ones in. */
  detail: Base;
  schedule: ScheduleRow;
  seriesId: number | null;
  published: boolean;
}

/** The page data with the switches in force at `now` (issue #17 schedule). */
function current(t: Loaded, now: number): Base {
  const e = effectiveSwitches(t.schedule, now);
  return { ...t.detail, registrations_open: e.registrations_open === 1, checkin_status: e.checkin_status };
}

/**
 * The first scheduled moment at or after `now` (ms since the epoch; Infinity for none) of a
 * tournament page: its registration close, check-in opening and check-in close, where
 * `effectiveSwitches` may flip the page's switches. A kept page holds until then.
 */
function nextScheduledMoment(
  t: Pick<TournamentDetail, "registrations_close_at" | "checkin_opens_at" | "checkin_closes_at">,
  now: number,
): number {
  const moments = [t.registrations_close_at, t.checkin_opens_at, t.checkin_closes_at]
    .map((at) => (at === null ? NaN : Date.parse(at)))
    .filter((at) => at >= now);
  return moments.length ? Math.min(...moments) : Infinity;
}

/** The code (#21) of the 404 of a missing tournament, as the access helpers send it. */
const TOURNAMENT_NOT_FOUND = { code: "tournaments.not_found" };

/** '2026-11-22' of a UTC midnight. */
const dateOnly = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));

/** A row → the page's tournament (001 §3), markdown rendered; the viewer flag is added per request. */
export function toDetail(t: repo.TournamentRow): Base {
  const format = (asEventFormat(t.event_format) ?? 1) as EventFormat;
  const game = gameTitle(t.game);
  return {
    id: t.id,
    title: t.title,
    logo_filename: t.logo_filename,
    logo_url: uploadUrl(t.logo_filename),
    start_date: iso(t.start_date),
    end_date: iso(t.end_date),
    start_date_human: dateHuman(t.start_date),
    end_date_human: dateHuman(t.end_date),
    no_date: t.start_date === null && t.end_date === null,
    transfer_deadline: dateOnly(t.transfer_deadline),
    // The deadline is stored as the date's 00:00 UTC and ends at 23:59:59 UTC that day (001 §9).
    transfer_deadline_human: t.transfer_deadline === null ? null : `${dateHuman(t.transfer_deadline)} 23:59:59 UTC`,
    organizer: t.organizer as Organizer,
    location: t.location,
    location_url: t.location_url,
    tournament_series_id: t.tournament_series_id,
    series_name: t.series_name,
    series_stats_include: t.series_stats_include === 1,
    series_published: t.series_published === 1,
    series_url_slug: t.series_url_slug,
    template_id: t.template_id,
    game: t.game,
    game_human: game,
    game_human_full: `${game} ${gameModeTitle(t.game_mode)}`,
    game_mode: t.game_mode,
    game_mode_human: gameModeTitle(t.game_mode),
    event_format: format,
    event_format_human: formatHuman(format),
    pr_value: t.pr_value,
    minimum_team_size: t.minimum_team_size,
    maximum_team_size: t.maximum_team_size,
    team_name_required: t.team_name_required === 1,
    team_tag_required: t.team_tag_required === 1,
    player_host_required: t.player_host_required === 1,
    player_mii_name_required: t.player_mii_name_required === 1,
    player_mii_name_max_length: t.player_mii_name_max_length,
    checkin_required: t.checkin_required === 1,
    checkin_status: t.checkin_status,
    checkin_minimum: t.checkin_minimum,
    registrations_close_at: iso(t.registrations_close_at),
    checkin_opens_at: iso(t.checkin_opens_at),
    checkin_closes_at: iso(t.checkin_closes_at),
    verification_required: t.verification_required,
    description: t.description,
    rules: t.rules,
    post_registration_message: t.post_registration_message,
    description_formatted: renderMarkdown(t.description),
    rules_formatted: renderMarkdown(t.rules),
    post_registration_message_formatted: renderMarkdown(t.post_registration_message),
    published: t.published === 1,
    registrations_open: t.registrations_open === 1,
    show_on_profiles: t.show_on_profiles === 1,
    is_historical: t.is_historical === 1,
    registration_count: Number(t.registration_count),
    max_entrants: t.max_entrants,
  };
}

/** The tournament's page data, kept briefly in the micro-cache (rendering markdown is the cost). */
function loadTournament(ctx: AppContext, id: number): Promise<Loaded | null> {
  return ctx.cache.get(cacheKeys.tournaments.page(id), async () => {
    const t = await repo.findTournament(ctx.db, id);
    if (!t) return null;
    const schedule: ScheduleRow = {
      registrations_open: t.registrations_open,
      checkin_status: t.checkin_status,
      registrations_close_at: t.registrations_close_at,
      checkin_opens_at: t.checkin_opens_at,
      checkin_closes_at: t.checkin_closes_at,
    };
    return { detail: toDetail(t), schedule, seriesId: t.tournament_series_id, published: t.published === 1 };
  });
}

/** The page data of a tournament the actor may see (404 otherwise; visibility from `tournament-access`). */
async function requireVisible(ctx: AppContext, actor: Actor, id: number): Promise<Loaded> {
  await loadVisibleTournament(ctx, actor, id, { cached: true });
  const t = await loadTournament(ctx, id);
  if (!t) throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
  return t;
}

/**
 * The page data without its series (id, name and slug null) when the series is unpublished and
 * the viewer may not see it (issue 15 C): a published tournament does not reveal its hidden series.
 */
function withSeriesFor(detail: Base, seesSeries: boolean): Base {
  if (detail.tournament_series_id === null || detail.series_published || seesSeries) return detail;
  return { ...detail, tournament_series_id: null, series_name: null, series_url_slug: null };
}

/**
 * `GET /api/events/{id}` (001 §7). Anonymous visitors share one pre-serialized answer per
 * tournament (never naming an unpublished series); signed-in viewers get theirs with
 * `can_administrate` and `can_moderate`, and the series only if they may see it.
 */
export async function getTournament(ctx: AppContext, actor: Actor, id: number): Promise<TournamentDetail | RawJson> {
  if (actor.userId === null) {
    // Kept while the data version holds (any committed write computes it again), and until the
    // next scheduled moment (registration close, check-in opening or close), when the switches flip.
    const version = await dataVersion(ctx.db, ctx.dialect);
    return ctx.cache.keepJsonAt(
      cacheKeys.tournaments.pageJson(id),
      version,
      TournamentDetailSchema,
      async () => {
        const t = await requireVisible(ctx, actor, id);
        return { ...withSeriesFor(current(t, Date.now()), false), can_administrate: false, can_moderate: false };
      },
      (answer) => nextScheduledMoment(answer, Date.now()),
    );
  }
  const t = await requireVisible(ctx, actor, id);
  const now = Date.now();
  const scope = { id, tournament_series_id: t.seriesId };
  const [admin, moderator, seesSeries] = await Promise.all([
    isTournamentAdmin(ctx, actor, scope),
    isRegistrationModerator(ctx, actor, scope),
    t.detail.series_published ? true : canSeeUnpublished(ctx, actor, t.seriesId),
  ]);
  return { ...withSeriesFor(current(t, now), seesSeries), can_administrate: admin, can_moderate: moderator };
}

// ---------------------------------------------------------------------------------------
// Controls and logs (001 §2, §4)
// ---------------------------------------------------------------------------------------

const CONTROL_LABELS = {
  published: (v: boolean) => (v ? "Published" : "Hidden"),
  registrations_open: (v: boolean) => (v ? "Open" : "Closed"),
  show_on_profiles: (v: boolean) => (v ? "Shown" : "Hidden"),
};
/** The same states as word keys for translation (#21, the web's `tournaments.logs.value.<key>`). */
const CONTROL_WORDS = {
  published: (v: boolean) => (v ? "visibility.published" : "visibility.hidden"),
  registrations_open: (v: boolean) => (v ? "registrations.open" : "registrations.closed"),
  show_on_profiles: (v: boolean) => (v ? "profiles.shown" : "profiles.hidden"),
};
/** Check-in status 0/1/2 as word keys (#21); an unknown status has none. */
const CHECKIN_WORDS: Record<number, string> = { 0: "checkin.not_open", 1: "checkin.open", 2: "checkin.closed" };
const checkinWord = (n: number): string | null => CHECKIN_WORDS[n] ?? null;

/**
 * `POST /api/events/{id}/controls`: publish or hide, open or close registrations, check-in
 * status 0/1/2, results on profiles. Each field that changes is one log line (who, what, when,
 * before, after); unchanged fields write nothing. Registrations and check-in compare with the
 * effective state (issue #17 schedule), and changing one by hand clears its scheduled time(s),
 * so the schedule never undoes a manual decision.
 */
export async function setControls(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: z.output<typeof TournamentControlsBodySchema>,
): Promise<TournamentControls> {
  await requireTournamentAdmin(ctx, actor, id);
  const now = Date.now();
  const after = await ctx.db.transaction().execute(async (trx) => {
    const t = await repo.findTournament(trx, id);
    if (!t) throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
    const effective = effectiveSwitches(t, now);
    const state = {
      published: t.published === 1,
      registrations_open: effective.registrations_open === 1,
      checkin_status: effective.checkin_status,
      show_on_profiles: t.show_on_profiles === 1,
    };
    const changes: Partial<repo.TournamentValues> = {};
    for (const key of ["published", "registrations_open", "show_on_profiles"] as const) {
      const v = body[key];
      if (v === undefined || v === state[key]) continue;
      changes[key] = v ? 1 : 0;
      if (key === "registrations_open") changes.registrations_close_at = null;
      const label = CONTROL_LABELS[key];
      const word = CONTROL_WORDS[key];
      await logTournamentAction(trx, { id }, actor, `controls.${key}`, {
        before: label(state[key]),
        after: label(v),
        ...logWords(word(state[key]), word(v)),
        now,
      });
      state[key] = v;
    }
    if (body.checkin_status !== undefined && body.checkin_status !== state.checkin_status) {
      Object.assign(changes, { checkin_status: body.checkin_status, checkin_opens_at: null, checkin_closes_at: null });
      const label = (n: number) => `${n} (${CHECKIN_STATUS_LABELS[n] ?? "?"})`;
      await logTournamentAction(trx, { id }, actor, "controls.checkin_status", {
        before: label(state.checkin_status),
        after: label(body.checkin_status),
        ...logWords(checkinWord(state.checkin_status), checkinWord(body.checkin_status)),
        now,
      });
      state.checkin_status = body.checkin_status;
      // Closing check-ins withdraws who did not check in (issue 7, registrations/checkins.service.ts).
      if (body.checkin_status === CHECKIN_STATUS.CLOSED) await closeCheckins(trx, id, actor.userId, now);
    }
    if (Object.keys(changes).length > 0) await repo.updateTournament(trx, id, changes, changesCalendar(t, changes) ? now : null);
    // Webhooks (issue #20 §5), in this transaction: registrations or check-in opened by hand.
    const hooked = { ...t, published: state.published ? 1 : 0 };
    if (changes.registrations_open === 1) await webhookRegistrationsOpened(ctx, trx, hooked, now);
    if (changes.checkin_status === CHECKIN_STATUS.OPEN)
      await webhookCheckinOpened(ctx, trx, { ...hooked, checkin_closes_at: null }, { now });
    return state;
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", ...after };
}

/** `GET /api/events/{id}/logs?page`: tournament administrators only, newest first. */
export async function getLogs(ctx: AppContext, actor: Actor, id: number, page: number) {
  await requireTournamentAdmin(ctx, actor, id);
  return listTournamentLogs(ctx.db, id, page);
}

/**
 * Choose template (001 §2): event administrators may start from scratch and pick any template;
 * series administrators and organizers pick a template of their series.
 */
export async function templateChoices(ctx: AppContext, actor: Actor): Promise<TemplateChoices> {
  if (actor.userId === null) throw unauthorized();
  const all = isEventAdmin(actor);
  const rows = await templateChoiceRows(ctx, all ? null : await staffedSeriesIds(ctx, actor));
  return { data: rows, can_start_from_scratch: can(actor, "tournaments.create_from_scratch") };
}
