import { useEffect } from "react";

/**
 * Marks the page interactive (`<html data-ready>`) once the routed screen has been hydrated or
 * drawn. A page drawn on the server (#17 §6) is visible before its scripts run; until then
 * base.css keeps taps and clicks from reaching buttons that do nothing yet (or a form that would
 * submit natively), and end-to-end tests wait for the mark after loading a page.
 */
export function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = "";
  }, []);
  return null;
}
