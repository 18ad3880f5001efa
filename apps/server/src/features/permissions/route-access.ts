import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import {
  FFA_SHEET_PATH,
  PLACEMENTS_CSV_PATH,
  REGISTRATIONS_CSV_PATH,
  ROOM_TABLE_IMAGE_PATH,
  SERIES_STANDINGS_CSV_PATH,
  TEAM_REGISTRATIONS_CSV_PATH,
} from "@site/contract";
import { forbidden, unauthorized } from "../../lib/errors.js";
import { METRICS_PATH } from "../../lib/metrics.js";
import { type Action, type Actor, can } from "./permissions.js";

/**
 * Who may call each route, checked before the body is read (issue #15 §1: an anonymous caller
 * gets 401 and a forbidden one 403 whatever the body, so a 55 MB anonymous upload costs
 * nothing). This is the coarse gate only:
 *
 * - `public`: anyone; the service may still answer per viewer (drafts, staff columns).
 * - `account`: signed in (401 otherwise). Scoped rights (team leader, squad captain, series
 *   and tournament administrators, registration moderators) are the services' checks, made
 *   once the row they depend on is loaded.
 * - `{ can, message, code }`: signed in and holding the site permission `can` (401 / 403 with
 *   `message`, the service's own words for the same refusal, and `code`, the service's code
 *   for it (#21): the web catalogue's `error.<code>`; without a message, the default 403 and
 *   its code `forbidden`).
 *
 * Every route under /api (and the FFA sheet download, the metrics) must have a row: `app.ts` refuses to
 * register one that has none, so a new route cannot ship without its permission stated.
 * `test/authorization-matrix.test.ts` walks every row with every role.
 */
export type RouteAccess = "public" | "account" | { can: Action; message?: string; code?: string };

const ADMIN_ROLES_EDIT = { message: "You do not have permission to edit this role", code: "admin.role_forbidden" };
const BAN = { message: "Only moderators and administrators can ban players or activate accounts.", code: "moderation.ban_forbidden" };
const REVIEW = { message: "Only moderators and administrators can review profile changes.", code: "moderation.review_forbidden" };
const CLAIMS = { message: "Only moderators and administrators can review claims.", code: "teams.review_claims_staff" };
const NEWS = { message: "Only administrators and moderators can write news.", code: "moderation.news_forbidden" };
const PROPOSALS = {
  message: "Only event administrators and moderators can review proposed tournaments.",
  code: "tournaments.review_forbidden",
};

