import type { Kysely, Updateable } from "kysely";
import type { z } from "zod";
import {
  type AdminProfileBodySchema,
  COUNTRY_NONE,
  COUNTRY_UNKNOWN,
  displayFriendCode,
  FC_FIELDS,
  type FcError,
  type FcField,
  FRIEND_CODE_TYPES,
  type FriendCodeType,
  LIMITS,
  NAME_CHANGE_DAYS,
  normalizeFriendCode,
  type OwnProfileBodySchema,
  type ProfileSaveResponse,
  type Theme,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import { DAY_MS, dateHuman } from "../../lib/dates.js";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { isCountryCode } from "../reference/countries.js";
import * as repo from "./players.repository.js";
import { storeUpload } from "../uploads/uploads.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";

type OwnBody = z.output<typeof OwnProfileBodySchema>;
type AdminBody = z.output<typeof AdminProfileBodySchema>;
/** The background image sent in a multipart profile form (000 §3 `background (file)`), or null. */
export type BackgroundFile = { data: Buffer } | null;

export const LOCKED_FIELDS_MESSAGE =
  "Your country, friend codes and Network ID can only be changed by staff once set. Please open a ticket on the support forum.";
export const SUPPORTER_ONLY_MESSAGE = "Only supporters can change the border colour, theme and background.";
export const ADMIN_FIELDS_MESSAGE = "Only administrators can change the account, visibility or background of a player.";
export const FC_CONFLICT_MESSAGE = "The following friend codes and IDs have been previously used by another player:";

/**
 * The codes of the profile saves' refusals (#21), next to their messages: the web catalogue's
 * `error.<code>` says each in the page's language (the form's own checks with the same text too).
 */
const CODES = {
  countryRequired: { code: "players.country_required" },
  discordRequired: { code: "players.discord_required" },
  nameRequired: { code: "players.name_required" },
  locked: { code: "players.locked" },
  supporterOnly: { code: "players.supporter_only" },
  backgroundNotFound: { code: "players.background_not_found" },
  notFound: { code: "players.not_found" },
  accountHasPlayer: { code: "players.account_has_player" },
  shadowNameMax: { code: "players.shadow_name_max", params: { max: LIMITS.shadowPlayerName } },
} as const;

/**
 * Saving player profiles (000 §7 `POST /api/registry/edit_profile` and
 * `POST /api/registry/players/{id or new}`): the plan of a save (fields, friend codes,
 * name-change interval, moderation), friend-code conflicts and the write.
 */

// --- saving --------------------------------------------------------------------------------

type PlayerSet = Updateable<DB["players"]>;
interface Code {
  type: FriendCodeType;
  fc: string;
}

/** What one save will write, worked out (and checked) before anything is written. */
interface Plan {
  set: PlayerSet;
  codes: Code[];
  nameRequest: { from: string; to: string } | null;
  nameHistory: { from: string; to: string } | null;
  theme: { userId: number; theme: Theme } | null;
  /** A background image sent with the form, stored (and made the background) once the save is sure to be written. */
  backgroundFile: BackgroundFile;
}

interface PlanInput {
  ctx: AppContext;
  actor: Actor;
  /** own: the player's own form; staff: the admin edit (no locks, direct name change). */
  mode: "own" | "staff";
  existing: repo.PlayerRow | null;
  body: OwnBody | AdminBody;
  /** Whose account gets the theme (the player's own, or the edited player's). */
  themeUserId: number | null;
  /** The background file of a multipart form. */
  file: BackgroundFile;
  now: number;
}

function checkCountry(code: string, mode: "own" | "staff"): string {
  // ZZ is refused by the schema; XX ('Unknown Country') is for staff records only.
  if (code === COUNTRY_NONE || !isCountryCode(code) || (mode === "own" && code === COUNTRY_UNKNOWN))
    throw badRequest("Choose a country.", CODES.countryRequired);
  return code;
}

function normalizeField(field: FcField, value: string): string | null {
  const type = FC_FIELDS[field];
  if (type === "nnid") return value.trim() || null;
  const v = normalizeFriendCode(type, value);
  // The schema already refused malformed codes; this guards a caller that skipped it.
  if (v === undefined)
    throw badRequest(`${FRIEND_CODE_TYPES[type].label} friend codes must look like XXXX-YYYY-ZZZZ.`, {
      code: "players.fc_format",
      params: { type: FRIEND_CODE_TYPES[type].label },
    });
  return v;
}

async function plan(input: PlanInput): Promise<Plan> {
  const { ctx, actor, mode, existing, body, file, now } = input;
  const out: Plan = { set: {}, codes: [], nameRequest: null, nameHistory: null, theme: null, backgroundFile: null };
  const mayEditLocked = mode === "staff" || can(actor, "registry.players.edit_profile_any");
  const creating = existing === null;
  // Word filter (issue 5): user-written names and texts, whole word, case-insensitive.
  await assertAllowed(ctx.db, { "display name": body.display_name, "profile message": body.profile_message });

  // Supporter customisation (000 §6); staff may set it on any player.
  const customises =
    body.border_color !== undefined ||
    body.site_theme !== undefined ||
    body.use_background !== undefined ||
    body.background !== undefined ||
    file !== null;
  if (customises && mode === "own" && !can(actor, "profile.customise")) throw forbidden(SUPPORTER_ONLY_MESSAGE, CODES.supporterOnly);

  // Country: required on creation; locked for the player once set (000 §5).
  if (body.country !== undefined) {
    const code = checkCountry(body.country, mode);
    const current = existing?.country_code ?? COUNTRY_NONE;
    if (code !== current) {
      if (!creating && current !== COUNTRY_NONE && !mayEditLocked) throw forbidden(LOCKED_FIELDS_MESSAGE, CODES.locked);
      out.set.country_code = code;
    }
  } else if (creating) throw badRequest("Choose a country.", CODES.countryRequired);

  // Discord tag: required for a player's own profile, optional on staff records.
  if (body.discord_tag !== undefined) {
    if (body.discord_tag === "" && mode === "own") throw badRequest("Enter your Discord tag.", CODES.discordRequired);
    out.set.discord_tag = body.discord_tag || null;
  } else if (creating && mode === "own") throw badRequest("Enter your Discord tag.", CODES.discordRequired);
  if (body.discord_privacy !== undefined) out.set.discord_privacy = body.discord_privacy;

  // Friend codes and NNID: stored without prefix; locked for the player once set.
  for (const field of Object.keys(FC_FIELDS) as FcField[]) {
    const raw = body[field];
    if (raw === undefined) continue;
    const value = normalizeField(field, raw);
    const current = existing?.[field] ?? null;
    if (value === current) continue;
    if (current !== null && !mayEditLocked) throw forbidden(LOCKED_FIELDS_MESSAGE, CODES.locked);
    out.set[field] = value;
    if (value !== null) out.codes.push({ type: FC_FIELDS[field], fc: value });
  }

  if (body.profile_message !== undefined) out.set.profile_message = body.profile_message;
  if (body.border_color !== undefined) out.set.border_color = body.border_color;
  if (body.site_theme !== undefined && input.themeUserId !== null) out.theme = { userId: input.themeUserId, theme: body.site_theme };

  // Background: 'default' removes it, 'existing' keeps it, 'upload' uses the file sent with the
  // form or (JSON) a profile upload of this account.
  const use = body.use_background ?? (body.background !== undefined || file !== null ? "upload" : undefined);
  if (use === "default") out.set.background_upload_id = null;
  if (use === "upload" && file !== null) out.backgroundFile = file;
  else if (use === "upload") {
    if (body.background === undefined) throw badRequest("Choose a background image to upload.", { code: "players.background_required" });
    const upload = await repo.findUpload(ctx.db, body.background);
    if (!upload || upload.purpose !== "profile" || upload.user_id !== actor.userId)
      throw badRequest("The background upload was not found.", CODES.backgroundNotFound);
    out.set.background_upload_id = upload.id;
  }

  // Display name: set directly on creation and by staff; otherwise a moderated request (000 §5).
  if (body.display_name !== undefined) {
    const name = body.display_name;
    if (creating) out.set.display_name = name;
    else if (name !== existing.display_name) {
      if (mode === "staff") {
        out.set.display_name = name;
        out.set.name_changed_at = now;
        out.nameHistory = { from: existing.display_name, to: name };
      } else {
        await checkNameInterval(ctx, actor, existing.id, now);
        out.nameRequest = { from: existing.display_name, to: name };
      }
    }
  } else if (creating) throw badRequest("Enter a display name.", CODES.nameRequired);
  return out;
}

/**
 * A player may ask for a new name once every 8 weeks (supporters) or 6 months (others),
 * counted from their last pending or approved request (000 §5, §9).
 */
async function checkNameInterval(ctx: AppContext, actor: Actor, playerId: number, now: number): Promise<void> {
  const last = await repo.lastNameRequestAt(ctx.db, playerId);
  if (last !== null) {
    const days = actor.isSupporter ? NAME_CHANGE_DAYS.supporter : NAME_CHANGE_DAYS.player;
    const allowedAt = last + days * DAY_MS;
    if (now < allowedAt)
      throw badRequest(`You can change your name again on ${dateHuman(allowedAt)}.`, {
        code: "players.name_change_wait",
        params: { date: dateHuman(allowedAt) },
      });
  }
  if (await repo.pendingNameChange(ctx.db, playerId))
    throw badRequest("Your previous name change request is still pending.", { code: "players.name_change_pending" });
}

/**
 * Friend codes of this save that another player has used (friend_code_history), each with the
 * name of the last other player who used it (000 §4 fc_error).
 */
async function fcConflicts(ctx: AppContext, actor: Actor, playerId: number | null, codes: Code[]): Promise<FcError[]> {
  const uses = await repo.friendCodeUses(ctx.db, playerId, codes);
  // A hidden player is not named to those who may not see them (issue #15 §7).
  const nameOf = (u: (typeof uses)[number]) => (u.is_hidden === 1 && !seesHiddenPlayers(actor) ? "another player" : u.display_name);
  const out: FcError[] = [];
  for (const c of codes) {
    const last = uses.find((u) => u.fc_type === c.type && u.fc === c.fc);
    if (last) out.push({ fc_label: `${FRIEND_CODE_TYPES[c.type].label}: ${displayFriendCode(c.type, c.fc)}`, player_name: nameOf(last) });
  }
  return out;
}

/**
 * Writes a plan in one transaction; returns the player's id. A background file sent with the
 * form is stored first (sniffed, re-encoded and counted against the account's upload limits
 * by the uploads service), so a refused image writes nothing.
 */
async function write(ctx: AppContext, p: Plan, target: { id: number } | { insert: PlayerSet }, actor: Actor, now: number): Promise<number> {
  if (p.backgroundFile) {
    p.set.background_upload_id = (await storeUpload(ctx, actor, "profile", { data: p.backgroundFile.data, truncated: false })).id;
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    let playerId: number;
    if ("id" in target) {
      playerId = target.id;
      await repo.updatePlayer(trx, playerId, p.set);
    } else {
      const row = { ...target.insert, ...p.set };
      playerId = await repo.insertPlayer(trx, {
        ...row,
        display_name: row.display_name!,
        country_code: row.country_code!,
        created_at: now,
      });
    }
    await repo.insertFriendCodes(trx, playerId, p.codes, now);
    if (p.nameRequest) await repo.insertNameRequest(trx, { playerId, ...p.nameRequest, userId: actor.userId!, now, status: "pending" });
    if (p.nameHistory) await repo.insertNameHistory(trx, { playerId, ...p.nameHistory, now });
    if (p.theme) await repo.setUserTheme(trx, p.theme.userId, p.theme.theme);
    return playerId;
  });
  invalidateAfter(ctx.cache, "registry");
  return id;
}

