import { useContext } from "react";
import type { I18n } from "@lingui/core";
import { LinguiContext, type TransProps } from "@lingui/react";
import { TransNoContext } from "@lingui/react/server";
import { i18n as browserI18n } from "./i18n";

/**
 * The active language's `_` (`_("nav.home")`, `_("home.results.count", { count })`): from the
 * provider, so a language switch re-renders the caller; outside one (unit tests rendering a
 * widget alone), the browser's instance, which tests keep on English.
 */
export function useT(): I18n["_"] {
  const context = useContext(LinguiContext);
  return context?._ ?? browserI18n._.bind(browserI18n);
}

/** The active `I18n` (its `locale` for Intl formatting), as `useT` finds it. */
export function useI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? browserI18n;
}

/**
 * A message with elements inside (`"Read the <0>rules</0>"`, `components={{ 0: <Link/> }}`):
 * Lingui's `<Trans>`, with the same fallback as `useT`.
 */
export function Trans(props: Omit<TransProps, "render" | "component">) {
  const context = useContext(LinguiContext);
  return <TransNoContext {...props} lingui={context ?? { i18n: browserI18n }} />;
}
