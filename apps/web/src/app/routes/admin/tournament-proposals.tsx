import { ProposalQueue } from "@/features/tournaments/components/tournament-proposals";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/admin/tournament-proposals` (event administrators and moderators; issue #22 §5): approve or decline proposed tournaments. */
export default function TournamentProposalsRoute() {
  useDocumentTitle("Proposed Tournaments");
  return (
    <div className="page">
      <h1>Proposed Tournaments</h1>
      <ProposalQueue />
    </div>
  );
}
