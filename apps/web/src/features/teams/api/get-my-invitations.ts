import { queryOptions, useQuery } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { teamKeys } from "./keys";

/** GET /api/registry/teams/invitations: the signed-in player's pending team invitations. */
export function getMyInvitations(signal?: AbortSignal) {
  return callApi(teamEndpoints.myInvitations, { signal });
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.myInvitations(), queryFn: ({ signal }) => getMyInvitations(signal) });

export function useMyInvitations(enabled: boolean) {
  return useQuery({ ...myInvitationsQueryOptions(), enabled });
}
