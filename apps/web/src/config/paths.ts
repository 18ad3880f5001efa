/**
 * Every in-app URL the web builds, in one place, so a route rename is one edit.
 * Paths follow the spec's route tables (000 §2, 001 §2).
 */
export const paths = {
  home: "/",
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : "/login"),
  signup: "/signup",
  verifyEmail: "/verify_email",
  forgotPassword: "/forgot_password",
  resetPassword: "/reset_password",
  notifications: "/notifications",
  news: (id: number) => `/news/${id}`,
  newsList: "/news",
  newsEdit: (id: number | "new") => `/news/${id}/edit`,
  tournaments: "/tournaments",
  tournament: (id: number) => `/tournaments/${id}`,
  tournamentRegister: (id: number) => `/tournaments/${id}/register`,
  tournamentRegistrations: (id: number) => `/tournaments/${id}/registrations`,
  teamEligiblePlayers: (id: number, teamId: number) => `/tournaments/${id}/teams/${teamId}/eligible_players`,
  editTeamRegistration: (id: number, teamId: number) => `/tournaments/${id}/registrations/teams/${teamId}/edit`,
  chooseTemplate: "/tournaments/choose_template",
  tournamentEdit: (id: number | "new", fromTemplate?: number) =>
    `/tournaments/${id}/edit${fromTemplate !== undefined ? `?from_template=${fromTemplate}` : ""}`,
  tournamentControls: (id: number) => `/tournaments/${id}/controls`,
  tournamentLogs: (id: number) => `/tournaments/${id}/logs`,
  tournamentPlacements: (id: number) => `/tournaments/${id}/placements`,
  tournamentPlacementsEdit: (id: number) => `/tournaments/${id}/placements/edit`,
  series: "/tournaments/series",
  seriesDetail: (slugOrId: string | number) => `/tournaments/series/${slugOrId}`,
  seriesEdit: (id: number | "new") => `/tournaments/series/${id}/edit`,
  seriesRoles: (id: number) => `/tournaments/series/${id}/roles`,
  seriesTemplates: (id: number) => `/tournaments/series/${id}/templates`,
  templateEdit: (seriesId: number, templateId: number | "new", fromTemplate?: number) =>
    `/tournaments/series/${seriesId}/templates/${templateId}/edit${fromTemplate !== undefined ? `?from_template=${fromTemplate}` : ""}`,
  players: "/registry/players",
  player: (id: number) => `/registry/players/${id}`,
  playerEdit: (id: number | "new") => `/registry/players/${id}/edit`,
  editProfile: "/registry/edit_profile",
  teams: (category = "all") => `/registry/teams/category/${category}`,
  team: (id: number) => `/registry/teams/${id}`,
  teamEdit: (id: number) => `/registry/teams/${id}/edit`,
  teamAdminEdit: (id: number) => `/registry/teams/${id}/admin_edit`,
  newTeam: "/registry/new_team",
  newShadowTeam: "/registry/teams/shadow/new",
  transfers: "/registry/recent_transactions",
  profileChanges: "/registry/profile_changes",
  teamApprovals: "/registry/team_approvals",
  adminBans: "/admin/bans",
  adminAudit: "/admin/audit",
  adminWordFilter: "/admin/word_filter",
  adminRoles: "/admin/roles",
  adminMedia: "/admin/media",
} as const;

/**
 * Only same-site paths may be used as a post-login destination: `//evil.example` and
 * absolute URLs would turn `?next=` into an open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
