import { useSyncExternalStore } from "react";
import { viewerTimeZone } from "@/lib/time-format";

// The viewer's zone once read (null before). Reading it builds the page's first Intl formatter,
// which loads the runtime's locale and zone data: 15–30 ms of a phone's main thread (#17 §6).
let zone: string | null = null;
let deferred = false;
let scheduled = false;
const listeners = new Set<() => void>();

/**
 * Called once before hydrating a page the server drew (app-main.tsx): the zone is then read in a
 * task of its own after hydration rather than inside it, so neither the hydration nor the first
 * input waits for Intl's data. Until then times show in UTC, as the server drew them.
 */
export function deferViewerTimeZone(): void {
  deferred = true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (zone === null && !scheduled) {
    scheduled = true;
    setTimeout(() => {
      zone = viewerTimeZone();
      for (const l of listeners) l();
    }, 0);
  }
  return () => listeners.delete(listener);
}

function snapshot(): string {
  if (zone === null && !deferred) zone = viewerTimeZone();
  return zone ?? "UTC";
}

/**
 * The viewer's time zone for rendering (#17 §2), an IANA name. A page drawn on the server (#17 §6)
 * cannot know it, so the server and the browser's hydrating render both use UTC, and React
 * re-renders with the viewer's own zone in a task after hydration (see `deferViewerTimeZone`); a
 * page drawn in the browser uses it at once.
 */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(subscribe, snapshot, () => "UTC");
}
