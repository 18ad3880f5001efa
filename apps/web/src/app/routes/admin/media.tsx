import { MediaAdmin } from "@/features/media/components/media-admin";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canAdministrate";

/** `/admin/media` (administrators, canAdministrate): the home page's media panels and news. */
export default function AdminMediaRoute() {
  const _ = useT();
  useDocumentTitle(_("media.admin.title"));
  return (
    <div className="page">
      <h1>{_("media.admin.title")}</h1>
      <RequirePermission permission={PERMISSION}>
        <MediaAdmin />
      </RequirePermission>
    </div>
  );
}
