import type { ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { I18n } from "@lingui/core";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { setCsrfLoader } from "@/lib/api-client";
import { i18n as browserI18n } from "@/lib/i18n/i18n";
import { I18nProvider } from "@/lib/i18n/use-t";
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
 * confirmation (`useConfirm`) and announce what an action did (`useToast`). `i18n` is the
 * active language (#21): the browser's instance, or on the server one per render.
 */
export function AppProvider({ queryClient, i18n = browserI18n, children }: { queryClient: QueryClient; i18n?: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
