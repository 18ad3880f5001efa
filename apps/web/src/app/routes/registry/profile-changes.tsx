import { ProfileChanges } from "@/features/moderation/components/profile-changes";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/profile_changes` (moderators and administrators, canModerate). */
export default function ProfileChangesRoute() {
  useDocumentTitle("Profile Changes");
  return (
    <div className="page">
      <h1>Profile Changes</h1>
      <RequirePermission permission="canModerate">
        <ProfileChanges />
      </RequirePermission>
    </div>
  );
}
