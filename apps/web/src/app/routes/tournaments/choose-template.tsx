import { ChooseTemplate } from "@/features/tournaments/components/choose-template";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/choose_template` (001 §2 Choose template). */
export default function ChooseTemplateRoute() {
  const _ = useT();
  useDocumentTitle(_("tournaments.new"));
  return (
    <div className="page page--narrow-form">
      <h1>{_("tournaments.new")}</h1>
      <ChooseTemplate />
    </div>
  );
}
