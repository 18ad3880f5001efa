/** Query keys of a tournament's placements; a save invalidates `placementKeys.event(id)` (every read of that tournament). */
export const placementKeys = {
  all: ["placements"] as const,
  event: (id: number) => [...placementKeys.all, id] as const,
  mine: (id: number) => [...placementKeys.event(id), "mine"] as const,
  editor: (id: number) => [...placementKeys.event(id), "editor"] as const,
  /** `limit` null for a paged list; `page` last, so the same list's pages share everything before it. */
  list: (id: number, order: string, limit: number | null, page: number) =>
    [...placementKeys.event(id), "list", order, limit, page] as const,
};
