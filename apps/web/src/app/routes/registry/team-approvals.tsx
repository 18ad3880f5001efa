import { TeamModeration } from "@/features/moderation/components/team-moderation";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/team_approvals` (moderators and administrators, canModerate). */
export default function TeamApprovalsRoute() {
  const _ = useT();
  useDocumentTitle(_("teams.approvals.title"));
  return (
    <div className="page">
      <h1>{_("teams.approvals.title")}</h1>
      <RequirePermission permission="canModerate">
        <TeamModeration />
      </RequirePermission>
    </div>
  );
}
