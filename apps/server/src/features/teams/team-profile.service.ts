/**
 * Team profiles: creating a team (000 §2 New team page; §4 outcomes), the leader's and the
 * administrators' edits (000 §2 Team edit, §3 fields, §5 the 12-week name change interval,
 * §6 admin-only fields), shadow teams, approval, and applying a name or tag change the
 * moderation queue approved (000 §2 Profile changes). The creator joins through the core's
 * `joinTeam`.
 */
import {
  HISTORICAL_TEAM_EXISTS_MESSAGE,
  NAME_CHANGE_DAYS,
  type NewTeamForm,
  type ShadowTeamBodySchema,
  type TeamAdminEditForm,
  type TeamEditForm,
  type TeamOk,
  type TeamRef,
  type TeamSaveResponse,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { DAY_MS, dateHuman } from "../../lib/dates.js";
import { badRequest, forbidden } from "../../lib/errors.js";
import { linkTo, notifyMany } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { storeUpload } from "../uploads/uploads.service.js";
import { audit } from "../audit/audit.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import {
  confirmLeaveNew,
  type Db,
  isAdmin,
  isEstablished,
  isTeamStaff,
  joinTeam,
  languageName,
  loadTeam,
  coded,
  MESSAGES,
  membershipOf,
  ref,
  requireAccount,
  requirePlayer,
  teamPath,
  guardTeamName,
} from "./team-membership.service.js";
import * as repo from "./teams.repository.js";

type ShadowBody = z.output<typeof ShadowTeamBodySchema>;
type Logo = { data: Buffer; filename: string } | null;

const TEAM_CHANGE_MS = NAME_CHANGE_DAYS.team * DAY_MS;

/** The user-written texts of a team form, by the label the word filter's refusal names (issue 5). */
const teamTexts = (f: { team_name?: string | null; team_tag?: string | null; team_description?: string | null }) => ({
  "team name": f.team_name,
  "team tag": f.team_tag,
  "team description": f.team_description,
});

async function storeLogo(
  ctx: AppContext,
  actor: Actor,
  useLogo: "existing" | "upload" | "none",
  file: Logo,
): Promise<number | null | undefined> {
  if (useLogo === "none") return null;
  if (useLogo === "existing") return undefined;
  if (!file) throw badRequest(MESSAGES.logoMissing, coded("logoMissing"));
  return (await storeUpload(ctx, actor, "team_logo", { data: file.data, truncated: false })).id;
}

async function checkPrimaryTeam(db: Db, primaryId: number, category: string, selfId: number | null): Promise<void> {
  if (primaryId === selfId) throw badRequest("A team cannot be its own primary team.", { code: "teams.primary_self" });
  const p = await repo.findTeam(db, primaryId);
  if (!p) throw badRequest("The primary team does not exist.", { code: "teams.primary_missing" });
  if (p.primary_team_id !== null)
    throw badRequest("The primary team must not itself link to a primary team.", { code: "teams.primary_nested" });
  if (p.category === category) throw badRequest("The primary team must be of another category.", { code: "teams.primary_same_category" });
}

// --- create, edit, shadow, approve -------------------------------------------------------------

/**
 * `POST /api/registry/teams/new` (000 §2 New team page; §4 outcomes error, claim, success):
 * - claim: a historical team of the category has the name ('A historical team with this name
 *   already exists'); the answer carries its id for `POST /api/registry/teams/claim/{id}`;
 * - refusals: the name is taken in the category, the creator already leads a team waiting for
 *   approval (staff excepted), no profile, a bad primary team;
 * - confirm_leave: the creator is on an established team of the category (000 §4);
 * - success: the team, unapproved, with the creator as its leader (join_team; staff may skip).
 */
