/**
 * The browser routes that exist (000 §2, 001 §2 as they are built). The server answers
 * these with the app shell and status 200 and every other non-API path with the shell and
 * status 404, so a direct load or reload works and an unknown path is a real 404.
 * Each issue adds its screens here when it builds them.
 * `:name` matches one path segment.
 */
export const PAGE_ROUTES = [
  "/",
  "/login",
  "/signup",
  "/verify_email",
  "/forgot_password",
  "/reset_password",
  "/news/:id",
  "/admin/media",
  "/notifications",
  "/admin/word_filter",
  "/admin/roles",
  "/registry/profile_changes",
  "/registry/team_approvals",
  "/admin/bans",
  "/news",
  "/news/:id/edit",
  "/admin/audit",
  "/admin/points-tables",
  "/admin/tournament-proposals",
  "/registry/players",
  "/registry/players/:id",
  "/registry/players/:id/edit",
  "/registry/edit_profile",
  "/registry/teams/category/:cat",
  "/registry/teams/:id",
  "/registry/teams/:id/edit",
  "/registry/teams/:id/admin_edit",
  "/registry/new_team",
  "/registry/teams/shadow/new",
  "/registry/recent_transactions",
  "/tournaments",
  "/tournaments/series",
  "/tournaments/choose_template",
  "/tournaments/mine",
  "/tournaments/propose",
  "/tournaments/:id",
  "/tournaments/:id/edit",
  "/tournaments/:id/controls",
  "/tournaments/:id/logs",
  "/tournaments/:id/placements",
  "/tournaments/:id/placements/edit",
  "/tournaments/:id/rounds",
  "/tournaments/:id/rounds/:n",
  "/tournaments/:id/live",
  "/tournaments/:id/register",
  "/tournaments/:id/registrations",
  "/tournaments/:id/squads/:squadId",
  "/tournaments/:id/registrations/players/:playerId/edit",
  "/tournaments/:id/registrations/squads/:squadId/edit",
  "/tournaments/:id/registrations/squads/players/:playerId/edit",
  "/tournaments/:id/registrations/teams/:teamId/edit",
  "/tournaments/:id/teams/:teamId/eligible_players",
  "/tournaments/series/:slugOrId",
  "/tournaments/series/:id/edit",
  "/tournaments/series/:id/roles",
  // Outgoing webhooks of a tournament, series or team (issue #20 §5).
  "/webhooks/:scope/:id",
  "/tournaments/series/:id/templates",
  "/tournaments/series/:id/templates/:templateId/edit",
  // Stream overlays (issue #20 §2): pages without the site's chrome, for a streamer's browser source.
  "/overlay/rooms/:roomId",
  "/overlay/tournaments/:id/standings",
] as const;

const compiled = PAGE_ROUTES.map((p) => new RegExp(`^${p.replace(/:[A-Za-z_]+/g, "[^/]+")}/?$`));

/** True when `pathname` (no query string) is one of the site's pages. */
export function isPageRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
