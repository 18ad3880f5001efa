import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mediaEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { refreshMediaQueries } from "./refresh-media";

export type AddMediaItemInput = EndpointBody<typeof mediaEndpoints.addItem>;

/** POST /api/media/items → the new MediaItem (administrators). */
export function addMediaItem(body: AddMediaItemInput) {
  return callApi(mediaEndpoints.addItem, { body });
}

/** Adds a video, live stream or social post; the admin lists and home panels reload before success shows. */
export function useAddMediaItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMediaItem, onSuccess: () => refreshMediaQueries(queryClient) });
}
