import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { sessionEndpoints, type Session } from "@site/contract";
import { callApi, setCsrfToken } from "@/lib/api-client";
import { sessionKeys } from "./keys";

/** GET /api/session; remembers the CSRF token as a side effect so every later POST carries it. */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  const session = await callApi(sessionEndpoints.get, { signal });
  setCsrfToken(session.csrfToken);
  return session;
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.all, queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });
}

/** The current session: `data.user` is null when logged out. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * Makes a Session answer (login, logout, theme) the current one: caches it under ['session']
 * and adopts its CSRF token, which the server may have rotated.
 */
export function storeSession(queryClient: QueryClient, session: Session): void {
  setCsrfToken(session.csrfToken);
  queryClient.setQueryData(sessionKeys.all, session);
}
