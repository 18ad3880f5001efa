import { useParams } from "react-router";
import { TeamList } from "@/features/registry/components/team-list";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/teams/category/:cat` (000 §2): teams of one category, or 'all'. */
export default function TeamsRoute() {
  useDocumentTitle("Teams");
  const { cat = "all" } = useParams();
  return (
    <div className="page">
      <h1>Teams</h1>
      <TeamList category={cat} />
    </div>
  );
}
