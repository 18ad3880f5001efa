import { isRouteErrorResponse, useRouteError } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { ReadyMarker } from "../layout/ready-marker";

/**
 * Error boundary of the routed area: a screen that throws (or whose lazy chunk fails to load
 * after a deploy) shows the shared failure panel, whose reload link reloads the page.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page page--narrow">
      {isRouteErrorResponse(error) && error.status === 404 ? <h1>Page not found</h1> : <h1 className="visually-hidden">Error</h1>}
      <FailurePanel />
      <ReadyMarker />
    </div>
  );
}
