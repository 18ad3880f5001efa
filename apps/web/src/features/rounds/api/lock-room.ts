import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

/** `POST …/rounds/{n}/rooms/{room}/lock` (staff): locks the table (the host may no longer submit) or unlocks it. */
export function lockRoom(id: number, n: number, room: number, locked: boolean) {
  return callApi(e.lock, { params: { id, n, room }, body: { locked } });
}

export function useLockRoom(id: number, n: number, room: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({ mutationFn: (locked: boolean) => lockRoom(id, n, room, locked), onSuccess: () => void refresh() });
}
