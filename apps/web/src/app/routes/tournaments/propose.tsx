import { ProposeTournament } from "@/features/tournaments/components/tournament-proposals";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/propose` (players with a profile; issue #22 §5): propose a tournament for approval. */
export default function ProposeRoute() {
  useDocumentTitle("Propose a Tournament");
  return (
    <div className="page page--form">
      <h1>Propose a Tournament</h1>
      <ProposeTournament />
    </div>
  );
}