/** `METHOD path` (Fastify's path syntax) → who may call it. */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Session and accounts (000 §7): the forms work signed out.
  "GET /api/session": "public",
  "POST /api/auth/signup": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "public",
  "POST /api/auth/verify_email": "public",
  "POST /api/auth/forgot_password": "public",
  "POST /api/auth/reset_password": "public",
  "POST /api/session/theme": "account",
  "POST /api/session/language": "account",

  // Reference data and health.
  "GET /api/countries": "public",
  "GET /api/tournaments/game_modes": "public",
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "POST /api/markdown": "account",

  // Home page media and news (000 §2, §5).
  "GET /api/media/news/latest": "public",
  "GET /api/media/news/:id": "public",
  "GET /api/media/:kind/latest": "public",
  "GET /api/media/news": "public",
  "GET /api/media/news/:id/source": { can: "news.write", ...NEWS },
  "POST /api/media/news/:id/edit": { can: "news.write", ...NEWS },
  "POST /api/media/items": { can: "admin.media" },
  "POST /api/media/items/:id/delete": { can: "admin.media" },
  "POST /api/media/news": { can: "admin.media" },

  // Administration (000 §5, §6).
  "GET /api/admin/word_filter": { can: "admin.word_filter" },
  "POST /api/admin/word_filter": { can: "admin.word_filter" },
  "GET /api/admin/roles/players": { can: "admin.roles.view" },
  "GET /api/admin/roles/:role": { can: "admin.roles.view" },
  "POST /api/admin/roles": { can: "admin.roles.edit", ...ADMIN_ROLES_EDIT },
  "POST /api/admin/roles/remove": { can: "admin.roles.edit", ...ADMIN_ROLES_EDIT },
  "GET /api/admin/audit": { can: "admin.audit" },
  "GET /api/admin/bans": { can: "registry.players.ban", ...BAN },
  "POST /api/admin/bans": { can: "registry.players.ban", ...BAN },
  "POST /api/admin/bans/remove": { can: "registry.players.ban", ...BAN },
  "GET /api/admin/inactive_accounts": { can: "registry.players.ban", ...BAN },
  "POST /api/admin/activate": { can: "registry.players.ban", ...BAN },
  "GET /api/registry/profile_changes": { can: "registry.profile_changes.review", ...REVIEW },
  "POST /api/registry/profile_changes/approve": { can: "registry.profile_changes.review", ...REVIEW },
  "POST /api/registry/profile_changes/decline": { can: "registry.profile_changes.review", ...REVIEW },

  // Notifications (000 §4).
  "GET /api/notifications": "account",
  // Live updates (issue #20 §1): the stream decides per topic (visible tournaments, own notifications).
  "GET /api/live": "public",
  "POST /api/notifications/:id/read": "account",
  "POST /api/notifications/read_all": "account",

  // Player registry (000 §2, §3, §7).
  "GET /api/registry/players": "public",
  "GET /api/registry/players/all": "public",
  "GET /api/registry/players/:id": "public",
  "POST /api/registry/edit_profile": "account",
  "POST /api/registry/players/:id": "account",

  // Team registry (000 §3, §4).
  "GET /api/registry/teams/category/:cat": "public",
  "GET /api/registry/recent_transactions": "public",
  "GET /api/registry/teams/all": "public",
  "GET /api/registry/teams/:id": "public",
  "GET /api/registry/teams/:id/viewer": "public",
  "GET /api/registry/teams/:id/transfers": "public",
  "POST /api/registry/teams/new": "account",
  "POST /api/registry/teams/claim/:teamId": "account",
  "POST /api/registry/teams/:id": "account",
  "POST /api/registry/teams/:id/admin": "account",
  "POST /api/registry/teams/shadow": {
    can: "registry.teams.create_shadow",
    message: "Only moderators and administrators can create shadow teams.",
    code: "teams.shadow_staff",
  },
  "POST /api/registry/teams/:id/approve": {
    can: "registry.teams.approve",
    message: "Only moderators and administrators can approve teams.",
    code: "teams.approve_staff",
  },
  "POST /api/registry/teams/:id/invite": "account",
  "GET /api/registry/teams/invitations": "account",
  "POST /api/registry/teams/invitations/:id/:action": "account",
  "POST /api/registry/teams/:id/join_request": "account",
  "POST /api/registry/teams/join_requests/:id/:action": "account",
  "POST /api/registry/teams/:id/leave": "account",
  "POST /api/registry/teams/:id/kick": "account",
  "POST /api/registry/teams/:id/role": "account",
  "GET /api/registry/teams/claims": { can: "registry.teams.review_claims", ...CLAIMS },
  "POST /api/registry/teams/claims/:id/:action": { can: "registry.teams.review_claims", ...CLAIMS },

  // Tournaments, series and templates (001 §2, §6, §7).
  "GET /api/tournaments": "public",
  "GET /api/tournaments/latest_results": "public",
  "GET /api/tournaments/picker": "public",
  "GET /api/tournaments/mine": "account",
  // Player-hosted tournaments (issue #22 §5): the profile check is the service's.
  "POST /api/tournaments/proposals": "account",
  "GET /api/tournaments/proposals/mine": "account",
  // The header menu's pending counts (issue #17 §8): each queue's count is null unless the service's permission check allows it.
  "GET /api/moderation/pending_counts": "account",
  "GET /api/moderation/tournament_proposals": { can: "tournaments.review_proposals", ...PROPOSALS },
  "POST /api/moderation/tournament_proposals/:id/approve": { can: "tournaments.review_proposals", ...PROPOSALS },
  "POST /api/moderation/tournament_proposals/:id/decline": { can: "tournaments.review_proposals", ...PROPOSALS },
  "GET /api/tournaments/template_choices": "account",
  "GET /api/events/:id": "public",
  // "Add to calendar" (issue 17 §2): visible exactly when the tournament is.
  "GET /api/events/:id/calendar.ics": "public",
  // Calendar feeds (issue #20 §4): published tournaments only; the personal one is opened by its
  // secret token (calendar apps send no cookies), the team one follows the team page's visibility.
  "GET /api/calendar/tournaments.ics": "public",
  "GET /api/calendar/teams/:id.ics": "public",
  "GET /api/calendar/u/:token.ics": "public",
  "GET /api/calendar/me": "account",
  "POST /api/calendar/me/rotate": "account",
  "POST /api/events/:id": "account",
  "POST /api/events/:id/controls": "account",
  "GET /api/events/:id/logs": "account",
  "GET /api/tournaments/series": "public",
  "GET /api/tournaments/all_series": "public",
  "GET /api/tournaments/series/:slugOrId": "public",
  "POST /api/tournaments/series/:id": "account",
  "GET /api/tournaments/series/:id/roles": "account",
  "POST /api/tournaments/series/:id/roles/edit": "account",
  // Series points and standings (issue #22 §4): editors are checked by the service (canEditSeries).
  "GET /api/tournaments/series/:id/standings": "public",
  [`GET ${SERIES_STANDINGS_CSV_PATH}`]: "public",
  "GET /api/tournaments/series/:id/points": "account",
  "POST /api/tournaments/series/:id/points": "account",
  "POST /api/tournaments/series/:id/points/adjustments": "account",
  "POST /api/tournaments/series/:id/points/adjustments/:adjustmentId/delete": "account",
  "POST /api/tournaments/series/:id/points/import": "account",
  "GET /api/tournaments/series/:id/templates": "account",
  "GET /api/tournaments/series/templates/:id": "account",
  "POST /api/tournaments/series/templates/:id": "account",
  "POST /api/tournaments/series/templates/:id/delete": "account",

  // Solo and squad registration (001 §4, §5, §7).
  "GET /api/events/:id/register": "public",
  "POST /api/events/:id/register": "account",
  "POST /api/events/:id/update_registration": "account",
  "POST /api/events/:id/withdraw": "account",
  "POST /api/events/:id/checkin": "account",
  "POST /api/events/:id/checkout": "account",
  "POST /api/events/:id/checkins/players/:playerId/checkin": "account",
  "POST /api/events/:id/checkins/players/:playerId/checkout": "account",
  "GET /api/events/:id/registered_players": "public",
  "GET /api/events/:id/registered_players/withdrawn": "account",
  "GET /api/events/:id/registered_players/rejected": "account",
  "GET /api/events/:id/registrations": "public",
  "GET /api/events/:id/registrations/withdrawn": "account",
  "GET /api/events/:id/registrations/rejected": "account",
  "GET /api/events/:id/squads/:squadId": "public",
  "GET /api/events/:id/squads/:squadId/invited": "public",
  "GET /api/events/:id/squads/:squadId/invitable": "account",
  "POST /api/events/:id/squads/:squadId/invite": "account",
  "POST /api/events/:id/squads/:squadId/kick": "account",
  "POST /api/events/:id/squads/:squadId/change_captain": "account",
  "POST /api/events/:id/squads/:squadId/accept_invite": "account",
  "POST /api/events/:id/squads/:squadId/decline_invite": "account",
  "POST /api/events/:id/move_squad": "account",
  "POST /api/events/:id/move_squad_player": "account",
  "POST /api/events/:id/move_player": "account",
  "POST /api/events/:id/admin_register_squad": "account",
  // The waitlist past the cap (issue #22 §1): moderators read it, administrators reorder, promote, remove (service).
  "GET /api/events/:id/waitlist": "account",
  "POST /api/events/:id/waitlist/move": "account",
  "POST /api/events/:id/waitlist/promote": "account",
  "POST /api/events/:id/waitlist/remove": "account",
  "POST /api/events/:id/register_player": "account",
  "POST /api/events/:id/squads/:squadId/admin_register_player": "account",
  "GET /api/events/:id/registrations/squads/:squadId/edit": "account",
  "POST /api/events/:id/registrations/squads/:squadId/edit": "account",
  "GET /api/events/:id/registrations/squads/players/:playerId/edit": "account",
  "POST /api/events/:id/registrations/squads/players/:playerId/edit": "account",
  "GET /api/events/:id/registrations/players/:playerId/edit": "account",
  "POST /api/events/:id/registrations/players/:playerId/edit": "account",
  [`GET ${FFA_SHEET_PATH}`]: "account",
  // Organiser tools (issue #22 §2, §3): bulk actions and bulk add for tournament administrators
  // (the services check the scoped right); the registrations CSV is public for the registered
  // list like its table (staff columns and the other lists per viewer, service checks).
  "POST /api/events/:id/registrations/players/bulk": "account",
  "POST /api/events/:id/registrations/squads/bulk": "account",
  "POST /api/events/:id/registrations/bulk_add/preview": "account",
  "POST /api/events/:id/registrations/bulk_add": "account",
  [`GET ${REGISTRATIONS_CSV_PATH}`]: "public",

  // Team registration (001 §4, §5, §7 for teams).
  "GET /api/events/:id/teams/:teamId/eligible_players": "public",
  "POST /api/events/:id/add_representative/:playerId": "account",
  "POST /api/events/:id/remove_representative/:playerId": "account",
  "POST /api/events/:id/player_optin/:teamId/:playerId": "account",
  "POST /api/events/:id/player_optout/:teamId/:playerId": "account",
  "POST /api/events/:id/player_optin": "account",
  "POST /api/events/:id/player_optout": "account",
  "POST /api/events/:id/move_team": "account",
  "GET /api/events/:id/registrations/teams/:teamId/edit": "account",
  "POST /api/events/:id/registrations/teams/:teamId/edit": "account",
  "POST /api/events/:id/admin_register_team": "account",
  "POST /api/events/:id/registrations/teams/bulk": "account",
  [`GET ${TEAM_REGISTRATIONS_CSV_PATH}`]: "public",

  // Placements (001 §2, §7).
  "GET /api/events/:id/placements": "public",
  "GET /api/events/:id/my_placement": "public",
  "GET /api/events/:id/placements/edit": "account",
  "POST /api/events/:id/placements": "account",
  [`GET ${PLACEMENTS_CSV_PATH}`]: "public",
  // Outgoing webhooks (issue #20 §5): scope owners only, checked by the service (tournament
  // administrators, series editors, team leaders).
  "GET /api/webhooks/:scope/:id": "account",
  "POST /api/webhooks/:scope/:id": "account",
  "POST /api/webhooks/:scope/:id/:hookId": "account",
  "POST /api/webhooks/:scope/:id/:hookId/delete": "account",
  "POST /api/webhooks/:scope/:id/:hookId/test": "account",
  "GET /api/webhooks/:scope/:id/:hookId/deliveries": "account",

  // FFA rounds (issue #19): reads public (drafts and codes filtered per viewer by the service);
  // writes by tournament administrators, a table also by the room's host (service checks).
  "GET /api/events/:id/rounds": "public",
  "POST /api/events/:id/rounds": "account",
  "GET /api/events/:id/rounds/:n": "public",
  "POST /api/events/:id/rounds/:n/rooms": "account",
  "POST /api/events/:id/rounds/:n/publish": "account",
  "POST /api/events/:id/rounds/:n/delete": "account",
  "POST /api/events/:id/rounds/:n/rooms/:room/settings": "account",
  "POST /api/events/:id/rounds/:n/rooms/:room/table": "account",
  "POST /api/events/:id/rounds/:n/rooms/:room/lock": "account",
  "POST /api/events/:id/rounds/:n/close": "account",
  "POST /api/events/:id/rounds/finish": "account",
  "GET /api/events/:id/my_room": "public",
  // A room's table image (issue #20 §3): the round page's visibility, checked by the service.
  [`GET ${ROOM_TABLE_IMAGE_PATH}`]: "public",
  "GET /api/events/:id/rounds/:n/rooms/:room/table.txt": "public",
  // The live board and the overlays' room (issue #20 §2): public; the service applies the round pages' visibility.
  "GET /api/events/:id/live": "public",
  "GET /api/rooms/:roomId": "public",
  // Points tables (issue #19): everyone reads them; event administrators add one.
  "GET /api/rounds/points_tables": "public",
  "POST /api/rounds/points_tables": {
    can: "tournaments.create_from_scratch",
    message: "Only event administrators can add points tables.",
    code: "rounds.points_table_forbidden",
  },

  // Uploads.
  "POST /api/uploads": "account",

  // The OpenAPI document.
  "GET /api/docs": "public",

  // Prometheus metrics (issue #18 §8): no account opens them; the route itself admits
  // METRICS_ALLOW addresses and the METRICS_TOKEN bearer and answers 404 to everyone else.
  [`GET ${METRICS_PATH}`]: "public",
};

