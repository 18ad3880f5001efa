import type { PlayerListQuery, TeamListQuery, TransactionsQuery } from "@site/contract";

/** Query keys of the registry lists, under ["registry"]; team and profile saves invalidate the list prefixes. */
export const registryKeys = {
  all: ["registry"] as const,
  players: () => [...registryKeys.all, "players"] as const,
  playerList: (query: PlayerListQuery) => [...registryKeys.players(), query] as const,
  /** Prefix of the team lists and of the team registration picker (features/team-registrations). */
  teams: () => [...registryKeys.all, "teams"] as const,
  teamList: (category: string, query: TeamListQuery) => [...registryKeys.teams(), category, query] as const,
  transactions: () => [...registryKeys.all, "transactions"] as const,
  transactionList: (query: TransactionsQuery) => [...registryKeys.transactions(), query] as const,
  /** The country names never change while the app runs; their key stays outside ["registry"]. */
  countries: () => ["countries"] as const,
};
