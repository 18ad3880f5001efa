import { ChooseTemplate } from "@/features/tournaments/components/choose-template";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/choose_template` (001 §2 Choose template). */
export default function ChooseTemplateRoute() {
  useDocumentTitle("New Tournament");
  return (
    <div className="page page--narrow-form">
      <h1>New Tournament</h1>
      <ChooseTemplate />
    </div>
  );
}
