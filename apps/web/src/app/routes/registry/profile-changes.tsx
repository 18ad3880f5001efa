import { ProfileChanges } from "@/features/moderation/components/profile-changes";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/profile_changes` (moderators and administrators, canModerate). */
export default function ProfileChangesRoute() {
  const _ = useT();
  useDocumentTitle(_("players.profileChanges.title"));
  return (
    <div className="page">
      <h1>{_("players.profileChanges.title")}</h1>
      <RequirePermission permission="canModerate">
        <ProfileChanges />
      </RequirePermission>
    </div>
  );
}
