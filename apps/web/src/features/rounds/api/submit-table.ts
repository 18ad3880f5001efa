import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e, type RoomTableBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

/**
 * `POST …/rounds/{n}/rooms/{room}/table` (staff, or the room's host until locked): a table by
 * Lorenzi text, per-race positions or totals, with penalties. `dry_run` previews; a total that
 * does not add up answers `saved: false` with `mismatch` until sent again with `confirm_mismatch`.
 */
export function submitTable(id: number, n: number, room: number, body: RoomTableBody) {
  return callApi(e.table, { params: { id, n, room }, body });
}

/** Only a table that was saved refreshes the reads (a preview changes nothing). */
export function useSubmitTable(id: number, n: number, room: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({
    mutationFn: (body: RoomTableBody) => submitTable(id, n, room, body),
    onSuccess: (answer) => {
      if (answer.saved) void refresh();
    },
  });
}
