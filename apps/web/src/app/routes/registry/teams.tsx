import { useParams } from "react-router";
import { TeamList } from "@/features/registry/components/team-list";
import { MyInvitations } from "@/features/teams/components/my-invitations";
import { TeamListActions } from "@/features/teams/components/team-list-actions";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/teams/category/:cat` (000 §2): teams of one category, or 'all'. */
export default function TeamsRoute() {
  const _ = useT();
  useDocumentTitle(_("teams.list.title"));
  const { cat = "all" } = useParams();
  return (
    <div className="page">
      <div className="page-header">
        <h1>{_("teams.list.title")}</h1>
        <TeamListActions />
      </div>
      <MyInvitations />
      <TeamList category={cat} />
    </div>
  );
}
