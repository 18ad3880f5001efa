import { cloneElement, createContext, Fragment, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import type { I18n, MessageId } from "@lingui/core";
import { i18n as browserI18n } from "./i18n";

/**
 * The React side of the interface language (#21, docs/decisions.md "#21 i18n framework"):
 * `I18nProvider`, `useT`, `useI18n` and `<Trans>`, on `@lingui/core` alone.
 *
 * Not `@lingui/react`: its provider reaches React through the `use-sync-external-store` shim and
 * its `<Trans>` carries render-prop and default-component machinery we do not use; together
 * ~2 KB gzip of the home page's first load, against the issue's ~5 KB budget for `/`. React 19
 * has `useSyncExternalStore` itself, and the site only needs numbered tags in rich text.
 */

/** What the provider hands down: the instance and its `_`, a new object on every change. */
interface I18nValue {
  i18n: I18n;
  _: I18n["_"];
}

const I18nContext = createContext<I18nValue | null>(null);

const valueOf = (i18n: I18n): I18nValue => ({ i18n, _: i18n._.bind(i18n) });

/** One store per instance: its value changes on every `change` the instance emits. */
const stores = new WeakMap<I18n, { subscribe: (onChange: () => void) => () => void; getSnapshot: () => I18nValue }>();
function storeOf(i18n: I18n) {
  let store = stores.get(i18n);
  if (!store) {
    let value = valueOf(i18n);
    store = {
      subscribe: (onChange) =>
        i18n.on("change", () => {
          value = valueOf(i18n);
          onChange();
        }),
      getSnapshot: () => value,
    };
    stores.set(i18n, store);
  }
  return store;
}

/**
 * Provides `i18n` to `useT`, `useI18n` and `<Trans>`. Every `change` the instance emits (a
 * language activated, a catalogue part loaded) gives a new value, so every caller re-renders
 * with the new messages; no reload. The server passes one instance per render.
 */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const store = storeOf(i18n);
  const value = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * The active language's `_` (`_("nav.home")`, `_("home.results.count", { count })`): from the
 * provider, so a language switch re-renders the caller; outside one (unit tests rendering a
 * widget alone), the browser's instance, which tests keep on English.
 */
export function useT(): I18n["_"] {
  const context = useContext(I18nContext);
  return context?._ ?? browserI18n._.bind(browserI18n);
}

/** The active `I18n` (its `locale` for Intl formatting), as `useT` finds it. */
export function useI18n(): I18n {
  return useContext(I18nContext)?.i18n ?? browserI18n;
}

/** `<Trans>`'s props: the message, its plain values, and the elements its numbered tags wrap. */
export interface TransProps {
  id: MessageId;
  /** Placeholder values; a React element as a value is rendered in place. */
  values?: Record<string, unknown>;
  /** `{0: <Link to=… />}` for the message's `<0>…</0>` (or `<0/>`) */
  components?: Record<string, ReactElement>;
}

/**
 * A message with elements inside (`"Read the <0>rules</0>"`, `components={{ 0: <Link/> }}`):
 * the element is cloned with the translated text as its children, tags may nest, and text
 * outside tags stays text (React escapes it). A tag without an element renders its text only.
 */
export function Trans({ id, values, components = {} }: TransProps) {
  const i18n = useI18n();
  const elements: Record<string, ReactElement> = { ...components };
  const plain: Record<string, unknown> = { ...values };
  // An element given as a value becomes a self-closing tag of its own, like Lingui's <Trans>.
  let next = Object.keys(elements).length;
  for (const [key, value] of Object.entries(values ?? {})) {
    if (typeof value === "string" || typeof value === "number" || value === null || value === undefined) continue;
    elements[next] = <Fragment>{value as ReactNode}</Fragment>;
    plain[key] = `<${next}/>`;
    next++;
  }
  return <>{formatElements(i18n._(id, plain), elements)}</>;
}

/** `<0>…</0>` (children) or `<0/>` (none), the first in the text. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

/** The translated text as React nodes, numbered tags replaced by clones of their elements. */
export function formatElements(text: string, elements: Record<string, ReactElement>): ReactNode {
  const out: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const index = match[1] ?? match[3]!;
    const inner = match[1] !== undefined ? formatElements(match[2]!, elements) : undefined;
    const element = elements[index];
    const props = element?.props as { children?: ReactNode } | undefined;
    out.push(
      element ? cloneElement(element, { key: out.length }, inner ?? props?.children) : <Fragment key={out.length}>{inner}</Fragment>,
    );
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) out.push(rest);
  return out.length === 1 ? out[0] : out;
}
