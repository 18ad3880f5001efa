import { AdminRoles } from "@/features/admin/components/roles";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canModerate";

/** `/admin/roles` (administrators edit; moderators may look). */
export default function AdminRolesRoute() {
  const _ = useT();
  useDocumentTitle(_("admin.roles.title"));
  return (
    <div className="page">
      <h1>{_("admin.roles.title")}</h1>
      <RequirePermission permission={PERMISSION}>
        <AdminRoles />
      </RequirePermission>
    </div>
  );
}