export async function createTeam(ctx: AppContext, actor: Actor, form: NewTeamForm, file: Logo): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  const staff = isTeamStaff(actor);
  const join = form.join_team || !staff;
  const player = join ? await requirePlayer(ctx, actor) : null;

  const historical = await repo.teamByName(ctx.db, form.team_category, form.team_name, true);
  if (historical) return { status: "claim", message: HISTORICAL_TEAM_EXISTS_MESSAGE, team_id: historical.id };
  if (await repo.teamByName(ctx.db, form.team_category, form.team_name, false)) throw badRequest(MESSAGES.nameTaken, coded("nameTaken"));
  if (player && !staff && (await repo.unapprovedTeamsLedBy(ctx.db, player.id)) > 0)
    throw badRequest(MESSAGES.onePending, coded("onePending"));
  if (form.primary_team_id !== null) {
    await checkPrimaryTeam(ctx.db, form.primary_team_id, form.team_category, null);
    const leads = player ? await repo.activeMembership(ctx.db, form.primary_team_id, player.id) : undefined;
    if (!staff && !leads?.is_leader)
      throw forbidden("You can only link a team you lead as the primary team.", { code: "teams.primary_not_led" });
  }
  if (player && !form.leave_current) {
    // Asked before the logo is stored; the join below checks again under the lock.
    const est = (await repo.membershipsInCategory(ctx.db, player.id, form.team_category)).find((m) => isEstablished(m.team_status));
    if (est) return confirmLeaveNew(ref(est));
  }
  const logoId = (await storeLogo(ctx, actor, form.use_logo, file)) ?? null;

  const now = Date.now();
  let teamId: number;
  try {
    teamId = await guardTeamName(
      ctx.db.transaction().execute(async (trx) => {
        const id = await repo.insertTeam(trx, {
          team_name: form.team_name,
          team_tag: form.team_tag,
          team_color: form.team_color,
          logo_upload_id: logoId,
          recruitment_status: form.recruitment_status,
          team_description: form.team_description,
          main_language: form.main_language,
          language_name: languageName(form.main_language, form.language_name),
          category: form.team_category,
          primary_team_id: form.primary_team_id,
          team_status: "unapproved",
          is_historical: 0,
          is_shadow: 0,
          created_at: now,
          name_changed_at: null,
        });
        if (player) {
          const r = await joinTeam(ctx, trx, {
            player,
            team: { id, team_name: form.team_name, category: form.team_category },
            asLeader: true,
            leaveCurrent: form.leave_current,
            now,
          });
          // The creator joined an established team of the category meanwhile: undo the creation and ask.
          if (r.status === "confirm_leave") throw new ConfirmLeave(r.current);
        }
        return id;
      }),
    );
  } catch (err) {
    if (err instanceof ConfirmLeave) return confirmLeaveNew(err.current);
    throw err;
  }
  invalidateAfter(ctx.cache, "registry");
  return { status: "success", message: MESSAGES.created, team_id: teamId };
}

/** Thrown inside a transaction to roll it back and answer confirm_leave. */
class ConfirmLeave extends Error {
  constructor(readonly current: TeamRef) {
    super("confirm_leave");
  }
}

/** The refusal of a leader's edit that changes an admin-only field (000 §6). */
export const ADMIN_ONLY_CHANGE_MESSAGE = "Only administrators can change the team status, historical flag or category.";

/**
 * The admin-only fields a leader's edit changes (000 §6: team status and the historical flag;
 * the category, set at creation, likewise): the full edit form (000 §3) sends them back, so a
 * value equal to the team's is no change.
 */
function adminOnlyChanges(form: TeamEditForm, team: { team_status: string; is_historical: number; category: string }): string[] {
  const changed: string[] = [];
  if (form.team_status !== undefined && form.team_status !== team.team_status) changed.push("team_status");
  if (form.team_historical !== undefined && (form.team_historical ? 1 : 0) !== team.is_historical) changed.push("team_historical");
  if (form.team_category !== undefined && form.team_category !== team.category) changed.push("team_category");
  return changed;
}

/**
 * `POST /api/registry/teams/{id}` (000 §2 Team edit; leaders): the full edit form (000 §3).
 * Team status, historical flag and category are accepted only unchanged (403 otherwise,
 * 000 §6). The primary team (`primary_team`, 0 for none; absent keeps it) is the leader's to
 * set, to a team of another category that they also lead. A new name or tag of an approved
 * team becomes a pending profile change, at most once every 12 weeks (000 §5); an unapproved
 * team's name changes at once (moderators review it with the team).
 */
