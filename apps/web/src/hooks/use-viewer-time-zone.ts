import { useSyncExternalStore } from "react";
import { viewerTimeZone } from "@/lib/time-format";

const never = () => () => {};

/**
 * The viewer's time zone for rendering (#17 §2). A page drawn on the server (#17 §6) cannot know
 * it, so the server and the browser's hydrating render both use UTC, and React re-renders with
 * the viewer's own zone right after hydration; a page drawn in the browser uses it at once.
 */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(never, viewerTimeZone, () => "UTC");
}
