import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { setCsrfLoader, setCsrfToken } from "@/lib/api-client";

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// Testing Library only auto-cleans when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  delete window.__SITE__;
  // The API client keeps the CSRF token at module level; tests must not leak it to each other.
  setCsrfToken(null);
  setCsrfLoader(null);
});
