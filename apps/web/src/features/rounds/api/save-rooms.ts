import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

export type SetRoomsBody = EndpointBody<typeof e.setRooms>;

/** `POST /api/events/{id}/rounds/{n}/rooms` (staff, draft only): every room with its sides and host; every side in exactly one room. */
export function saveRooms(id: number, n: number, body: SetRoomsBody) {
  return callApi(e.setRooms, { params: { id, n }, body });
}

export function useSaveRooms(id: number, n: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({ mutationFn: (body: SetRoomsBody) => saveRooms(id, n, body), onSuccess: () => void refresh() });
}
