import type { SeriesRole } from "@site/contract";

/** Query keys of the series feature; a series or placements save invalidates `seriesKeys.all`. */
export const seriesKeys = {
  all: ["series"] as const,
  list: () => [...seriesKeys.all, "list"] as const,
  /** `page` last, so the same series' Tournament History pages share everything before it. */
  detail: (slugOrId: string | number, page: number | "all") => [...seriesKeys.all, "detail", String(slugOrId), page] as const,
  names: () => [...seriesKeys.all, "names"] as const,
  /** Prefix of every role list of series `id` (a role edit invalidates it). */
  roles: (id: number) => [...seriesKeys.all, "roles", id] as const,
  role: (id: number, role: SeriesRole) => [...seriesKeys.roles(id), role] as const,
  /** Points standings of series `id` (issue #22 §4); a placements save invalidates `all`. */
  standings: (id: number) => [...seriesKeys.all, "standings", id] as const,
  /** The points rule and adjustments of series `id` (its editors). */
  points: (id: number) => [...seriesKeys.all, "points", id] as const,
};
