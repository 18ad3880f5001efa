import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionEndpoints, type SiteLanguage } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { storeSession } from "./get-session";

/** POST /api/session/language → Session (signed-in users only, #21). */
export function setLanguage(language: SiteLanguage) {
  return callApi(sessionEndpoints.language, { body: { language } });
}

/** Saves the signed-in user's interface language on the account; the answer is the new session. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLanguage, onSuccess: (session) => storeSession(queryClient, session) });
}
