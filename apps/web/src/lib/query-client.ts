import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * Builds the app's QueryClient. A 4xx answer will not change on retry, so only network
 * failures and 5xx are retried (once) before a panel shows its failure state.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
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
