import { AdminRoles } from "@/features/admin/components/roles";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/admin/roles` (administrators edit; moderators may look). */
export default function AdminRolesRoute() {
  useDocumentTitle("Roles");
  return (
    <div className="page">
      <h1>Roles</h1>
      <RequirePermission permission="canModerate">
        <AdminRoles />
      </RequirePermission>
    </div>
  );
}
