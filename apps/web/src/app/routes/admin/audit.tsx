import { AuditLog } from "@/features/admin/components/audit-log";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/admin/audit` (administrators, canAdministrate). */
export default function AuditRoute() {
  useDocumentTitle("Audit Log");
  return (
    <div className="page">
      <h1>Audit Log</h1>
      <RequirePermission permission="canAdministrate">
        <AuditLog />
      </RequirePermission>
    </div>
  );
}
