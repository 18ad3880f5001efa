import { AuditLog } from "@/features/admin/components/audit-log";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canAdministrate";

/** `/admin/audit` (administrators, canAdministrate). */
export default function AuditRoute() {
  const _ = useT();
  useDocumentTitle(_("admin.audit.title"));
  return (
    <div className="page">
      <h1>{_("admin.audit.title")}</h1>
      <RequirePermission permission={PERMISSION}>
        <AuditLog />
      </RequirePermission>
    </div>
  );
}
