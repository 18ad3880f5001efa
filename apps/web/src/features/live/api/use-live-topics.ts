import { useEffect, useRef, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { isLiveTopic, type LiveEvent, type LiveTopic } from "@site/contract";
import { LiveHub } from "./live-hub";

/** The tab's one hub (one EventSource for every mounted user). */
export const liveHub = new LiveHub();

/**
 * Keeps the calling screen live (issue #20 §1): while mounted, `topics` are part of the tab's
 * one SSE connection (`GET /api/live`), and each event on them invalidates the matching
 * TanStack Query keys (see `liveInvalidations`), so the screen refetches with no polling and
 * no reload; `onEvent` is called too (e.g. for a flash or a toast).
 *
 * Pass `[]` to subscribe to nothing (e.g. `notifications` only when signed in). Topics the
 * viewer may not see are silently never delivered by the server.
 *
 * Returns `connected`: true while the connection is open and carries all of `topics` (for a
 * "Live" indicator). Always false during server rendering and where `EventSource` is missing.
 */
export function useLiveTopics(topics: LiveTopic[], options?: { onEvent?: (e: LiveEvent) => void }): { connected: boolean } {
  const queryClient = useQueryClient();
  const onEvent = useRef(options?.onEvent);
  useEffect(() => {
    onEvent.current = options?.onEvent;
  });
  const key = [...new Set(topics)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return liveHub.add({ topics: key.split(",").filter(isLiveTopic), queryClient, onEvent: (e) => onEvent.current?.(e) });
  }, [key, queryClient]);

  const snapshot = useSyncExternalStore(liveHub.subscribe, liveHub.getSnapshot, () => "");
  return { connected: key !== "" && snapshot !== "" && liveHub.isConnected(key.split(",")) };
}
