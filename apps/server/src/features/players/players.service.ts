import type { z } from "zod";
import {
  DEFAULTS,
  GAME_MODES,
  type PlayerListItem,
  type PlayerListQuerySchema,
  PlayerListSchema,
  type PlayerPickerQuerySchema,
  PlayerPickerSchema,
  type PlayerProfile,
  PlayerProfileSchema,
  PROFILE_RESULTS_MAX,
  type PlayerResult,
  type Theme,
  THEMES,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { notFound } from "../../lib/errors.js";
import { dataVersion } from "../../db/data-version.repository.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { renderMarkdown } from "../reference/markdown.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import * as repo from "./players.repository.js";

type ListQuery = z.output<typeof PlayerListQuerySchema>;
type PickerQuery = z.output<typeof PlayerPickerQuerySchema>;

const modeInfo = (key: string) => (GAME_MODES as Record<string, { abbrev: string }>)[key];
const isTheme = (t: string): t is Theme => (THEMES as readonly string[]).includes(t);
/** The refusal of a player the viewer may not see (or that does not exist), with its code (#21). */
const NOT_FOUND = { code: "players.not_found" } as const;

/** Moderators and administrators: they see hidden players, private Discord tags and pending names. */
export function isStaff(actor: Actor | null): boolean {
  return actor !== null && can(actor, "registry.players.view_private");
}

// --- player list and picker ----------------------------------------------------------------

/**
 * `GET /api/registry/players` (000 §2 Player list). Visitors and players get the public list
 * (banned and hidden players left out) as JSON kept until a player write clears `registry:`
 * (`TtlCache.keepJson`, issue #16: a search reads every name until it fills the page); staff
 * get it computed, with hidden players flagged (the total still kept, `playerCount`).
 */
export function listPlayers(ctx: AppContext, actor: Actor | null, q: ListQuery): Promise<RawJson | ReturnType<typeof pageOf>> {
  if (isStaff(actor)) return computePlayers(ctx, q, true);
  return ctx.cache.keepJson(cacheKeys.registry.players(q), PlayerListSchema, () => computePlayers(ctx, q, false));
}

function pageOf(rows: PlayerListItem[], limit: number, total: number) {
  return { data: rows.slice(0, limit), has_next_page: rows.length > limit, total };
}

/**
 * How many players the list shows with `filter`, kept until a player write (issue #16): the
 * count reads every listed player (≈ 100,000 rows on a large registry, 4–6 ms; with a search
 * every name) while a page reads 50. Every writer of players clears `registry:` (profile saves
 * and shadow players: `registry`; name changes and bans: `moderation`), so the kept count
 * stays exact with the micro-cache off too.
 */
function playerCount(ctx: AppContext, filter: { search?: string | undefined; country?: string | undefined; includeHidden: boolean }) {
  return ctx.cache.keepSized(
    cacheKeys.registry.playerCount(filter),
    () => repo.countPlayers(ctx.db, filter),
    () => 8,
  );
}

async function computePlayers(ctx: AppContext, q: ListQuery, includeHidden: boolean) {
  const filter = { search: q.search || undefined, country: q.country?.toUpperCase(), includeHidden };
  const [rows, total] = await Promise.all([
    repo.listPlayers(ctx.db, { ...filter, order: q.order, limit: q.limit, offset: (q.page - 1) * q.limit }),
    playerCount(ctx, filter),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      display_name: r.display_name,
      country_code: r.country_code,
      country_name: countryName(r.country_code),
      is_shadow: r.is_shadow === 1,
      is_hidden: r.is_hidden === 1,
      joined_human: dateHuman(r.created_at),
      joined_at: iso(r.created_at),
    })),
    q.limit,
    total,
  );
}

/**
 * `GET /api/registry/players/all` (picker): at most `limit` (100) listed players, shadow ones
 * included so staff can register them; names starting with the search first, then names
 * containing it (a scan of the names when the prefixes are too few). Kept while the database's
 * data version holds (issue #16, `TtlCache.keepJsonAt`): any committed write computes it again.
 */
export async function pickPlayers(ctx: AppContext, q: PickerQuery): Promise<RawJson> {
  const term = q.search?.trim() ?? "";
  const version = await dataVersion(ctx.db, ctx.dialect);
  return ctx.cache.keepJsonAt(cacheKeys.registry.playerPicker(q.limit, term), version, PlayerPickerSchema, async () => {
    let rows: Awaited<ReturnType<typeof repo.pickerFirst>>;
    if (!term) rows = await repo.pickerFirst(ctx.db, q.limit);
    else {
      rows = await repo.pickerByPrefix(ctx.db, term, q.limit);
      if (rows.length < q.limit) {
        rows = rows.concat(
          await repo.pickerByContains(
            ctx.db,
            term,
            rows.map((r) => r.id),
            q.limit - rows.length,
          ),
        );
      }
    }
    return { data: rows.map((r) => ({ id: r.id, name: r.display_name, country_code: r.country_code, is_shadow: r.is_shadow === 1 })) };
  });
}

// --- profile -------------------------------------------------------------------------------

/** The profile as staff see it, plus what the per-viewer redaction needs. */
interface FullProfile {
  profile: PlayerProfile;
  isLeader: boolean;
}

