import { useMutation } from "@tanstack/react-query";
import { type ShadowTeamBody, teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshTeams } from "./refresh";

/** POST /api/registry/teams/shadow (staff): team_category, team_name, team_tag, team_color → status, message. */
export function createShadowTeam(body: ShadowTeamBody) {
  return callApi(teamEndpoints.shadow, { body });
}

export function useCreateShadowTeam() {
  const refresh = useRefreshTeams();
  return useMutation({ mutationFn: createShadowTeam, onSuccess: () => refresh() });
}
