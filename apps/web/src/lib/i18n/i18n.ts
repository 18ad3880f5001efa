import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { LANGUAGE_COOKIE, PSEUDO_LANGUAGE, SITE_LANGUAGES, type SiteLanguage } from "@site/contract";

/**
 * The interface language (#21, docs/decisions.md "#21 i18n framework", docs/i18n.md).
 *
 * Lingui with explicit message ids: components call `useT()` (`_("nav.home")`) or `<Trans id>`;
 * the catalogues are `src/locales/<lang>.json` (id → ICU MessageFormat), compiled at build time
 * by `locale-catalogs.ts` into one lazily loaded chunk per language. Only the active one is
 * loaded. The server decides the first page's language (account, `lang` cookie,
 * Accept-Language, English) and writes it in `<html lang>`; the browser loads that catalogue
 * before hydrating, so the first render matches the server's HTML.
 */

/** An interface locale: one of SITE_LANGUAGES, or the pseudo-locale `en-XA` (a layout test). */
export type Locale = SiteLanguage | typeof PSEUDO_LANGUAGE;

export function isLocale(value: unknown): value is Locale {
  return value === PSEUDO_LANGUAGE || (SITE_LANGUAGES as readonly unknown[]).includes(value);
}

/** One dynamic import per language, so each catalogue is its own chunk. */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("virtual:locale/en"),
  fr: () => import("virtual:locale/fr"),
  de: () => import("virtual:locale/de"),
  es: () => import("virtual:locale/es"),
  pt: () => import("virtual:locale/pt"),
  ja: () => import("virtual:locale/ja"),
  [PSEUDO_LANGUAGE]: () => import("virtual:locale/en-XA"),
};

/** The compiled catalogue of `locale` (its chunk loads once; later calls reuse the module). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}

/**
 * The browser's one instance. Components read it through the provider (`useT`), so a switch
 * re-renders them; code outside React (and tests rendering without providers) use it directly.
 */
export const i18n: I18n = setupI18n();

/** Loads `locale`'s catalogue (if not yet) and makes it the active language. */
export async function activateLocale(locale: Locale, instance: I18n = i18n): Promise<void> {
  const messages = await loadMessages(locale);
  instance.loadAndActivate({ locale, messages });
  if (typeof document !== "undefined") document.documentElement.lang = locale;
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