async function loadFull(ctx: AppContext, id: number): Promise<FullProfile> {
  const p = await repo.findPlayer(ctx.db, id);
  if (!p) throw notFound("Player not found.", NOT_FOUND);
  const [teams, regs, pending] = await Promise.all([
    repo.memberships(ctx.db, id),
    repo.registrationsOf(ctx.db, id),
    repo.pendingNameChange(ctx.db, id),
  ]);
  const isSupporter = Number(p.supporter_roles ?? 0) > 0;
  const customised = isSupporter || Number(p.admin_roles ?? 0) > 0;
  const theme = p.account_theme && isTheme(p.account_theme) ? p.account_theme : DEFAULTS.theme;

  const squadIds = [...new Set(regs.flatMap((r) => (r.squad_id === null ? [] : [r.squad_id])))];
  const teamIds = [...new Set(regs.flatMap((r) => (r.team_id === null ? [] : [r.team_id])))];
  const playedFor = new Set(regs.flatMap((r) => (r.team_id === null ? [] : [`${r.tournament_id}:${r.team_id}`])));
  const placements = (await repo.placementsFor(ctx.db, { playerId: id, squadIds, teamIds }))
    .filter((r) => r.entrant_type !== "team" || playedFor.has(`${r.tournament_id}:${r.entrant_id}`))
    .sort((a, b) => (b.end_date ?? b.start_date ?? 0) - (a.end_date ?? a.start_date ?? 0) || b.tournament_id - a.tournament_id)
    .slice(0, PROFILE_RESULTS_MAX);
  const results: PlayerResult[] = placements.map((r) => ({
    tournament_id: r.tournament_id,
    tournament_title: r.tournament_title,
    date_human: dateHuman(r.end_date ?? r.start_date),
    date: iso(r.end_date ?? r.start_date),
    game_mode: r.game_mode,
    mode_abbrev: modeInfo(r.game_mode)?.abbrev ?? r.game_mode,
    entrant_type: r.entrant_type as PlayerResult["entrant_type"],
    entrant_name: r.entrant_type === "squad" ? r.squad_name : r.entrant_type === "team" ? r.team_name : null,
    placement: r.placement,
    placement_upper_bound: r.placement_upper_bound,
    dq: r.dq === 1,
    title: r.title,
  }));

  const team = (m: (typeof teams)[number]) => ({
    team_id: m.team_id,
    team_name: m.team_name,
    team_tag: m.team_tag,
    team_color: m.team_color,
    category: m.category,
    category_title: modeInfo(m.category)?.abbrev ?? m.category,
    joined_human: dateHuman(m.joined_at),
    joined_at: iso(m.joined_at),
  });
  const profile: PlayerProfile = {
    id: p.id,
    user_id: p.user_id,
    display_name: p.display_name,
    country_code: p.country_code,
    country_name: countryName(p.country_code),
    discord_tag: p.discord_tag,
    discord_privacy: p.discord_privacy === "private" ? "private" : "public",
    switch_fc: p.switch_fc,
    nnid: p.nnid,
    fc_3ds: p.fc_3ds,
    mktour_fc: p.mktour_fc,
    profile_message: p.profile_message,
    profile_message_html: p.profile_message ? renderMarkdown(p.profile_message) : "",
    profile_picture_border_color: customised ? p.border_color : DEFAULTS.borderColor,
    site_theme: customised ? theme : DEFAULTS.theme,
    background: customised ? uploadUrl(p.background_filename) : null,
    is_hidden: p.is_hidden === 1 ? 1 : 0,
    is_shadow: p.is_shadow === 1,
    is_banned: p.is_banned === 1,
    is_supporter: isSupporter,
    joined_human: dateHuman(p.created_at),
    joined_at: iso(p.created_at),
    pending_display_name: pending?.to_value ?? null,
    current_teams: teams
      .filter((m) => m.left_at === null && m.team_status !== "disapproved")
      .map((m) => ({ ...team(m), team_logo: uploadUrl(m.logo_filename), is_leader: m.is_leader === 1, is_manager: m.is_manager === 1 })),
    team_history: teams.map((m) => ({ ...team(m), left_human: dateHuman(m.left_at), left_at: iso(m.left_at) })),
    results,
  };
  return { profile, isLeader: Number(p.leader_memberships ?? 0) > 0 };
}

/**
 * What `viewer` may see of a profile: a hidden player only to staff and the player (others get
 * 404); a private Discord tag only to staff, the player, or anyone when the player leads a team
 * (000 §6); the pending name only to staff and the player.
 */
function redact(full: FullProfile, privileged: boolean): PlayerProfile {
  const p = full.profile;
  if (p.is_hidden === 1 && !privileged) throw notFound("Player not found.", NOT_FOUND);
  const showDiscord = privileged || p.discord_privacy === "public" || full.isLeader;
  return { ...p, discord_tag: showDiscord ? p.discord_tag : null, pending_display_name: privileged ? p.pending_display_name : null };
}

/**
 * `GET /api/registry/players/{id}`. The public view (visitors and other players) is kept as
 * JSON while the database's data version stays the same (issue #16: also with the micro-cache
 * off; the page reads players, accounts, teams, registrations, placements and tournaments, so
 * any committed write computes it again, `TtlCache.keepJsonAt`); staff and the player themself
 * get their own view through the micro-cache. Throws 404 for an unknown id or a hidden player
 * the viewer may not see (a refusal is never kept).
 */
export async function getProfile(ctx: AppContext, actor: Actor | null, id: number): Promise<PlayerProfile | RawJson> {
  const privileged = actor !== null && (isStaff(actor) || actor.playerId === id);
  if (privileged) return redact(await ctx.cache.get(cacheKeys.registry.playerFull(id), () => loadFull(ctx, id)), true);
  const version = await dataVersion(ctx.db, ctx.dialect);
  return ctx.cache.keepJsonAt(cacheKeys.profiles.playerPublic(id), version, PlayerProfileSchema, async () =>
    redact(await loadFull(ctx, id), false),
  );
}
