import { MyTournamentsPage } from "@/features/tournaments/components/my-tournaments";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/mine`: the signed-in player's tournaments (issue 17 §3 "My tournaments"). */
export default function MyTournamentsRoute() {
  useDocumentTitle("My Tournaments");
  return (
    <div className="page">
      <div className="page-header">
        <h1>My Tournaments</h1>
      </div>
      <MyTournamentsPage />
    </div>
  );
}
