import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tournamentEventEndpoints } from "@site/contract";
import { callMultipart } from "@/lib/multipart-save";
import { tournamentKeys } from "./keys";

/** POST /api/events/{id|new} (multipart, 001 §7 Tournament save) → {status, message, id}. */
export function saveTournament({ id, form }: { id: number | "new"; form: FormData }) {
  return callMultipart(tournamentEventEndpoints.save, { id }, form);
}

/** Saves and marks every tournament answer stale (lists, pages, logs). */
export function useSaveTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTournament,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}
