import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { storeSession } from "./get-session";
import { sessionKeys } from "./keys";

export type LoginInput = EndpointBody<typeof sessionEndpoints.login>;

/** POST /api/auth/login → Session. */
export function login(body: LoginInput) {
  return callApi(sessionEndpoints.login, { body });
}

/**
 * Logs in and stores the new session. Other cached answers may depend on who is asking
 * (permissions, "is this me" flags), so they are marked stale.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      storeSession(queryClient, session);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}
