import { useEffect } from "react";

/**
 * Marks the page interactive (`<html data-ready>`) once the routed screen has been hydrated or
 * drawn, and removes the layer (`#hydrating`, base.css) that the server puts over a page it drew
 * (#17 §6): such a page is visible before its scripts run, and until then the layer keeps taps
 * and clicks from reaching buttons that do nothing yet (or a form that would submit natively).
 * End-to-end tests wait for the mark after loading a page.
 */
export function ReadyMarker() {
  useEffect(() => {
    document.getElementById("hydrating")?.remove();
    document.documentElement.dataset.ready = "";
  }, []);
  return null;
}
