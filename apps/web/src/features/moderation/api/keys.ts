/**
 * Query keys of the moderation screens, under ["moderation"]: a profile change decision reloads
 * every query but these and the session. The news editor's reads live under ["news"] instead, so
 * that decision reloads them too.
 */
export const moderationKeys = {
  all: ["moderation"] as const,
  bans: () => [...moderationKeys.all, "bans"] as const,
  inactive: () => [...moderationKeys.all, "inactive"] as const,
  playerSearch: (search: string) => [...moderationKeys.all, "player_search", search] as const,
  profileChanges: () => [...moderationKeys.all, "profile_changes"] as const,
  unapprovedTeams: (page: number) => [...moderationKeys.all, "unapproved_teams", page] as const,
  teamClaims: () => [...moderationKeys.all, "team_claims"] as const,
  /** The header menu's counts; every moderation decision invalidates it. */
  pendingCounts: () => [...moderationKeys.all, "pending_counts"] as const,
  news: {
    all: ["news"] as const,
    list: (page: number) => [...moderationKeys.news.all, "list", page] as const,
    source: (id: number | null) => [...moderationKeys.news.all, "source", id] as const,
  },
};
