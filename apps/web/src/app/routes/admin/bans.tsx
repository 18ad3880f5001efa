import { BansPage } from "@/features/moderation/components/bans";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/admin/bans` (moderators and administrators): bans and account activation. */
export default function BansRoute() {
  useDocumentTitle("Bans");
  return (
    <div className="page">
      <h1>Bans and Accounts</h1>
      <RequirePermission permission="canModerate">
        <BansPage />
      </RequirePermission>
    </div>
  );
}
