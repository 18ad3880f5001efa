import { createHash } from "node:crypto";
import {
  EVENT_FORMATS,
  type EventFormat,
  GAME_MODES,
  type Organizer,
  type SeriesDetail,
  SeriesDetailSchema,
  type SeriesFormSchema,
  type SeriesListItem,
  type SeriesRole,
  type SeriesRoleEditBody,
  SERIES_TOURNAMENTS_PAGE_SIZE,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { KEEP_MAX_AGE_MS, type RawJson } from "../../lib/cache.js";
import { requestDataVersion } from "../auth/session.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { renderMarkdown } from "../reference/markdown.js";
import { asEventFormat, formatHuman, gameModeAbbrev, gameModeTitle, gameTitle, isGameMode } from "../reference/labels.js";
import { registrationsOpenAt } from "../access/tournament-schedule.js";
import { clockChangeAfter } from "../access/tournament-access.service.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import { storeUpload } from "../uploads/uploads.service.js";
import {
  canAssignSeriesRole,
  canEditSeries,
  canManageSeriesContent,
  canSeeUnpublished,
  isEventAdmin,
  staffedSeriesIds,
} from "../access/series-access.service.js";
import { seriesStatsFor } from "./series-stats.service.js";
import * as repo from "./series.repository.js";

/** `GET /api/tournaments/series` (001 §2 Series listing): unpublished series only for event staff. */
export async function listSeries(ctx: AppContext, actor: Actor): Promise<{ all_series: SeriesListItem[] }> {
  const all = can(actor, "tournaments.view_unpublished");
  const rows = await repo.listSeries(ctx.db, all, all ? [] : await staffedSeriesIds(ctx, actor));
  const latestIds = rows.map((r) => r.latest_event_id).filter((x): x is number => x !== null);
  const latest = new Map((await repo.tournamentsByIds(ctx.db, latestIds)).map((t) => [t.id, t]));
  return {
    all_series: rows.map((r) => {
      const mode = r.game_mode ? (GAME_MODES as Record<string, { title: string; abbrev: string }>)[r.game_mode] : undefined;
      const ev = r.latest_event_id !== null ? latest.get(r.latest_event_id) : undefined;
      return {
        id: r.id,
        series_name: r.series_name,
        url_slug: r.url_slug,
        display_order: r.display_order,
        logo_filename: r.logo_filename,
        logo_url: uploadUrl(r.logo_filename),
        organizer: r.organizer as Organizer,
        location: r.location,
        game_mode: r.game_mode,
        game_mode_human: mode?.abbrev ?? null,
        default_event_format: r.default_event_format,
        event_format_human: r.default_event_format === null ? null : (EVENT_FORMATS[r.default_event_format as EventFormat] ?? null),
        short_description: r.short_description,
        published: r.published === 1,
        historical: r.historical === 1,
        latest_event_id: ev?.id ?? null,
        latest_event_title: ev?.title ?? null,
        registrations_open: ev ? registrationsOpenAt(ev, Date.now()) : false,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------
// Series detail, edit and roles (001 §2, §5 Series edit fields, §7 Series)
// ---------------------------------------------------------------------------------------

type SeriesForm = z.output<typeof SeriesFormSchema>;

/** A series by URL ID or numeric id; 404 when missing or unpublished and the viewer may not see it. */
export async function visibleSeries(ctx: AppContext, actor: Actor, slugOrId: string | number): Promise<repo.SeriesRow> {
  const s =
    typeof slugOrId === "number" || /^\d+$/.test(slugOrId)
      ? await repo.findSeriesById(ctx.db, Number(slugOrId))
      : await repo.findSeriesBySlug(ctx.db, slugOrId);
  if (!s || (s.published !== 1 && !(await canSeeUnpublished(ctx, actor, s.id))))
    throw notFound("Series not found.", { code: "series.not_found" });
  return s;
}

/**
 * `GET /api/tournaments/series/{slugOrId}?page` (001 §2 Series detail): the series, one page
 * (SERIES_TOURNAMENTS_PAGE_SIZE) of its tournaments with their medal placements and the count of
 * all of them, the whole Stats panel, the latest published tournament and whether its
 * registrations are open (as on the listing's cards, 001 §2), and what the viewer may do. The
 * serialized answer is kept per series, page and kind of viewer (their flags, and their own
 * appearance row when it is outside the top 25) under `series-stats:`, which every tournament,
 * series, registration, placements, registry and moderation write clears, or until the clock
 * changes it (`clockChangeAfter`). A page past the end answers no
 * tournaments with the real totals.
 */
export async function getSeries(
  ctx: AppContext,
  actor: Actor,
  slugOrId: string,
  q: { page: number; all_tournaments: boolean } = { page: 1, all_tournaments: false },
): Promise<RawJson> {
  // The whole answer, per address and account, while the data version holds (#16: a signed-in
  // request's version is the one its session read, so a kept answer costs no statement; the
  // rows, the mark and the roles below are read only when it changed). Until the clock changes
  // it, like the answer inside.
  const version = await requestDataVersion(ctx, actor);
  const now = Date.now();
  const kept = await ctx.cache.keepSized(
    cacheKeys.seriesStats.viewerPage(slugOrId, q.all_tournaments ? "all" : q.page, actor.userId ?? 0),
    async () => {
      // Side by side: on PostgreSQL each is a round trip (the inner answer reads the clock too,
      // for its own per-viewer-kind entry).
      const [until, raw] = await Promise.all([clockChangeAfter(ctx, now), seriesAnswer(ctx, actor, slugOrId, q)]);
      return { raw, until };
    },
    (v) => v.raw.json.length * 2,
    KEEP_MAX_AGE_MS,
    now,
    (v) => v.until,
    version,
  );
  return kept.raw;
}

/** `getSeries` computed: the answer kept per series, page and kind of viewer (see above). */
async function seriesAnswer(
  ctx: AppContext,
  actor: Actor,
  slugOrId: string,
  q: { page: number; all_tournaments: boolean },
): Promise<RawJson> {
  const page = q.all_tournaments ? 1 : q.page;
  const s = await visibleSeries(ctx, actor, slugOrId);
  const [canManage, canEdit] = await Promise.all([canManageSeriesContent(ctx, actor, s.id), canEditSeries(ctx, actor, s.id)]);
  const canAssign = can(actor, "series.assign_series_admin");
  const results = await seriesStatsFor(ctx, s, actor.playerId);
  const key = cacheKeys.seriesStats.detail(
    s.id,
    // The series row as read now (a digest) and the mark of its tournaments are part of the key:
    // a setting changed or a tournament added without a service (hand-run SQL, an import) never
    // meets an answer computed before it.
    `${createHash("sha1").update(JSON.stringify(s)).digest("base64url")}:${await repo.seriesTournamentsMark(ctx.db, s.id)}:${Number(canManage)}${Number(canEdit)}${Number(canAssign)}`,
    results.viewerKey,
    q.all_tournaments ? "all" : page,
  );
  const size = q.all_tournaments ? null : SERIES_TOURNAMENTS_PAGE_SIZE;
  // Kept until a write clears the series-stats scope or the clock changes the answer (the latest
  // tournament's registrations closing on schedule; a start or an end), issue #16.
  const now = Date.now();
  return ctx.cache.keepJsonUntil(
    key,
    SeriesDetailSchema,
    async () => {
      const [answer, until] = await Promise.all([
        seriesDetail(ctx, s, results, { canManage, canEdit, canAssign }, page, size),
        clockChangeAfter(ctx, now),
      ]);
      return { answer, until };
    },
    now,
  );
}

async function seriesDetail(
  ctx: AppContext,
  s: repo.SeriesRow,
  results: Awaited<ReturnType<typeof seriesStatsFor>>,
  flags: { canManage: boolean; canEdit: boolean; canAssign: boolean },
  page: number,
  size: number | null,
): Promise<SeriesDetail> {
  const { canManage, canEdit } = flags;
  const [tournaments, tournamentsCount, latest] = await Promise.all([
    repo.seriesTournaments(ctx.db, s.id, canManage, size === null ? undefined : { limit: size, offset: (page - 1) * size }),
    repo.seriesTournamentCount(ctx.db, s.id, canManage),
    repo.latestSeriesEvent(ctx.db, s.id),
  ]);
  const format = asEventFormat(s.default_event_format);
  return {
    id: s.id,
    series_name: s.series_name,
    url_slug: s.url_slug,
    display_order: s.display_order,
    logo_filename: s.logo_filename,
    logo_url: uploadUrl(s.logo_filename),
    organizer: s.organizer as Organizer,
    location: s.location,
    location_url: s.location_url,
    game_mode: s.game_mode,
    game_mode_human: s.game_mode ? gameModeAbbrev(s.game_mode) : null,
    default_event_format: format,
    event_format_human: format === null ? null : formatHuman(format),
    short_description: s.short_description,
    full_description: s.full_description,
    full_description_formatted: renderMarkdown(s.full_description),
    aggregation_field: s.aggregation_field,
    finalist_criteria: s.finalist_criteria,
    published: s.published === 1,
    historical: s.historical === 1,
    latest_event_id: latest?.id ?? null,
    latest_event_title: latest?.title ?? null,
    registrations_open: latest ? registrationsOpenAt(latest, Date.now()) : false,
    tournaments: tournaments.map((t) => ({
      id: t.id,
      title: t.title,
      start_date: iso(t.start_date),
      end_date: iso(t.end_date),
      start_date_human: dateHuman(t.start_date),
      end_date_human: dateHuman(t.end_date),
      organizer: t.organizer as Organizer,
      location: t.location,
      location_url: t.location_url,
      game: t.game,
      game_human: gameTitle(t.game),
      game_mode: t.game_mode,
      game_mode_human: gameModeTitle(t.game_mode),
      event_format: asEventFormat(t.event_format) ?? 1,
      event_format_human: formatHuman(t.event_format),
      registrations_open: registrationsOpenAt(t, Date.now()),
      published: t.published === 1,
      placements: results.history[t.id] ?? [],
    })),
    tournaments_count: tournamentsCount,
    page,
    page_count: size === null ? 1 : Math.max(1, Math.ceil(tournamentsCount / size)),
    stats: results.stats,
    can_edit: canEdit,
    can_manage_templates: canManage,
    can_manage_roles: canEdit,
    can_assign_series_admin: flags.canAssign,
  };
}

/** `GET /api/tournaments/all_series`: id and name of every series the viewer may see. */
export async function seriesNames(ctx: AppContext, actor: Actor) {
  const rows = await repo.seriesNames(ctx.db, can(actor, "tournaments.view_unpublished"), await staffedSeriesIds(ctx, actor));
  return {
    data: rows.map((r) => ({
      id: r.id,
      series_name: r.series_name,
      organizer: r.organizer as Organizer,
      game_mode: r.game_mode,
      default_event_format: asEventFormat(r.default_event_format),
    })),
  };
}

/**
 * Creates (event administrators) or edits (event administrators, the series' administrators)
 * a series from its multipart form (001 §5, §7). `tournamentsSent` tells whether the form
 * carried the tournament list; only event administrators may add tournaments from outside the
 * series (a series administrator may remove them).
 */
export async function saveSeries(
  ctx: AppContext,
  actor: Actor,
  id: number | "new",
  form: SeriesForm,
  file: { data: Buffer } | null,
  tournamentsSent: boolean,
): Promise<{ status: "ok"; message: string; id: number }> {
  if (actor.userId === null) throw unauthorized();
  let existing: repo.SeriesRow | null = null;
  if (id === "new") {
    if (!can(actor, "series.create"))
      throw forbidden("Only event administrators may create a series.", { code: "series.create_forbidden" });
  } else {
    existing = await visibleSeries(ctx, actor, id);
    if (!(await canEditSeries(ctx, actor, existing.id)))
      throw forbidden("You do not have permission to edit this series.", { code: "series.edit_forbidden" });
  }
  if (await repo.slugTaken(ctx.db, form.url_slug, existing?.id ?? null))
    throw badRequest("This URL ID is already in use.", { code: "series.slug_taken" });
  const gameMode = form.game_mode === "none" || form.game_mode === "" ? null : form.game_mode;
  if (gameMode !== null && !isGameMode(gameMode)) throw badRequest("Unknown game mode.", { code: "tournaments.unknown_game_mode" });

  let tournamentIds: number[] | null = null;
  if (tournamentsSent) {
    const found = await repo.tournamentSeriesOf(ctx.db, form.tournaments);
    if (found.length !== form.tournaments.length)
      throw badRequest("One of the tournaments does not exist.", { code: "series.tournament_missing" });
    const outsiders = found.filter((t) => t.tournament_series_id !== (existing?.id ?? -1));
    if (outsiders.length > 0 && !isEventAdmin(actor))
      throw forbidden("Only event administrators may add tournaments to a series.", { code: "series.add_tournaments_forbidden" });
    tournamentIds = form.tournaments;
  }

  let logoUploadId: number | null | undefined = undefined;
  if (form.no_logo) logoUploadId = null;
  else if (file) logoUploadId = (await storeUpload(ctx, actor, "tournament_logo", { data: file.data, truncated: false })).id;

  const values: repo.SeriesValues = {
    series_name: form.series_title,
    url_slug: form.url_slug,
    display_order: form.display_order,
    organizer: form.organizer,
    location: form.organizer === "lan" ? form.location || null : null,
    game_mode: gameMode,
    default_event_format: gameMode === null || form.registration_format === "" ? null : Number(form.registration_format),
    short_description: form.short_description,
    full_description: form.long_description,
    aggregation_field: form.aggregation_field,
    finalist_criteria: form.aggregation_field === "none" ? "none" : form.finalist_criteria,
    published: form.published ? 1 : 0,
    historical: form.historical ? 1 : 0,
    ...(logoUploadId !== undefined ? { logo_upload_id: logoUploadId } : {}),
  };
  const savedId = await ctx.db.transaction().execute(async (trx) => {
    const sid = existing ? existing.id : await repo.insertSeries(trx, values, Date.now());
    if (existing) await repo.updateSeries(trx, sid, values);
    if (tournamentIds !== null) await repo.setSeriesTournaments(trx, sid, tournamentIds);
    return sid;
  });
  // Cards and pages show series names, slugs and membership.
  invalidateAfter(ctx.cache, "series");
  return { status: "ok", message: "Series saved.", id: savedId };
}

/** `GET /api/tournaments/series/{id}/roles?role` (001 §7): event administrators and the series' administrators. */
export async function listRoleHolders(ctx: AppContext, actor: Actor, seriesId: number, role: SeriesRole) {
  const s = await visibleSeries(ctx, actor, seriesId);
  if (actor.userId === null) throw unauthorized();
  if (!(await canEditSeries(ctx, actor, s.id)))
    throw forbidden("You do not have permission to manage this series' roles.", { code: "series.roles_forbidden" });
  return { data: await repo.roleHolders(ctx.db, s.id, role) };
}

/** `POST /api/tournaments/series/{id}/roles/edit {player, role, action}`: Series Administrator only by event administrators. */
export async function editRole(ctx: AppContext, actor: Actor, seriesId: number, body: SeriesRoleEditBody): Promise<{ status: "ok" }> {
  const s = await visibleSeries(ctx, actor, seriesId);
  if (actor.userId === null) throw unauthorized();
  if (!(await canAssignSeriesRole(ctx, actor, s.id, body.role))) {
    throw body.role === "series_admin"
      ? forbidden("Only event administrators may assign the Series Administrator role.", { code: "series.assign_admin_forbidden" })
      : forbidden("You do not have permission to manage this series' roles.", { code: "series.roles_forbidden" });
  }
  const player = await repo.playerAccount(ctx.db, body.player);
  if (!player) throw notFound("Player not found.", { code: "series.player_not_found" });
  if (player.user_id === null)
    throw badRequest("This player has no account and cannot hold a series role.", { code: "series.role_no_account" });
  if (body.action === "add") await repo.addSeriesRole(ctx.db, s.id, player.user_id, body.role, Date.now());
  else await repo.removeSeriesRole(ctx.db, s.id, player.user_id, body.role);
  // The holder's roles are cached per account (series-access.service.ts).
  invalidateAfter(ctx.cache, "seriesRoles");
  // Role holders see unpublished items of their series; listings computed for them are not shared.
  return { status: "ok" };
}

/**
 * The series row by id (no visibility check: callers apply their own), for the features that
 * attach tournaments and templates to a series.
 */
export function findSeries(ctx: AppContext, id: number) {
  return repo.findSeriesById(ctx.db, id);
}
