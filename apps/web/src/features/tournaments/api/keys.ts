import type { TournamentListQuery } from "@site/contract";

/** Query keys of tournaments; a tournament, series, placements or registration write invalidates `tournamentKeys.all`. */
export const tournamentKeys = {
  all: ["tournaments"] as const,
  list: (query: TournamentListQuery) => [...tournamentKeys.all, "list", query] as const,
  details: () => [...tournamentKeys.all, "detail"] as const,
  detail: (id: number) => [...tournamentKeys.details(), id] as const,
  /** Every log page of tournament `id` (live updates refresh them all). */
  logsOf: (id: number) => [...tournamentKeys.all, "logs", id] as const,
  logs: (id: number, page: number) => [...tournamentKeys.logsOf(id), page] as const,
  latestResults: () => [...tournamentKeys.all, "latest-results"] as const,
  /** The signed-in account's own tournaments, keyed by user so another account never sees them. */
  mine: (userId: number) => [...tournamentKeys.mineAll(), userId] as const,
  /** Every account's own-tournaments list in this tab (live updates cannot know the user). */
  mineAll: () => [...tournamentKeys.all, "mine"] as const,
  /** Proposed tournaments (issue #22 §5): the account's own, and the review queue by status. */
  proposals: () => [...tournamentKeys.all, "proposals"] as const,
  myProposals: (userId: number) => [...tournamentKeys.proposals(), "mine", userId] as const,
  proposalQueue: (status: string) => [...tournamentKeys.proposals(), "queue", status] as const,
  /**
   * The templates a new tournament may start from: outside ["tournaments"] (a tournament save
   * leaves them), invalidated by template saves and deletes.
   */
  templateChoices: () => ["template-choices"] as const,
};
