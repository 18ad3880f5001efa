/** sessionStorage key of the last reload this module made. */
export const STALE_CHUNK_RELOAD_KEY = "stale-chunk-reload-at";
/** A second failure this soon after a reload is a real outage: let the error panel show it. */
export const STALE_CHUNK_RELOAD_GAP_MS = 10_000;

/**
 * After a deploy, a tab opened before it still asks for the old hashed chunks, which are gone:
 * the lazy screen fails with "Failed to fetch dynamically imported module". Vite then fires
 * `vite:preloadError` on window; this reloads the page once to fetch the new shell, instead of
 * leaving the reader on 'Something went wrong...'. At most once per STALE_CHUNK_RELOAD_GAP_MS,
 * so a server that is really down cannot cause a reload loop.
 */
export function reloadOnStaleChunks(win: Window = window, now: () => number = Date.now): void {
  win.addEventListener("vite:preloadError", (event) => {
    const last = Number(win.sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY) ?? 0);
    if (now() - last < STALE_CHUNK_RELOAD_GAP_MS) return;
    win.sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()));
    event.preventDefault();
    win.location.reload();
  });
}
