import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { setCsrfLoader, setCsrfToken } from "@/lib/api-client";
import { activateLocale, i18n } from "@/lib/i18n/i18n";

// A route screen is a lazy chunk that Vite transforms on first import; on a busy 2-core machine
// that alone can take seconds, so `findBy…`/`waitFor` wait up to 10 s instead of 1 s. A test
// that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Build-tool tests (src/testing/*.test.ts with `@vitest-environment node`) run without a DOM.
const dom = typeof window !== "undefined";

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
if (dom) window.scrollTo = (() => {}) as typeof window.scrollTo;

// Testing Library only auto-cleans when test globals are on; they are off here.
afterEach(async () => {
  if (!dom) return;
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  delete window.__SITE__;
  // The API client keeps the CSRF token at module level; tests must not leak it to each other.
  setCsrfToken(null);
  setCsrfLoader(null);
  // A test that switched the language leaves the next one in English.
  if (i18n.locale !== "en") await activateLocale("en", i18n, true);
});

// Tests run in English (#21): the browser's i18n instance holds the compiled English catalogue
// (both parts, core and screens), so every component, inside the providers or rendered alone,
// finds its messages.
await activateLocale("en", i18n, true);
