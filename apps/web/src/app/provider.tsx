import type { ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { setCsrfLoader } from "@/lib/api-client";
import { sessionQueryOptions } from "@/features/session/api/get-session";

/**
 * Lets the API client fetch a CSRF token through the shared ['session'] query when a POST is
 * made before the shell's session request has answered.
 */
export function connectCsrf(queryClient: QueryClient): void {
  setCsrfLoader(() => queryClient.ensureQueryData(sessionQueryOptions()).then((s) => s.csrfToken));
}

/**
 * App-wide providers. The router sits inside so route screens can use queries, ask for a
 * confirmation (`useConfirm`) and announce what an action did (`useToast`).
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