/** The row of a route, or undefined (HEAD answers as its GET). */
export function routeAccessOf(method: string, url: string): RouteAccess | undefined {
  return ROUTE_ACCESS[`${method === "HEAD" ? "GET" : method} ${url}`];
}

/** Refuses the actor when `access` does not let them in: 401 anonymous, 403 without the permission. */
export function assertRouteAccess(actor: Actor, access: RouteAccess): void {
  if (access === "public") return;
  if (actor.userId === null) throw unauthorized();
  if (access === "account") return;
  if (!can(actor, access.can)) throw forbidden(access.message, access.code === undefined ? undefined : { code: access.code });
}

/** Paths the table must cover: the API, the FFA sheet download and the metrics. */
const guarded = (url: string) => url.startsWith("/api/") || url === FFA_SHEET_PATH || url === METRICS_PATH;

/**
 * Fastify `onRoute` hook: refuses to register a guarded route without a row, and puts the
 * check first in the route's `onRequest` hooks, which run before the body is read or parsed.
 */
export function guardRoute(route: RouteOptions): void {
  if (!guarded(route.url)) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const rows = methods.map((m) => routeAccessOf(m, route.url));
  const missing = methods.filter((_, i) => rows[i] === undefined);
  if (missing.length) throw new Error(`No access rule for ${missing.join("/")} ${route.url} in features/permissions/route-access.ts`);
  const access = rows[0]!;
  if (access === "public") return;
  const check = async (req: FastifyRequest, _reply: FastifyReply) => {
    assertRouteAccess((await req.auth()).actor, access);
  };
  const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  route.onRequest = [check, ...existing];
}
