/**
 * Server rendering of a page's first screen (#17 §6, "a fast first paint on phones").
 *
 * Built by `vite build --ssr` into `dist/ssr/entry-server.js` (see `scripts/build-ssr.mjs`) and
 * loaded by apps/server at start. For a page request the server already runs the page's
 * first-screen API calls in process (as the browser, with its cookies); `renderPage` draws the
 * route with exactly those answers, so the HTML shows the page before any script has run, and
 * the browser hydrates it from the same embedded answers (identical first render).
 *
 * Rendering is synchronous (`renderToString`): the route screens are lazy chunks in the browser,
 * and `prepare()` resolves every one of them once at start so that a render never suspends. A
 * screen that still suspends renders its loading line (the browser then draws it as usual).
 * Anything that throws is the caller's to catch: the page is then served without server HTML.
 */
import { StrictMode, type ReactElement } from "react";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { renderToString } from "react-dom/server";
import { type RouteObject, StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { AppRoutes, routes } from "./app/router";
import { provideSiteConfig, type InjectedSite } from "./config/site";
import { provideFirstScreen } from "./lib/api-client";
import { isLocale, loadMessages, type Locale } from "./lib/i18n/i18n";
import { lazyParts } from "./lib/lazy-part";
import { createQueryClient } from "./lib/query-client";

/** The element tree of `url` (path with query string) for the server, in `i18n`'s language. */
function tree(url: string, i18n: I18n): ReactElement {
  return (
    <StrictMode>
      <AppProvider queryClient={createQueryClient()} i18n={i18n}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
}

/** The compiled catalogues, filled by `prepare()`. */
const catalogs = new Map<Locale, Messages>();

type LazyType = { _init?: (payload: unknown) => unknown; _payload?: unknown };

/**
 * Loads every lazy route screen and lazy part (`lazyPart`) once (their chunks are part of this
 * server bundle), so later renders find them resolved and never suspend. Loading a screen's
 * module registers its own parts, so this repeats until nothing new appears. Call once before
 * serving.
 */
export async function prepare(): Promise<void> {
  // Every language's catalogue (#21): a render is synchronous, so they are loaded beforehand.
  for (const locale of ["en", "fr", "de", "es", "pt", "ja", "en-XA"] as const) catalogs.set(locale, await loadMessages(locale));
  const done = new Set<unknown>();
  for (;;) {
    const lazies: unknown[] = [
      ...routes
        .flatMap(function walk(r): RouteObject[] {
          return [r, ...(r.children ?? []).flatMap(walk)];
        })
        .map((r) => (r.element as { type?: unknown } | undefined)?.type),
      ...lazyParts(),
    ].filter((l) => l && !done.has(l) && typeof (l as LazyType)._init === "function");
    if (lazies.length === 0) return;
    const pending: Promise<unknown>[] = [];
    for (const l of lazies) {
      done.add(l);
      try {
        (l as LazyType)._init!((l as LazyType)._payload);
      } catch (thrown) {
        // React.lazy throws its pending promise until the module has loaded.
        if (thrown && typeof (thrown as Promise<unknown>).then === "function") pending.push(thrown as Promise<unknown>);
        else throw thrown;
      }
    }
    await Promise.all(pending);
  }
}

/**
 * The HTML inside `<div id="root">` for `url`, drawn from `answers` (API path with query string
 * → JSON, the page's first-screen answers) with the site's settings, in `lang` (#21: the
 * server's choice, also written in `<html lang>`; unknown → English). The render is synchronous,
 * so `answers` are visible to this render only.
 */
export function renderPage(url: string, answers: Record<string, unknown>, site: InjectedSite, lang = "en"): string {
  const locale: Locale = isLocale(lang) ? lang : "en";
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs.get(locale) ?? {} } });
  const element = tree(url, i18n);
  provideSiteConfig(site);
  provideFirstScreen(answers);
  try {
    const html = renderToString(element);
    // A screen that threw while rendering is left to the browser inside its Suspense boundary
    // (`<!--$!-->`), which React reports as an error when hydrating: the whole page is better
    // drawn by the browser then.
    if (html.includes("<!--$!-->")) throw new Error(`a screen of ${url} failed to render on the server`);
    return html;
  } finally {
    provideFirstScreen(null);
    provideSiteConfig(undefined);
  }
}
