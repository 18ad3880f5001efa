import type { AdminRole } from "@site/contract";

/** Query keys of the admin screens; every read lives under ["admin"]. */
export const adminKeys = {
  all: ["admin"] as const,
  audit: (page: number) => [...adminKeys.all, "audit", page] as const,
  /** Prefix of one role's holders; also the prefix of the role player search when `role` is "players". */
  roleHolders: (role: AdminRole) => [...adminKeys.all, "roles", role] as const,
  rolePlayers: (search: string) => [...adminKeys.all, "roles", "players", search] as const,
  wordFilter: () => [...adminKeys.all, "word_filter"] as const,
};
