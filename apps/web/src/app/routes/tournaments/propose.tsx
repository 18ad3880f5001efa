import { ProposeTournament } from "@/features/tournaments/components/tournament-proposals";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/propose` (players with a profile; issue #22 §5): propose a tournament for approval. */
export default function ProposeRoute() {
  const _ = useT();
  useDocumentTitle(_("tournaments.propose.title"));
  return (
    <div className="page page--form">
      <h1>{_("tournaments.propose.title")}</h1>
      <ProposeTournament />
    </div>
  );
}
