import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadScreenMessages } from "./i18n";

/**
 * `React.lazy` for a route screen (src/app/router.tsx) that also waits for the active language's
 * `screens` messages (#21, docs/decisions.md "#21 i18n framework"): the home page loads only the
 * `core` part, and a screen reached from it never renders a message id while its part loads.
 * Should the messages fail to load, the screen still renders (it shows the ids of what is
 * missing) rather than not at all; a failing screen chunk fails as `React.lazy` does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), loadScreenMessages().catch(() => undefined)]).then(([screen]) => screen));
}
