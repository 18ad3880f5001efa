import { TournamentListing } from "@/features/tournaments/components/tournament-listing";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/tournaments` (001 §2 Tournament listing). */
export default function TournamentsRoute() {
  useDocumentTitle("Tournaments");
  return (
    <div className="page">
      <h1>Tournaments</h1>
      <TournamentListing />
    </div>
  );
}
