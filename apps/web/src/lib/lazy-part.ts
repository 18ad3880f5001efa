import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** The lazy parts declared so far (a module's parts register when the module is evaluated). */
const parts: unknown[] = [];

/**
 * `React.lazy` for a part of a screen whose code should stay out of the screen's first load
 * (forms with their schemas, editors; #17 §6), registered so the server render can resolve it
 * ahead (`lazyParts`, used by entry-server.tsx's `prepare`): a page drawn on the server never
 * waits for one. Declare at module level, like `React.lazy`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  const part = lazy(load);
  parts.push(part);
  return part;
}

/** Every lazy part registered so far. */
export function lazyParts(): readonly unknown[] {
  return parts;
}
