import { TeamModeration } from "@/features/moderation/components/team-moderation";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/team_approvals` (moderators and administrators, canModerate). */
export default function TeamApprovalsRoute() {
  useDocumentTitle("Team Approvals");
  return (
    <div className="page">
      <h1>Team Approvals</h1>
      <RequirePermission permission="canModerate">
        <TeamModeration />
      </RequirePermission>
    </div>
  );
}