function fcErrorAnswer(playerId: number | null, fc_errors: FcError[]): ProfileSaveResponse {
  return { status: "fc_error", message: FC_CONFLICT_MESSAGE, player_id: playerId, fc_errors };
}

/**
 * `POST /api/registry/edit_profile`: the signed-in account's own profile, created when it has
 * none. Country, friend codes and NNID are locked once set (staff excepted); a new name becomes
 * a pending request; border, theme and background are for supporters. The body comes as JSON
 * or as the spec's multipart form, whose `background` file (≤ 8MB, 000 §8) is `file`. Answers
 * 'success' or 'fc_error'; refusals throw (401 anonymous, 403 banned/locked/not a supporter,
 * 400 otherwise, and the upload limits of the background: 400/413/415/429).
 */
export async function saveOwnProfile(
  ctx: AppContext,
  actor: Actor,
  body: OwnBody,
  file: BackgroundFile = null,
): Promise<ProfileSaveResponse> {
  if (actor.userId === null) throw unauthorized();
  if (actor.state === "banned") throw forbidden("Your account has been banned.", { code: "players.banned" });
  const found = await repo.findPlayerIdByUser(ctx.db, actor.userId);
  const existing = found ? ((await repo.findPlayer(ctx.db, found.id)) ?? null) : null;
  if (existing?.is_banned === 1) throw forbidden("Your account has been banned.", { code: "players.banned" });
  const now = Date.now();
  const p = await plan({ ctx, actor, mode: "own", existing, body, themeUserId: actor.userId, file, now });

  if (p.codes.length && !body.override_fc_warning) {
    const conflicts = await fcConflicts(ctx, actor, existing?.id ?? null, p.codes);
    if (conflicts.length) return fcErrorAnswer(existing?.id ?? null, conflicts);
  }
  if (!existing) {
    const id = await write(ctx, p, { insert: { user_id: actor.userId, is_shadow: 0 } }, actor, now);
    return { status: "success", message: "Your profile has been created.", player_id: id, code: "profile.created" };
  }
  await write(ctx, p, { id: existing.id }, actor, now);
  if (p.nameRequest)
    return {
      status: "success",
      message: `Your profile has been saved. Your name change to '${p.nameRequest.to}' is pending approval by a moderator.`,
      player_id: existing.id,
      code: "profile.name_request",
      params: { name: p.nameRequest.to },
    };
  return { status: "success", message: "Your profile has been saved.", player_id: existing.id, code: "profile.saved" };
}

