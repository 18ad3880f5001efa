import { SITE_LANGUAGE_NAMES, SITE_LANGUAGES, PSEUDO_LANGUAGE } from "@site/contract";
import { MenuSelector } from "@/components/ui/menu-selector";
import { useT } from "@/lib/i18n/use-t";
import type { Locale } from "@/lib/i18n/i18n";
import { useLanguage } from "../hooks/use-language";

/** Each language under its own name (autonym), so a reader finds theirs whatever the page's language. */
const OPTIONS = SITE_LANGUAGES.map((l) => ({ value: l as Locale, label: SITE_LANGUAGE_NAMES[l] }));
// The pseudo-locale is offered only while it is active (reached through the `lang` cookie), so
// a tester can leave it; nobody else sees it (#21).
// eslint-disable-next-line lingui/no-unlocalized-strings -- the pseudo-locale names itself, like the autonyms above
const WITH_PSEUDO = [...OPTIONS, { value: PSEUDO_LANGUAGE as Locale, label: "Ƥšéüðö" }];

/**
 * The header's (and the profile's) language switch (#21): the six languages named in their own
 * language. Choosing one re-renders the page in it without a reload and remembers it (cookie;
 * the account too when signed in). While the catalogue loads the control is disabled.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const _ = useT();
  const { locale, setLanguage, switching, failed } = useLanguage();
  return (
    <div className={["language-switch", className ?? ""].filter(Boolean).join(" ")} title={failed ? _("language.saveFailed") : undefined}>
      <MenuSelector
        label={_("language.label")}
        options={locale === PSEUDO_LANGUAGE ? WITH_PSEUDO : OPTIONS}
        value={switching ?? locale}
        onChange={setLanguage}
        disabled={switching !== null}
      />
    </div>
  );
}
