import { ProposalQueue } from "@/features/tournaments/components/tournament-proposals";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/** `/admin/tournament-proposals` (event administrators and moderators; issue #22 §5): approve or decline proposed tournaments. */
export default function TournamentProposalsRoute() {
  const _ = useT();
  useDocumentTitle(_("tournaments.proposals.title"));
  return (
    <div className="page">
      <h1>{_("tournaments.proposals.title")}</h1>
      <ProposalQueue />
    </div>
  );
}
