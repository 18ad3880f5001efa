import { useId } from "react";
import { useT } from "@/lib/i18n/use-t";
import { LanguageSwitch } from "./language-switch";

/**
 * The profile page's language setting (#21): the same switch as the header's, with a line saying
 * where the choice is kept (the account, so every browser signed in to it follows).
 */
export function LanguagePanel() {
  const _ = useT();
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <header className="panel__header">
        <h2 className="panel__title" id={headingId}>
          {_("language.label")}
        </h2>
      </header>
      <div className="panel__body">
        <p>{_("language.profileHint")}</p>
        <LanguageSwitch />
      </div>
    </section>
  );
}
