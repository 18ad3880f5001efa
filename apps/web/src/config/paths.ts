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
  tournaments: "/tournaments",
  tournament: (id: number) => `/tournaments/${id}`,
  tournamentRegister: (id: number) => `/tournaments/${id}/register`,
  series: "/tournaments/series",
  seriesDetail: (slugOrId: string | number) => `/tournaments/series/${slugOrId}`,
  seriesEdit: (id: number | "new") => `/tournaments/series/${id}/edit`,
  players: "/registry/players",
  player: (id: number) => `/registry/players/${id}`,
  playerEdit: (id: number | "new") => `/registry/players/${id}/edit`,
  editProfile: "/registry/edit_profile",
  teams: (category = "all") => `/registry/teams/category/${category}`,
  team: (id: number) => `/registry/teams/${id}`,
  transfers: "/registry/recent_transactions",
  profileChanges: "/registry/profile_changes",
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
