/**
 * The app itself, loaded by main.tsx: the first-screen answers, the query client, and the render
 * (or, on a page the server drew, the hydration) of the routes.
 */
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProvider, connectCsrf } from "./app/provider";
import { AppRoutes } from "./app/router";
import { sessionQueryOptions } from "./features/session/api/get-session";
import { createQueryClient } from "./lib/query-client";
import { loadFirstScreen } from "./lib/api-client";
import { deferViewerTimeZone } from "./hooks/use-viewer-time-zone";
import { activateLocale, i18n, pageLocale } from "./lib/i18n/i18n";

// The answers the server embedded for this page's first screen (#17 §6): queries start with them.
loadFirstScreen();
const queryClient = createQueryClient();
connectCsrf(queryClient);
// Start the session request now rather than after the first render.
void queryClient.prefetchQuery(sessionQueryOptions());

const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);
const container = document.getElementById("root")!;
// The page's language first (#21): its catalogue chunk loads (in parallel with the session
// request) before the first render, so the hydrated page says what the server drew. Should that
// chunk fail to load, English; should that fail too, the page still renders (ids for texts)
// rather than not at all. Any page but the home page is a lazy screen: its `screens` messages
// load now too, in parallel, so hydrating it never changes the catalogue under React.
void activateLocale(pageLocale(), i18n, location.pathname !== "/")
  .catch(() => activateLocale("en"))
  .catch(() => i18n.loadAndActivate({ locale: "en", messages: {} }))
  .then(() =>
    // The server drew the page from the same embedded answers (#17 §6): hydrate it. In a
    // transition, so React yields to the browser every few milliseconds instead of blocking input
    // for the whole page (a phone's first interaction is not held up by hydration).
    startTransition(() => {
      if (container.firstElementChild) {
        deferViewerTimeZone();
        hydrateRoot(container, app);
      } else createRoot(container).render(app);
    }),
  );
