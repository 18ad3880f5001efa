import { useCallback, useEffect, useState } from "react";
import { PSEUDO_LANGUAGE, type SiteLanguage } from "@site/contract";
import { useSession } from "../api/get-session";
import { useSetLanguage } from "../api/set-language";
import { activateLocale, rememberLocale, type Locale } from "@/lib/i18n/i18n";
import { useI18n } from "@/lib/i18n/use-t";

/**
 * The interface language and a setter (#21). Switching loads the language's catalogue, then
 * re-renders the page in it (no reload), sets `<html lang>`, and remembers the choice: the `lang`
 * cookie always, and the account when signed in (so it follows the account to other browsers).
 * A signed-in account's saved language that differs from the page's (chosen in another browser)
 * is applied once the session has answered.
 */
export function useLanguage() {
  const i18n = useI18n();
  const session = useSession();
  const save = useSetLanguage();
  const [switching, setSwitching] = useState<Locale | null>(null);
  const [failed, setFailed] = useState(false);
  const locale = i18n.locale as Locale;

  const setLanguage = useCallback(
    (next: Locale) => {
      setSwitching(next);
      setFailed(false);
      rememberLocale(next);
      if (session.data?.user && next !== PSEUDO_LANGUAGE) save.mutate(next as SiteLanguage);
      activateLocale(next, i18n)
        .catch(() => setFailed(true))
        .finally(() => setSwitching(null));
    },
    [i18n, session.data?.user, save],
  );

  const accountLanguage = session.data?.user?.language ?? null;
  useEffect(() => {
    if (accountLanguage && accountLanguage !== i18n.locale && locale !== PSEUDO_LANGUAGE) {
      rememberLocale(accountLanguage);
      void activateLocale(accountLanguage, i18n);
    }
    // Only when the account's saved language changes, not on every switch of this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountLanguage]);

  return { locale, setLanguage, switching, failed: failed || save.isError };
}
