// The reference module alone, not the whole contract: this file is part of the tiny entry (main.tsx).
import { DEFAULTS, THEMES, type Theme } from "@site/contract/reference";

/** localStorage key of the theme chosen while logged out (000 §3 themes). */
export const THEME_STORAGE_KEY = "site_theme";

const listeners = new Set<() => void>();

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The anonymous visitor's theme; storage can be unavailable (private mode), hence the guard. */
export function readStoredTheme(): Theme {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(v) ? v : DEFAULTS.theme;
  } catch {
    return DEFAULTS.theme;
  }
}

export function writeStoredTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; the choice still applies for this page view.
  }
  listeners.forEach((l) => l());
}

/** useSyncExternalStore subscription: own writes plus writes from other tabs. */
export function subscribeStoredTheme(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Themes are CSS custom-property sets keyed by `data-theme` on <html> (src/styles/themes.css). */
export function applyTheme(theme: Theme): void {
  // Only on a change: the themes' custom properties are inherited by every element, so setting
  // the attribute (even to its own value) can restyle the whole page (#17 §6).
  if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
}

export const THEME_LABELS: Record<Theme, string> = {
  forest: "Forest",
  ocean: "Ocean",
  volcano: "Volcano",
  velvet: "Velvet",
  blossom: "Blossom",
  storm: "Storm",
};
