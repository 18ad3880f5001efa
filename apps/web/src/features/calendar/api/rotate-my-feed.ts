import { useMutation, useQueryClient } from "@tanstack/react-query";
import { calendarEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { calendarKeys } from "./keys";

/**
 * `POST /api/calendar/me/rotate` (account only): makes the account's personal calendar link,
 * replacing the old one (whose URL then answers 404). The answer is the only one with the URL.
 */
export function rotateMyFeed() {
  return callApi(e.rotateMyFeed);
}

/** The new link is in the mutation's `data` (shown once); the status read is refreshed. */
export function useRotateMyFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateMyFeed,
    onSuccess: () => void qc.invalidateQueries({ queryKey: calendarKeys.myFeed() }),
  });
}
