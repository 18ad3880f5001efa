import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

export type RoomSettingsBody = EndpointBody<typeof e.roomSettings>;

/** `POST …/rounds/{n}/rooms/{room}/settings` (staff): the room code (null to clear) and host (a racer of the room, or null). */
export function saveRoomSettings(id: number, n: number, room: number, body: RoomSettingsBody) {
  return callApi(e.roomSettings, { params: { id, n, room }, body });
}

export function useRoomSettings(id: number, n: number, room: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({ mutationFn: (body: RoomSettingsBody) => saveRoomSettings(id, n, room, body), onSuccess: () => void refresh() });
}
