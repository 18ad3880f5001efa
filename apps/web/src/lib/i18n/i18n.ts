import type { I18n, Messages } from "@lingui/core";
import { LANGUAGE_COOKIE, PSEUDO_LANGUAGE, SITE_LANGUAGES, type SiteLanguage } from "@site/contract";
import { SiteI18n } from "./runtime";

/**
 * The interface language (#21, docs/decisions.md "#21 i18n framework", docs/i18n.md).
 *
 * Lingui with explicit message ids: components call `useT()` (`_("nav.home")`) or `<Trans id>`;
 * the catalogues are `src/locales/<area>/<lang>.json` (id → ICU MessageFormat), compiled at
 * build time by `locale-catalogs.ts` into two lazily loaded chunks per language (`core`, `screens`).
 * Only the active language is loaded, and its `screens` part only once a screen other than the
 * home page is shown. The server decides the first page's language (account, `lang` cookie,
 * Accept-Language, English) and writes it in `<html lang>`; the browser loads that catalogue
 * before hydrating, so the first render matches the server's HTML.
 */

/** An interface locale: one of SITE_LANGUAGES, or the pseudo-locale `en-XA` (a layout test). */
export type Locale = SiteLanguage | typeof PSEUDO_LANGUAGE;

export function isLocale(value: unknown): value is Locale {
  return value === PSEUDO_LANGUAGE || (SITE_LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The two parts of a language's messages (locale-catalogs.ts): `core` (what the shell and the
 * home page show) loads before the first render; `screens` (every other screen) loads with the first lazy
 * route screen (`lazyScreen`), so the home page never downloads the other screens' messages.
 */
export type CataloguePart = "core" | "screens";

/** One dynamic import per language and part, so each is its own chunk. */
const loaders: Record<Locale, Record<CataloguePart, () => Promise<{ default: Messages }>>> = {
  en: { core: () => import("virtual:locale/core-en"), screens: () => import("virtual:locale/screens-en") },
  fr: { core: () => import("virtual:locale/core-fr"), screens: () => import("virtual:locale/screens-fr") },
  de: { core: () => import("virtual:locale/core-de"), screens: () => import("virtual:locale/screens-de") },
  es: { core: () => import("virtual:locale/core-es"), screens: () => import("virtual:locale/screens-es") },
  pt: { core: () => import("virtual:locale/core-pt"), screens: () => import("virtual:locale/screens-pt") },
  ja: { core: () => import("virtual:locale/core-ja"), screens: () => import("virtual:locale/screens-ja") },
  [PSEUDO_LANGUAGE]: { core: () => import("virtual:locale/core-en-XA"), screens: () => import("virtual:locale/screens-en-XA") },
};

/**
 * The compiled messages of `locale`'s `parts`, merged (each chunk loads once; later calls reuse
 * the module). The server render loads both parts of every language at start.
 */
export async function loadMessages(locale: Locale, parts: readonly CataloguePart[] = ["core", "screens"]): Promise<Messages> {
  const loaded = await Promise.all(parts.map((part) => loaders[locale][part]()));
  return Object.assign({}, ...loaded.map((m) => m.default)) as Messages;
}

/**
 * The browser's one instance. Components read it through the provider (`useT`), so a switch
 * re-renders them; code outside React (and tests rendering without providers) use it directly.
 * Our own runtime (`runtime.ts`: the part of Lingui's `I18n` the site uses, interpolating exactly
 * as Lingui does), not `@lingui/core`'s, which weighs ~2 KB gzip on `/` (#21 §1); typed as
 * Lingui's `I18n` so callers and the tests' own `setupI18n()` instances need no change.
 */
export const i18n = new SiteI18n() as unknown as I18n;

/** Whether this tab needs the `screens` part (a lazy screen asked for it): a switch loads it too. */
let screensWanted = false;
/** The languages whose `screens` part is in the browser instance. */
const screensLoaded = new Set<string>();

/**
 * Loads `locale`'s catalogue (its `core` part, and `screens` when `screens` is true or a lazy
 * screen already asked for it) and makes it the active language. One `loadAndActivate`, so the
 * provider re-renders once with every message in place.
 */
export async function activateLocale(locale: Locale, instance: I18n = i18n, screens = false): Promise<void> {
  const withScreens = screens || (instance === i18n && screensWanted);
  const messages = await loadMessages(locale, withScreens ? ["core", "screens"] : ["core"]);
  instance.loadAndActivate({ locale, messages });
  if (withScreens && instance === i18n) {
    screensWanted = true;
    screensLoaded.add(locale);
  }
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/**
 * The active language's `screens` part in the browser instance, loaded once; awaited by every
 * lazy route screen (`lazyScreen`) before it first renders, so no screen ever shows a message
 * id. A no-op on the server (it renders from catalogues loaded at start) and when already loaded
 * (no change event, so a page hydrating with its screens part preloaded does not re-render).
 */
export async function loadScreenMessages(instance: I18n = i18n): Promise<void> {
  if (typeof window === "undefined") return;
  screensWanted = true;
  const locale = instance.locale;
  if (!isLocale(locale) || screensLoaded.has(locale)) return;
  const messages = (await loaders[locale].screens()).default;
  // A switch may have happened while the chunk loaded; it then loaded the new language's part.
  if (instance.locale !== locale || screensLoaded.has(locale)) return;
  instance.load(locale, messages);
  screensLoaded.add(locale);
}

/**
 * The language the server chose for this page (`<html lang>`, set per request). Only the dev
 * server, whose index.html is fixed, falls back to the `lang` cookie; a built page must hydrate
 * in exactly the server's language (the account's may differ from the cookie's).
 */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  if (import.meta.env.DEV && lang === "en") {
    const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(document.cookie)?.[1];
    if (isLocale(cookie)) return cookie;
  }
  return isLocale(lang) ? lang : "en";
}

/** Remembers a visitor's choice for a year (the server reads it for the next page, #21). */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 60 * 60}; samesite=lax`;
}
