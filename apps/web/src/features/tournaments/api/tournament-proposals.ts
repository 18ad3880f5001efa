import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ProposalBody, tournamentProposalEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { moderationKeys } from "@/features/moderation/api/keys";
import { tournamentKeys } from "./keys";

/** GET /api/tournaments/proposals/mine (issue #22 §5): the signed-in account's proposals. */
export function useMyProposals(userId: number | null) {
  return useQuery({
    queryKey: tournamentKeys.myProposals(userId ?? 0),
    queryFn: ({ signal }) => callApi(e.mine, { signal }),
    enabled: userId !== null,
  });
}

/** GET /api/moderation/tournament_proposals?status (event administrators and moderators). */
export function useProposalQueue(status: "pending" | "approved" | "declined" = "pending") {
  return useQuery({
    queryKey: tournamentKeys.proposalQueue(status),
    queryFn: ({ signal }) => callApi(e.queue, { query: { status }, signal }),
  });
}

/** POST /api/tournaments/proposals. */
export function usePropose() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalBody) => callApi(e.propose, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}

/** POST …/approve or …/decline (with a reason); the queues and the menu's pending counts reload. */
export function useDecideProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; approve: boolean; reason?: string }) =>
      v.approve
        ? callApi(e.approve, { params: { id: v.id } })
        : callApi(e.decline, { params: { id: v.id }, body: { reason: v.reason ?? "" } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: tournamentKeys.all }),
        // The header menu's "Proposed Tournaments" count drops with the decision.
        qc.invalidateQueries({ queryKey: moderationKeys.pendingCounts() }),
      ]),
  });
}
