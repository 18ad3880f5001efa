import { useQueryClient } from "@tanstack/react-query";
import { playerKeys } from "@/features/players/api/keys";
import { registryKeys } from "@/features/registry/api/keys";
import { teamKeys } from "./keys";

/** After a team change: team pages, team lists, transfers and player pages (they show current teams) reload. */
export function useRefreshTeams() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: registryKeys.teams() }),
      queryClient.invalidateQueries({ queryKey: registryKeys.transactions() }),
      queryClient.invalidateQueries({ queryKey: playerKeys.profiles() }),
    ]);
}
