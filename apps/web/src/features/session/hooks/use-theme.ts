import { useCallback, useEffect, useSyncExternalStore } from "react";
import { DEFAULTS, type Theme } from "@site/contract";
import { useSession } from "../api/get-session";
import { useSetTheme } from "../api/set-theme";
import { applyTheme, readStoredTheme, subscribeStoredTheme, writeStoredTheme } from "@/lib/theme";

/**
 * The effective site theme and a setter. Logged-in users' choice lives on the server
 * (session.user.site_theme, saved with POST /api/session/theme); visitors' in localStorage.
 * The chosen theme is also mirrored to localStorage so the next page load starts in it
 * before the session has answered.
 */
export function useTheme() {
  const session = useSession();
  const saveTheme = useSetTheme();
  const stored = useSyncExternalStore(subscribeStoredTheme, readStoredTheme, () => DEFAULTS.theme);
  const user = session.data?.user ?? null;
  const theme: Theme = user ? user.site_theme : stored;

  const setTheme = useCallback(
    (next: Theme) => {
      writeStoredTheme(next);
      if (user) saveTheme.mutate(next);
    },
    [user, saveTheme],
  );

  return { theme, setTheme, saving: saveTheme.isPending, error: saveTheme.error };
}

/** Keeps `data-theme` on <html> in step with the effective theme. Mount once, in the shell. */
export function useApplyTheme(theme: Theme): void {
  useEffect(() => applyTheme(theme), [theme]);
}
