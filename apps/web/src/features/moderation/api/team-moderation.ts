import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { registryEndpoints, teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { sessionKeys } from "@/features/session/api/keys";
import { moderationKeys } from "./keys";

/** Unapproved teams, newest first (staff status filter of the teams list). */
export function useUnapprovedTeams(page: number) {
  return useQuery({
    queryKey: moderationKeys.unapprovedTeams(page),
    queryFn: ({ signal }) =>
      callApi(registryEndpoints.teams, { params: { cat: "all" }, query: { status: "unapproved", page, order: "newest" }, signal }),
  });
}

/** Pending claims of historical teams (GET /api/registry/teams/claims). */
export function useTeamClaims() {
  return useQuery({ queryKey: moderationKeys.teamClaims(), queryFn: ({ signal }) => callApi(teamEndpoints.claims, { signal }) });
}

type Decision = { kind: "team"; id: number; approve: boolean } | { kind: "claim"; id: number; approve: boolean };

/** Approve or disapprove a team; approve or decline a claim. Both lists and every registry query reload. */
export function useTeamDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      d.kind === "team"
        ? callApi(teamEndpoints.approve, { params: { id: d.id }, body: { approve: d.approve } })
        : callApi(teamEndpoints.decideClaim, { params: { id: d.id, action: d.approve ? "approve" : "decline" } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] }),
  });
}
