import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { storeSession } from "./get-session";
import { sessionKeys } from "./keys";

/** POST /api/auth/logout → the anonymous Session (with a fresh CSRF token). */
export function logout() {
  return callApi(sessionEndpoints.logout);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: (session) => {
      storeSession(queryClient, session);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}
