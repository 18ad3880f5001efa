import { Component, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { ReadyMarker } from "../layout/ready-marker";
import { useT } from "@/lib/i18n/use-t";

/**
 * What a failing screen shows: the shared failure panel, whose reload link reloads the page
 * (also when a lazy chunk fails to load after a deploy).
 */
export function RouteError() {
  const _ = useT();
  return (
    <div className="page page--narrow">
      <h1 className="visually-hidden">{_("error.heading")}</h1>
      <FailurePanel />
      <ReadyMarker />
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Error boundary of the routed area: a screen that throws shows `RouteError` inside the shell
 * (header and footer stay). Keyed by the path, so navigating away clears the failure.
 */
export function ScreenBoundary() {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname}>
      <Outlet />
    </Boundary>
  );
}
