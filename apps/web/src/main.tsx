import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProvider, connectCsrf } from "./app/provider";
import { createAppRouter } from "./app/router";
import { sessionQueryOptions } from "./features/session/api/get-session";
import { applyTheme, readStoredTheme } from "./lib/theme";
import { createQueryClient } from "./lib/query-client";
import { reloadOnStaleChunks } from "./lib/stale-chunks";
import { loadFirstScreen } from "./lib/api-client";
import "./styles/index.css";

reloadOnStaleChunks();

// Apply the remembered theme before the first paint; the session may refine it a moment later.
applyTheme(readStoredTheme());

// The answers the server embedded for this page's first screen (#17 §6): queries start with them.
loadFirstScreen();
const queryClient = createQueryClient();
connectCsrf(queryClient);
// Start the session request now rather than after the first render.
void queryClient.prefetchQuery(sessionQueryOptions());

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
