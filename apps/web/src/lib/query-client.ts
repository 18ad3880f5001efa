import {
  hashKey,
  QueryCache,
  QueryClient,
  type Query,
  type QueryFunctionContext,
  type QueryKey,
  type QueryOptions,
  type QueryState,
} from "@tanstack/react-query";
import { ApiError, firstScreenAnswer, firstScreenLeft, probeUrl } from "./api-client";

/**
 * A query cache that starts a new query with the page's embedded first-screen answer (#17 §6)
 * when its fetcher GETs a URL the server embedded: the first render then draws the data instead
 * of a loading state (no round trip, no layout shift). Which URL a query reads is learned by
 * running its fetcher in probe mode (`probeUrl`), so no list of query keys is needed here.
 */
class FirstScreenQueryCache extends QueryCache {
  override build<TQueryFnData = unknown, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey, never> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    if (!firstScreenLeft()) return super.build(client, options, state);
    const existed = this.get(options.queryHash ?? hashKey(options.queryKey)) !== undefined;
    const query = super.build(client, options, state);
    if (existed || query.state.data !== undefined) return query;
    const fn = query.options.queryFn;
    if (typeof fn !== "function") return query;
    const context = { client, queryKey: query.queryKey, signal: new AbortController().signal, meta: query.meta } as QueryFunctionContext<
      TQueryKey,
      never
    >;
    const url = probeUrl(() => fn(context));
    const embedded = url ? firstScreenAnswer(url, true) : undefined;
    // The embedded answer is the wire answer of that URL: exactly what the fetcher would return.
    if (embedded) query.setData(embedded.data as TData, { updatedAt: Date.now(), manual: false });
    return query;
  }
}

/** How long an answer counts as fresh (ms): a screen shown again within it uses the cached one without a refetch. */
export const STALE_TIME_MS = 30_000;

/**
 * Builds the app's QueryClient. A 4xx answer will not change on retry, so only network
 * failures and 5xx are retried (once) before a panel shows its failure state.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new FirstScreenQueryCache(),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
