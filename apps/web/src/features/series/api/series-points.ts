import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type PointsAdjustmentBody, type PointsRule, seriesPointsEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesKeys } from "./keys";

/** GET /api/tournaments/series/{id}/standings (issue #22 §4): the ranked standings and the rule. */
export function getSeriesStandings(id: number, signal?: AbortSignal) {
  return callApi(seriesPointsEndpoints.standings, { params: { id }, signal });
}

export const seriesStandingsQueryOptions = (id: number) =>
  queryOptions({ queryKey: seriesKeys.standings(id), queryFn: ({ signal }) => getSeriesStandings(id, signal), retry: false });

export function useSeriesStandings(id: number) {
  return useQuery(seriesStandingsQueryOptions(id));
}

/** GET …/points (series editors): the rule and adjustments. */
export function useSeriesPoints(id: number, enabled = true) {
  return useQuery({
    queryKey: seriesKeys.points(id),
    queryFn: ({ signal }) => callApi(seriesPointsEndpoints.points, { params: { id }, signal }),
    enabled,
  });
}

/** POST …/points: saves the rule; standings and points reads are refetched. */
export function useSaveSeriesRule(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: PointsRule) => callApi(seriesPointsEndpoints.saveRule, { params: { id }, body: rule }),
    onSuccess: () => qc.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}

/** POST …/points/import: `id,points` CSV rows as adjustments. */
export function useImportSeriesPoints(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callApi(seriesPointsEndpoints.importPoints, { params: { id }, body: { csv } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}

/** POST …/points/adjustments (series editors): one manual adjustment; standings and points are refetched. */
export function useAddAdjustment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsAdjustmentBody) => callApi(seriesPointsEndpoints.addAdjustment, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}

/** POST …/points/adjustments/{adjustmentId}/delete (series editors); standings and points are refetched. */
export function useDeleteAdjustment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (adjustmentId: number) => callApi(seriesPointsEndpoints.deleteAdjustment, { params: { id, adjustmentId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}
