/**
 * Every in-app URL the web builds, in one place, so a route rename is one edit.
 * Paths follow the spec's route tables (000 §2, 001 §2).
 */
export const paths = {
  home: "/",
  login: (next?: string) => withNext("/login", next),
  signup: "/signup",
  verifyEmail: "/verify_email",
  forgotPassword: "/forgot_password",
  resetPassword: "/reset_password",
  notifications: "/notifications",
  news: (id: number) => `/news/${id}`,
  newsList: "/news",
  newsEdit: (id: number | "new") => `/news/${id}/edit`,
  tournaments: "/tournaments",
  myTournaments: "/tournaments/mine",
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
  tournamentRounds: (id: number) => `/tournaments/${id}/rounds`,
  tournamentRound: (id: number, n: number) => `/tournaments/${id}/rounds/${n}`,
  /** The live room board (issue #20 §2). */
  tournamentLive: (id: number) => `/tournaments/${id}/live`,
  /** Stream overlays (issue #20 §2), outside the site's chrome; `search` is their query string ("?text=…") or "". */
  overlayRoom: (roomId: number, search = "") => `/overlay/rooms/${roomId}${search}`,
  overlayStandings: (id: number, search = "") => `/overlay/tournaments/${id}/standings${search}`,
  series: "/tournaments/series",
  seriesDetail: (slugOrId: string | number) => `/tournaments/series/${slugOrId}`,
  seriesEdit: (id: number | "new") => `/tournaments/series/${id}/edit`,
  seriesRoles: (id: number) => `/tournaments/series/${id}/roles`,
  /** A tournament's, series' or team's outgoing webhooks (issue #20 §5). */
  webhooks: (scope: "tournament" | "series" | "team", id: number) => `/webhooks/${scope}/${id}`,
  seriesTemplates: (id: number) => `/tournaments/series/${id}/templates`,
  templateEdit: (seriesId: number, templateId: number | "new", fromTemplate?: number) =>
    `/tournaments/series/${seriesId}/templates/${templateId}/edit${fromTemplate !== undefined ? `?from_template=${fromTemplate}` : ""}`,
  players: "/registry/players",
  player: (id: number) => `/registry/players/${id}`,
  playerEdit: (id: number | "new") => `/registry/players/${id}/edit`,
  editProfile: "/registry/edit_profile",
  /** The own profile page that creates a profile, returning to `next` once saved. */
  createProfile: (next?: string) => withNext("/registry/edit_profile", next),
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
  adminPointsTables: "/admin/points-tables",
  /** Player-hosted tournaments (issue #22 §5): the proposal form and the review queue. */
  proposeTournament: "/tournaments/propose",
  adminProposals: "/admin/tournament-proposals",
} as const;

/**
 * The destination of a `?next=` (after logging in or creating a profile), or `fallback`.
 * Only a same-site path is honoured: it starts with one '/', and holds no backslash, space or
 * control character (browsers drop tabs and newlines and read a backslash as '/', so '/\evil.example'
 * or '/<tab>/evil.example' would become '//evil.example'). Absolute URLs ('https://…',
 * 'javascript:…') and protocol-relative ones ('//…') would make `?next=` an open redirect.
 */
export function safeNext(next: string | null | undefined, fallback = "/"): string {
  if (!next || next.length > 2000 || !next.startsWith("/") || next.startsWith("//")) return fallback;
  for (const ch of next) {
    const code = ch.charCodeAt(0);
    if (ch === "\\" || /\s/.test(ch) || code < 0x20 || code === 0x7f) return fallback;
  }
  return next;
}

/** `path` with `?next=` set to `next` (omitted when there is none). */
export function withNext(path: string, next?: string | null): string {
  return next ? `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}` : path;
}
