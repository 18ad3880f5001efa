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
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { AppRoutes, routes } from "./app/router";
import { provideSiteConfig, type InjectedSite } from "./config/site";
import { provideFirstScreen } from "./lib/api-client";
import { createQueryClient } from "./lib/query-client";

/** The element tree of `url` (path with query string) for the server. */
function tree(url: string): ReactElement {
  return (
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * Loads every lazy route screen once (their chunks are part of this server bundle), so later
 * renders find them resolved and never suspend. Call once before serving; resolves when done.
 */
export async function prepare(): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const route of routes.flatMap(function walk(r): typeof routes {
    return [r, ...(r.children ?? []).flatMap(walk)];
  })) {
    const el = route.element as { type?: { _init?: (p: unknown) => unknown; _payload?: unknown } } | undefined;
    const lazyType = el?.type;
    if (lazyType && typeof lazyType._init === "function") {
      try {
        lazyType._init(lazyType._payload);
      } catch (thrown) {
        // React.lazy throws its pending promise until the module has loaded.
        if (thrown && typeof (thrown as Promise<unknown>).then === "function") pending.push(thrown as Promise<unknown>);
      }
    }
  }
  await Promise.all(pending);
}

/**
 * The HTML inside `<div id="root">` for `url`, drawn from `answers` (API path with query string
 * → JSON, the page's first-screen answers) with the site's settings. The render is synchronous,
 * so `answers` are visible to this render only.
 */
export function renderPage(url: string, answers: Record<string, unknown>, site: InjectedSite): string {
  const element = tree(url);
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
