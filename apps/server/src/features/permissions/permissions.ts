import type { Permissions, SiteRole } from "@site/contract";

/**
 * Who is acting: the signed-in user's site roles and account state, or an anonymous visitor.
 * Built once per request from the session (see auth/session.ts).
 */
export interface Actor {
  userId: number | null;
  playerId: number | null;
  /** active, pending_email, inactive or banned; null when anonymous. */
  state: string | null;
  roles: ReadonlySet<SiteRole>;
  isSupporter: boolean;
}

export const ANONYMOUS: Actor = { userId: null, playerId: null, state: null, roles: new Set(), isSupporter: false };

/**
 * Every site-level action the server checks (000 §6, 001 §6). Scoped checks (team leader,
 * series role, squad captain) live with their features and combine these with their rows.
 */
export type Action =
  | "admin.word_filter"
  | "admin.roles.view"
  | "admin.roles.edit"
  | "admin.roles.edit_administrator"
  | "admin.media"
  | "news.write"
  | "admin.audit"
  | "registry.players.edit_any"
  | "registry.players.edit_profile_any"
  | "registry.players.create_shadow"
  | "registry.teams.edit_any"
  | "registry.teams.view_unapproved"
  | "registry.profile_changes.review"
  | "registry.teams.approve"
  | "registry.teams.create_shadow"
  | "registry.teams.review_claims"
  | "registry.players.ban"
  | "registry.players.view_private"
  | "tournaments.create_from_scratch"
  | "tournaments.choose_restricted_fields"
  | "tournaments.view_unpublished"
  | "tournaments.administrate"
  | "tournaments.moderate"
  | "tournaments.review_proposals"
  | "series.create"
  | "series.assign_series_admin"
  | "profile.customise";

type Rule = (a: Actor) => boolean;
const has =
  (...roles: SiteRole[]): Rule =>
  (a) =>
    roles.some((r) => a.roles.has(r));
const never: Rule = () => false;

/**
 * The permission table: action → who may. Administrators may do everything except edit the
 * Administrator role from the roles page (000 §6: 'You do not have permission to edit this
 * role'); that is granted only by the CLI on the server.
 */
export const RULES: Record<Action, Rule> = {
  "admin.word_filter": has("administrate"),
  "admin.roles.view": has("administrate", "moderate"),
  "admin.roles.edit": has("administrate"),
  "admin.roles.edit_administrator": never,
  "admin.media": has("administrate"),
  // Moderation (issue 5): news is written by administrators and moderators; the audit log is for administrators.
  "news.write": has("administrate", "moderate"),
  "admin.audit": has("administrate"),
  "registry.players.edit_any": has("administrate"),
  // Staff edits of any profile's ordinary fields, including the locked country, friend codes and NNID (000 §5).
  "registry.players.edit_profile_any": has("administrate", "moderate"),
  "registry.players.create_shadow": has("administrate", "event_admin"),
  "registry.teams.edit_any": has("administrate"),
  "registry.teams.view_unapproved": has("administrate", "moderate"),
  "registry.profile_changes.review": has("administrate", "moderate"),
  "registry.teams.approve": has("administrate", "moderate"),
  // Team registry (issue 4): shadow teams and historical-team claims are staff work.
  "registry.teams.create_shadow": has("administrate", "moderate"),
  "registry.teams.review_claims": has("administrate", "moderate"),
  "registry.players.ban": has("administrate", "moderate"),
  "registry.players.view_private": has("administrate", "moderate"),
  "tournaments.create_from_scratch": has("administrate", "event_admin"),
  "tournaments.choose_restricted_fields": has("administrate", "event_admin"),
  "tournaments.view_unpublished": has("administrate", "event_admin", "event_mod"),
  "tournaments.administrate": has("administrate", "event_admin"),
  "tournaments.moderate": has("administrate", "event_admin", "event_mod"),
  /** The player-hosted tournament queue (issue #22 §5): event administrators and moderators. */
  "tournaments.review_proposals": has("administrate", "event_admin", "moderate"),
  "series.create": has("administrate", "event_admin"),
  "series.assign_series_admin": has("administrate", "event_admin"),
  "profile.customise": (a) => a.isSupporter || a.roles.has("administrate"),
};

/** True when `actor` may do `action`. Banned accounts may do nothing that needs a role. */
export function can(actor: Actor, action: Action): boolean {
  if (actor.state === "banned") return false;
  return RULES[action](actor);
}

/** The flags the browser mirrors (GET /api/session). */
export function permissionFlags(actor: Actor): Permissions {
  return {
    canAdministrate: can(actor, "registry.players.edit_any"),
    canModerate: can(actor, "registry.profile_changes.review"),
    canEventAdministrate: can(actor, "tournaments.create_from_scratch"),
    canEventModerate: can(actor, "tournaments.moderate"),
  };
}
