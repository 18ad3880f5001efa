import { Suspense, useMemo } from "react";
import { Outlet, useSearchParams } from "react-router";
import { overlayStyle, parseOverlayParams } from "@/features/rounds/components/overlay-params";
import { ReadyMarker } from "./ready-marker";

/**
 * The frame of the stream overlays (issue #20 §2), instead of the site's shell: no header, no
 * footer, no account UI, a transparent page (overlay.css), and the overlay's colours and size
 * from its query string as CSS variables. A lazy overlay draws nothing while its chunk loads.
 */
export function OverlayFrame() {
  const [search] = useSearchParams();
  const style = useMemo(() => overlayStyle(parseOverlayParams(search)), [search]);
  return (
    <main className="overlay-root" style={style}>
      <Suspense fallback={null}>
        <Outlet />
        <ReadyMarker />
      </Suspense>
    </main>
  );
}
