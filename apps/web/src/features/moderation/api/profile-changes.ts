import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { moderationEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";

/** GET /api/registry/profile_changes → pending name and tag changes (moderators). */
export function getProfileChanges(signal?: AbortSignal) {
  return callApi(moderationEndpoints.profileChanges, { signal });
}

export const profileChangesQueryOptions = () =>
  queryOptions({ queryKey: ["moderation", "profile_changes"], queryFn: ({ signal }) => getProfileChanges(signal) });

export function useProfileChanges() {
  return useQuery(profileChangesQueryOptions());
}

/** POST approve or decline with `change_id`; the queue reloads, and so do registry lists showing names. */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, approve }: { changeId: number; approve: boolean }) =>
      callApi(approve ? moderationEndpoints.approveChange : moderationEndpoints.declineChange, { body: { change_id: changeId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ["moderation", "profile_changes"] });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "moderation" && q.queryKey[0] !== "session" });
    },
  });
}
