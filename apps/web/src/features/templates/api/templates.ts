import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { templateEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { callMultipart } from "@/lib/multipart-save";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { templateKeys } from "./keys";

/** GET /api/tournaments/series/{id}/templates → data[] (001 §7). */
export function getTemplates(seriesId: number, signal?: AbortSignal) {
  return callApi(templateEndpoints.list, { params: { id: seriesId }, signal });
}

/** GET /api/tournaments/series/templates/{id}; `copy` answers the unsaved ' - Copy' duplicate. */
export function getTemplate(id: number, copy: boolean, signal?: AbortSignal) {
  return callApi(templateEndpoints.get, { params: { id }, query: { copy: copy ? "1" : "0" }, signal });
}

/** POST /api/tournaments/series/templates/{id|new} (multipart) → {status, message, series_id, id}. */
export function saveTemplate({ id, form }: { id: number | "new"; form: FormData }) {
  return callMultipart(templateEndpoints.save, { id }, form);
}

/** POST /api/tournaments/series/templates/{id}/delete. */
export function deleteTemplate(id: number) {
  return callApi(templateEndpoints.remove, { params: { id } });
}

export const templateQueries = {
  list: (seriesId: number) =>
    queryOptions({ queryKey: templateKeys.list(seriesId), queryFn: ({ signal }) => getTemplates(seriesId, signal) }),
  detail: (id: number, copy = false) =>
    queryOptions({
      queryKey: templateKeys.detail(id, copy),
      queryFn: ({ signal }) => getTemplate(id, copy, signal),
      retry: false,
    }),
};

export function useTemplates(seriesId: number) {
  return useQuery(templateQueries.list(seriesId));
}

export function useTemplate(id: number | null, copy = false) {
  return useQuery({ ...templateQueries.detail(id ?? 0, copy), enabled: id !== null });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
      queryClient.invalidateQueries({ queryKey: tournamentKeys.templateChoices() }),
    ]);
}

export function useSaveTemplate() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: saveTemplate, onSuccess: refresh });
}

export function useDeleteTemplate() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: refresh });
}
