import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnStaleChunks, STALE_CHUNK_RELOAD_GAP_MS, STALE_CHUNK_RELOAD_KEY } from "./stale-chunks";

describe("reloadOnStaleChunks", () => {
  afterEach(() => sessionStorage.clear());

  function fakeWindow() {
    const target = new EventTarget();
    const reload = vi.fn();
    const win = Object.assign(target, { sessionStorage, location: { reload } }) as unknown as Window;
    return { win, reload };
  }
  const fire = (win: Window) => {
    const e = new Event("vite:preloadError", { cancelable: true });
    win.dispatchEvent(e);
    return e;
  };

  it("reloads once on a failed chunk load and marks the error handled", () => {
    const { win, reload } = fakeWindow();
    let t = 1_000_000;
    reloadOnStaleChunks(win, () => t);
    const e = fire(win);
    expect(reload).toHaveBeenCalledOnce();
    expect(e.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)).toBe(String(t));
    // Failing again right after the reload: a real outage, let the error show.
    t += STALE_CHUNK_RELOAD_GAP_MS - 1;
    const again = fire(win);
    expect(reload).toHaveBeenCalledOnce();
    expect(again.defaultPrevented).toBe(false);
    t += 1;
    fire(win);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
