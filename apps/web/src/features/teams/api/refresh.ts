import { useQueryClient } from "@tanstack/react-query";
import { teamQueries as registryTeamQueries } from "@/features/registry/api/get-teams";
import { transactionQueries } from "@/features/registry/api/get-transactions";
import { teamQueries } from "./get-team";

/** After a team change: team pages, team lists, transfers and player pages (they show current teams) reload. */
export function useRefreshTeams() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueries.all }),
      queryClient.invalidateQueries({ queryKey: registryTeamQueries.all }),
      queryClient.invalidateQueries({ queryKey: transactionQueries.all }),
      queryClient.invalidateQueries({ queryKey: ["players", "profile"] }),
    ]);
}
