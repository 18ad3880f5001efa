import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionEndpoints, type Session, type Theme } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { storeSession } from "./get-session";
import { sessionKeys } from "./keys";

/** POST /api/session/theme → Session (logged-in users only). */
export function setTheme(theme: Theme) {
  return callApi(sessionEndpoints.theme, { body: { site_theme: theme } });
}

/**
 * Saves the signed-in user's theme. The cached session is updated first so the page
 * re-themes instantly; a refusal restores the previous session.
 */
export function useSetTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTheme,
    onMutate: async (theme) => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.all });
      const previous = queryClient.getQueryData<Session>(sessionKeys.all);
      if (previous?.user)
        queryClient.setQueryData<Session>(sessionKeys.all, { ...previous, user: { ...previous.user, site_theme: theme } });
      return { previous };
    },
    onError: (_err, _theme, context) => {
      if (context?.previous) queryClient.setQueryData(sessionKeys.all, context.previous);
    },
    onSuccess: (session) => storeSession(queryClient, session),
  });
}
