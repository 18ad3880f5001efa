import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { moderationEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { sessionKeys } from "@/features/session/api/keys";
import { moderationKeys } from "./keys";

/** GET /api/registry/profile_changes → pending name and tag changes (moderators). */
export function getProfileChanges(signal?: AbortSignal) {
  return callApi(moderationEndpoints.profileChanges, { signal });
}

export const profileChangesQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.profileChanges(), queryFn: ({ signal }) => getProfileChanges(signal) });

export function useProfileChanges() {
  return useQuery(profileChangesQueryOptions());
}

/** POST approve or decline with `change_id`; the queue and the menu's counts reload, and so do registry lists showing names. */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, approve }: { changeId: number; approve: boolean }) =>
      callApi(approve ? moderationEndpoints.approveChange : moderationEndpoints.declineChange, { body: { change_id: changeId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.profileChanges() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.pendingCounts() });
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== moderationKeys.all[0] && q.queryKey[0] !== sessionKeys.all[0],
      });
    },
  });
}
