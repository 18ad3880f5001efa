import { useMutation, useQueryClient } from "@tanstack/react-query";
import { seriesEndpoints } from "@site/contract";
import { callMultipart } from "@/lib/multipart-save";
import { tournamentQueries } from "@/features/tournaments/api/get-tournaments";
import { seriesQueries } from "./get-series-list";

/** POST /api/tournaments/series/{id|new} (multipart, 001 §7 Series) → {status, message, id}. */
export function saveSeries({ id, form }: { id: number | "new"; form: FormData }) {
  return callMultipart(seriesEndpoints.save, { id }, form);
}

export function useSaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeries,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seriesQueries.all }),
        queryClient.invalidateQueries({ queryKey: tournamentQueries.all }),
      ]),
  });
}