/**
 * `POST /api/registry/players/{id|new}` (staff). Moderators and administrators edit any player's
 * ordinary fields, locked ones included, and rename directly (logged in name_history); only
 * administrators create players and set the admin-only fields (user_id, no_account,
 * delete_background, is_hidden). Shadow creation `{shadow: true, display_name ≤ 20, country}`
 * is open to those who may create shadow players (administrators, event administrators).
 * Like the own save, the body is JSON or the multipart form with its `background` file.
 */
export async function adminSave(
  ctx: AppContext,
  actor: Actor,
  id: number | "new",
  body: AdminBody,
  file: BackgroundFile = null,
): Promise<ProfileSaveResponse> {
  if (actor.userId === null) throw unauthorized();
  const creating = id === "new";
  const shadow = creating && body.shadow === true;
  const allowed = shadow
    ? can(actor, "registry.players.create_shadow")
    : creating
      ? can(actor, "registry.players.edit_any")
      : can(actor, "registry.players.edit_profile_any");
  if (!allowed) throw forbidden();
  const adminFields =
    body.user_id !== undefined || body.no_account !== undefined || body.delete_background !== undefined || body.is_hidden !== undefined;
  if (adminFields && !can(actor, "registry.players.edit_any"))
    throw new AppError("FORBIDDEN", ADMIN_FIELDS_MESSAGE, { code: "players.admin_fields" });

  const existing = creating ? null : ((await repo.findPlayer(ctx.db, id)) ?? null);
  if (!creating && !existing) throw notFound("Player not found.", CODES.notFound);
  if (shadow && body.display_name !== undefined && body.display_name.length > LIMITS.shadowPlayerName) {
    throw badRequest(`Shadow player names may be at most ${LIMITS.shadowPlayerName} characters.`, CODES.shadowNameMax);
  }

  const now = Date.now();
  const p = await plan({ ctx, actor, mode: "staff", existing, body, themeUserId: existing?.user_id ?? null, file, now });

  // Admin-only fields.
  if (body.delete_background) {
    p.set.background_upload_id = null;
    p.backgroundFile = null;
  }
  if (body.is_hidden !== undefined) p.set.is_hidden = body.is_hidden ? 1 : 0;
  if (body.no_account || shadow) {
    p.set.user_id = null;
    p.set.is_shadow = 1;
  } else if (body.user_id !== undefined && body.user_id !== null && body.user_id !== existing?.user_id) {
    const user = await repo.findUser(ctx.db, body.user_id);
    if (!user) throw badRequest("That account does not exist.", { code: "players.account_missing" });
    const linked = await repo.findPlayerIdByUser(ctx.db, body.user_id);
    if (linked && linked.id !== existing?.id) throw badRequest("That account already has a player profile.", CODES.accountHasPlayer);
    p.set.user_id = body.user_id;
    p.set.is_shadow = 0;
  } else if (body.user_id === null) {
    p.set.user_id = null;
    p.set.is_shadow = 1;
  } else if (creating) {
    // A player created without an account is a shadow player until one is linked.
    p.set.is_shadow = 1;
  }

  if (p.codes.length && !body.override_fc_warning) {
    const conflicts = await fcConflicts(ctx, actor, existing?.id ?? null, p.codes);
    if (conflicts.length) return fcErrorAnswer(existing?.id ?? null, conflicts);
  }
  if (existing) {
    await write(ctx, p, { id: existing.id }, actor, now);
    return { status: "success", message: "The player has been saved.", player_id: existing.id, code: "player.saved" };
  }
  const newId = await write(ctx, p, { insert: {} }, actor, now);
  return {
    status: "success",
    message: shadow ? "The shadow player has been created." : "The player has been created.",
    player_id: newId,
    code: shadow ? "player.shadow_created" : "player.created",
  };
}

/**
 * Inserts a shadow player (no account) named `name`, country unknown (XX), inside the caller's
 * transaction, and answers its id: the organisers' bulk add (issue #22 §2) registers the new
 * player in the same transaction. The caller checks `registry.players.create_shadow`, the
 * name's length (LIMITS.shadowPlayerName) and the word filter, and calls
 * `invalidateAfter(ctx.cache, "registry")` once committed.
 */
export function insertShadowPlayer(trx: Kysely<DB>, name: string, now: number): Promise<number> {
  return repo.insertPlayer(trx, { display_name: name, country_code: COUNTRY_UNKNOWN, user_id: null, is_shadow: 1, created_at: now });
}
