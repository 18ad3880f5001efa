import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CreatePointsTableBody, pointsTableEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/** `GET /api/rounds/points_tables`: every points table with its rows, built in first, then those administrators added. */
export function getPointsTables(signal?: AbortSignal) {
  return callApi(e.list, { signal });
}

export const pointsTablesQueryOptions = () =>
  queryOptions({ queryKey: roundKeys.pointsTables(), queryFn: ({ signal }) => getPointsTables(signal) });

export function usePointsTables() {
  return useQuery(pointsTablesQueryOptions());
}

/** `POST /api/rounds/points_tables` (event administrators): adds a table; every rounds overview lists it, so all rounds reads refetch. */
export function createPointsTable(body: CreatePointsTableBody) {
  return callApi(e.create, { body });
}

export function useCreatePointsTable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePointsTableBody) => createPointsTable(body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: roundKeys.all }),
  });
}
