import { queryOptions, useQuery } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/** `GET /api/events/{id}/my_room`: the signed-in entrant's room in the latest published round, or `{room: null}`. */
export function getMyRoom(id: number, signal?: AbortSignal) {
  return callApi(e.myRoom, { params: { id }, signal });
}

export const myRoomQueryOptions = (id: number) =>
  queryOptions({ queryKey: roundKeys.myRoom(id), queryFn: ({ signal }) => getMyRoom(id, signal) });

/** Only asked for signed-in viewers (`enabled`): anonymous viewers have no room. */
export function useMyRoom(id: number, enabled = true) {
  return useQuery({ ...myRoomQueryOptions(id), enabled });
}
