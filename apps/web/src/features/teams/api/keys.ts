/** Query keys of the team pages; every team mutation invalidates `teamKeys.all` (and the registry lists). */
export const teamKeys = {
  all: ["teams"] as const,
  detail: (id: number) => [...teamKeys.all, "detail", id] as const,
  viewer: (id: number) => [...teamKeys.all, "viewer", id] as const,
  transfers: (id: number, page: number) => [...teamKeys.all, "transfers", id, page] as const,
  picker: (search: string, mine: boolean) => [...teamKeys.all, "picker", search, mine] as const,
  myInvitations: () => [...teamKeys.all, "my-invitations"] as const,
};