export async function editTeam(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: TeamEditForm,
  file: Logo,
  sentFields: ReadonlySet<string>,
): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  const team = await loadTeam(ctx.db, id);
  const m = await membershipOf(ctx.db, actor, id);
  if (!m?.is_leader) throw forbidden(MESSAGES.notLeader, coded("notLeader"));
  if (adminOnlyChanges(form, team).length > 0) throw forbidden(ADMIN_ONLY_CHANGE_MESSAGE, { code: "teams.admin_only_change" });
  const newPrimary = sentFields.has("primary_team") && form.primary_team !== team.primary_team_id ? { id: form.primary_team } : null;
  if (newPrimary && newPrimary.id !== null) {
    await checkPrimaryTeam(ctx.db, newPrimary.id, team.category, id);
    const leads = actor.playerId === null ? undefined : await repo.activeMembership(ctx.db, newPrimary.id, actor.playerId);
    if (!leads?.is_leader) throw forbidden("You can only link a team you lead as the primary team.", { code: "teams.primary_not_led" });
  }

  const newName = form.team_name !== undefined && form.team_name !== team.team_name ? form.team_name : null;
  const newTag = form.team_tag !== undefined && form.team_tag !== team.team_tag ? form.team_tag : null;
  const now = Date.now();
  const direct = team.team_status === "unapproved";
  if (newName !== null && (await repo.teamByName(ctx.db, team.category, newName, false, id)))
    throw badRequest(MESSAGES.nameTaken, coded("nameTaken"));
  if ((newName !== null || newTag !== null) && !direct) {
    if ((await repo.pendingChanges(ctx.db, id)).length > 0) throw badRequest(MESSAGES.changeAlreadyPending, coded("changeAlreadyPending"));
    const last = Math.max(team.name_changed_at ?? 0, (await repo.lastChangeRequestAt(ctx.db, id)) ?? 0);
    if (last > 0 && now - last < TEAM_CHANGE_MS) {
      throw badRequest(
        `A team's name and tag can be changed once every 12 weeks. The next change is possible on ${dateHuman(last + TEAM_CHANGE_MS)}.`,
        { code: "teams.change_too_soon", params: { date: dateHuman(last + TEAM_CHANGE_MS) } },
      );
    }
  }
  const logo = await storeLogo(ctx, actor, form.use_logo, file);

  await guardTeamName(
    ctx.db.transaction().execute(async (trx) => {
      await repo.updateTeam(trx, id, {
        ...(form.team_color !== undefined ? { team_color: form.team_color } : {}),
        ...(logo !== undefined ? { logo_upload_id: logo } : {}),
        ...(form.recruitment_status !== undefined ? { recruitment_status: form.recruitment_status } : {}),
        ...(form.team_description !== undefined ? { team_description: form.team_description } : {}),
        ...(form.main_language !== undefined
          ? { main_language: form.main_language, language_name: languageName(form.main_language, form.language_name ?? "") }
          : form.language_name !== undefined && team.main_language === "other"
            ? { language_name: form.language_name }
            : {}),
        ...(direct && newName !== null ? { team_name: newName } : {}),
        ...(direct && newTag !== null ? { team_tag: newTag } : {}),
        ...(newPrimary !== null ? { primary_team_id: newPrimary.id } : {}),
      });
      for (const [field, value, from] of [
        ["team_name", newName, team.team_name],
        ["team_tag", newTag, team.team_tag],
      ] as const) {
        if (value === null) continue;
        if (direct) await repo.insertNameHistory(trx, { teamId: id, field, from, to: value, now });
        else await repo.insertProfileChange(trx, { teamId: id, field, from, to: value, userId: actor.userId, status: "pending", now });
      }
    }),
  );
  invalidateAfter(ctx.cache, "registry");
  const requested = !direct && (newName !== null || newTag !== null);
  return { status: "success", message: requested ? `${MESSAGES.saved} ${MESSAGES.changePending}` : MESSAGES.saved, team_id: id };
}

/**
 * `POST /api/registry/teams/{id}/admin` (000 §2 team edit admin; administrators): any team,
 * every field at once (a name or tag change is applied and logged, not requested), plus team
 * status, historical flag, primary team and category.
 */
export async function adminEditTeam(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: TeamAdminEditForm,
  file: Logo,
  sentFields: ReadonlySet<string>,
): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  if (!isAdmin(actor)) throw forbidden(MESSAGES.adminOnly, coded("adminOnly"));
  const team = await loadTeam(ctx.db, id);
  const category = form.team_category ?? team.category;
  const name = form.team_name ?? team.team_name;
  if (
    (name !== team.team_name || category !== team.category) &&
    (await repo.teamByName(ctx.db, category, name, (form.team_historical ?? team.is_historical === 1) === true, id))
  ) {
    throw badRequest(MESSAGES.nameTaken, coded("nameTaken"));
  }
  if (category !== team.category && (await repo.membersWithOtherTeamIn(ctx.db, id, category)) > 0) {
    throw badRequest("A member of this team is already on another team in that category.", { code: "teams.member_elsewhere" });
  }
  // primary_team is sent as 0 for none (000 §3); a form without the field keeps the link.
  const primarySent = sentFields.has("primary_team");
  if (primarySent && form.primary_team !== null) await checkPrimaryTeam(ctx.db, form.primary_team, category, id);
  const logo = await storeLogo(ctx, actor, form.use_logo, file);
  const now = Date.now();
  const statusChanged = form.team_status !== undefined && form.team_status !== team.team_status;

  await guardTeamName(
    ctx.db.transaction().execute(async (trx) => {
      await repo.updateTeam(trx, id, {
        ...(form.team_name !== undefined ? { team_name: form.team_name } : {}),
        ...(form.team_tag !== undefined ? { team_tag: form.team_tag } : {}),
        ...(form.team_name !== undefined && form.team_name !== team.team_name ? { name_changed_at: now } : {}),
        ...(form.team_color !== undefined ? { team_color: form.team_color } : {}),
        ...(logo !== undefined ? { logo_upload_id: logo } : {}),
        ...(form.recruitment_status !== undefined ? { recruitment_status: form.recruitment_status } : {}),
        ...(form.team_description !== undefined ? { team_description: form.team_description } : {}),
        ...(form.main_language !== undefined
          ? { main_language: form.main_language, language_name: languageName(form.main_language, form.language_name ?? "") }
          : {}),
        ...(form.team_status !== undefined ? { team_status: form.team_status } : {}),
        ...(form.team_historical !== undefined ? { is_historical: form.team_historical ? 1 : 0 } : {}),
        ...(primarySent ? { primary_team_id: form.primary_team } : {}),
        ...(form.team_category !== undefined ? { category: form.team_category } : {}),
      });
      for (const [field, value, from] of [
        ["team_name", form.team_name, team.team_name],
        ["team_tag", form.team_tag, team.team_tag],
      ] as const) {
        if (value !== undefined && value !== from) await repo.insertNameHistory(trx, { teamId: id, field, from, to: value, now });
      }
      if (statusChanged) {
        await notifyMany(trx, await repo.staffUserIds(trx, id, false), form.team_status === "approved" ? "success" : "warning", {
          key: "team.status_changed",
          params: { team: linkTo(teamPath(id), form.team_name ?? team.team_name), status: form.team_status! },
        });
      }
    }),
  );
  invalidateAfter(ctx.cache, "registry");
  return { status: "success", message: MESSAGES.saved, team_id: id };
}

