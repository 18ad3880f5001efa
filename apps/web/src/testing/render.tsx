import type { ReactElement } from "react";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProvider, connectCsrf } from "@/app/provider";
import { routes } from "@/app/router";

/** A QueryClient for tests: no retries (failures show at once), no caching between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders the whole app (shell + routes) at `path`, as the browser would. */
export function renderApp(path = "/") {
  const queryClient = createTestQueryClient();
  connectCsrf(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, user, router, queryClient };
}

/** Renders one component with query and router context (for widgets that link or fetch). */
export function renderWithProviders(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, user, router, queryClient };
}
