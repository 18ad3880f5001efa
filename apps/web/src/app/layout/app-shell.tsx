import { Suspense } from "react";
import { Outlet } from "react-router";
import { Loading } from "@/components/ui/loading";
import { useApplyTheme, useTheme } from "@/features/session/hooks/use-theme";
import { ReadyMarker } from "./ready-marker";
import { ScrollOnNavigate } from "./scroll-on-navigate";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useT } from "@/lib/i18n/use-t";

/**
 * The page shell around every route: skip link, header, the routed screen (lazy screens show a
 * loading line while their chunk arrives), footer. It also keeps `data-theme` in step with the
 * session's or the visitor's theme.
 */
export function AppShell() {
  const _ = useT();
  const { theme } = useTheme();
  useApplyTheme(theme);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {_("shell.skipLink")}
      </a>
      <SiteHeader />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
          <ReadyMarker />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollOnNavigate />
    </div>
  );
}
