import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mediaEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { refreshMediaQueries } from "./refresh-media";

/** POST /api/media/items/:id/delete → {status: "ok"} (administrators). */
export function deleteMediaItem(id: number) {
  return callApi(mediaEndpoints.deleteItem, { params: { id } });
}

/** Deletes a media item; the admin lists and home panels reload before success shows. */
export function useDeleteMediaItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMediaItem, onSuccess: () => refreshMediaQueries(queryClient) });
}
