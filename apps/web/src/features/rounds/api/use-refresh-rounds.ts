import { useQueryClient } from "@tanstack/react-query";
import { roundKeys } from "./keys";

/** After a rounds write: the tournament's overview, rounds and the viewer's room refetch. */
export function useRefreshRounds(id: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roundKeys.event(id) });
}