/** `POST /api/registry/teams/shadow` (moderators, administrators): a registry entry without members, approved at once. */
export async function createShadowTeam(ctx: AppContext, actor: Actor, body: ShadowBody): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(body));
  if (!can(actor, "registry.teams.create_shadow"))
    throw forbidden("Only moderators and administrators can create shadow teams.", { code: "teams.shadow_staff" });
  if (await repo.teamByName(ctx.db, body.team_category, body.team_name, false)) throw badRequest(MESSAGES.nameTaken, coded("nameTaken"));
  const id = await guardTeamName(
    repo.insertTeam(ctx.db, {
      team_name: body.team_name,
      team_tag: body.team_tag,
      team_color: body.team_color,
      category: body.team_category,
      recruitment_status: "closed",
      team_status: "approved",
      is_shadow: 1,
      is_historical: 0,
      created_at: Date.now(),
    }),
  );
  invalidateAfter(ctx.cache, "registry");
  return { status: "success", message: "The shadow team was created.", team_id: id };
}

/** `POST /api/registry/teams/{id}/approve` (moderators, administrators): an unapproved team becomes approved or disapproved. */
export async function approveTeam(ctx: AppContext, actor: Actor, id: number, { approve }: { approve: boolean }): Promise<TeamOk> {
  requireAccount(actor);
  if (!can(actor, "registry.teams.approve"))
    throw forbidden("Only moderators and administrators can approve teams.", { code: "teams.approve_staff" });
  const team = await loadTeam(ctx.db, id);
  if (team.team_status !== "unapproved")
    throw badRequest("Only unapproved teams can be approved or disapproved.", { code: "teams.not_unapproved" });
  await ctx.db.transaction().execute(async (trx) => {
    await guardTeamName(repo.updateTeam(trx, id, { team_status: approve ? "approved" : "disapproved" }));
    await notifyMany(trx, await repo.staffUserIds(trx, id, false), approve ? "success" : "warning", {
      key: approve ? "team.approved" : "team.disapproved",
      params: { team: linkTo(teamPath(id), team.team_name) },
    });
    await audit(trx, actor, {
      action: approve ? "team.approve" : "team.disapprove",
      targetType: "teams",
      targetId: id,
      before: { team_status: team.team_status },
    });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: approve ? "The team was approved." : "The team was disapproved." };
}

// --- for the moderation queue ------------------------------------------------------------------

/**
 * Applies an approved team name or tag change (000 §2 Profile changes; called by the
 * moderation queue when it approves a `teams` row): writes the value, logs the name history
 * and restarts the 12-week interval.
 */
export async function applyApprovedTeamChange(
  db: Db,
  change: { row_id: number; field_name: string; from_value: string; to_value: string },
  now: number,
): Promise<void> {
  const field = change.field_name === "team_tag" ? "team_tag" : "team_name";
  await guardTeamName(repo.updateTeam(db, change.row_id, { [field]: change.to_value, name_changed_at: now }));
  await repo.insertNameHistory(db, { teamId: change.row_id, field, from: change.from_value, to: change.to_value, now });
}
