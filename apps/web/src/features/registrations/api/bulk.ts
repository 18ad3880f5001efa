import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BulkAction, type BulkAddBody, bulkRegistrationEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { registrationKeys } from "./keys";

/**
 * The organiser tools' calls (issue #22 §2): bulk actions on a table (players, squads or
 * teams) and bulk add. Every write refetches the registration reads (team lists included: their
 * keys sit under `registrationKeys.event`) and the tournament page before it settles, so the
 * table shows the new states with the summary.
 */
export type BulkTable = "players" | "squads" | "teams";

function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: registrationKeys.all }), qc.invalidateQueries({ queryKey: tournamentKeys.all })]);
}

/** `POST …/registrations/{table}/bulk {action, ids}` → the summary ("18 checked in, 2 skipped: …"). */
export function useBulkAction(tournamentId: number, table: BulkTable) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: number[] }) =>
      callApi(e[table], { params: { id: tournamentId }, body: { action, ids } }),
    onSuccess: () => refresh(),
  });
}

/** The bulk add preview (a dry run: nothing to refresh). */
export function useBulkAddPreview(tournamentId: number) {
  return useMutation({ mutationFn: (body: BulkAddBody) => callApi(e.addPreview, { params: { id: tournamentId }, body }) });
}

/** The bulk add itself; refreshes the tables and the manual registration's latest list. */
export function useBulkAdd(tournamentId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BulkAddBody) => callApi(e.add, { params: { id: tournamentId }, body }),
    onSuccess: () => refresh(),
  });
}
