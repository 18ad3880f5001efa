import { BansPage } from "@/features/moderation/components/bans";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canModerate";

/** `/admin/bans` (moderators and administrators): bans and account activation. */
export default function BansRoute() {
  const _ = useT();
  useDocumentTitle(_("moderation.bans.docTitle"));
  return (
    <div className="page">
      <h1>{_("moderation.bans.title")}</h1>
      <RequirePermission permission={PERMISSION}>
        <BansPage />
      </RequirePermission>
    </div>
  );
}
