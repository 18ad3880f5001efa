import { useMutation, useQueryClient } from "@tanstack/react-query";
import { seriesEndpoints } from "@site/contract";
import { callMultipart } from "@/lib/multipart-save";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { seriesKeys } from "./keys";

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
        queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
        queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
      ]),
  });
}
