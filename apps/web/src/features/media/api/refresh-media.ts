import type { QueryClient } from "@tanstack/react-query";
import { MEDIA_KINDS } from "@site/contract";
import { getLatestMedia, latestMediaQueryOptions } from "./get-latest-media";
import { getLatestNews, latestNewsQueryOptions } from "./get-latest-news";
import { mediaKeys } from "./keys";

/**
 * After an administrator adds or deletes media or posts news: reloads the lists the home
 * panels and the admin page show.
 *
 * A plain invalidation is not enough: the server lets the browser keep these GETs for 30 s
 * (`public, max-age=30`), so the refetch could be answered from the HTTP cache with the list as
 * it was before the change. Fetching with `cache: "no-cache"` goes to the server and also
 * replaces the browser's copy, so the home page shows the change too. A failed reload must not
 * turn a saved change into an error message, so failures only leave the keys invalidated.
 */
export async function refreshMediaQueries(queryClient: QueryClient): Promise<void> {
  const reloads = [
    ...MEDIA_KINDS.map((kind) =>
      queryClient.fetchQuery({
        queryKey: latestMediaQueryOptions(kind).queryKey,
        queryFn: ({ signal }) => getLatestMedia(kind, signal, "no-cache"),
        staleTime: 0,
      }),
    ),
    queryClient.fetchQuery({
      queryKey: latestNewsQueryOptions().queryKey,
      queryFn: ({ signal }) => getLatestNews(signal, "no-cache"),
      staleTime: 0,
    }),
  ];
  const results = await Promise.allSettled(reloads);
  if (results.some((r) => r.status === "rejected")) {
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  }
}
