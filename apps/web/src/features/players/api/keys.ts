/** Query keys of the players feature; team changes invalidate `playerKeys.profiles()` (profiles show current teams). */
export const playerKeys = {
  all: ["players"] as const,
  profiles: () => [...playerKeys.all, "profile"] as const,
  profile: (id: number) => [...playerKeys.profiles(), id] as const,
  picker: (search: string) => [...playerKeys.all, "picker", search] as const,
};
