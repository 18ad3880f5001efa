import { PointsTablesAdmin } from "@/features/rounds/components/points-tables-admin";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/admin/points-tables` (event administrators, canEventAdministrate; issue #19): the FFA points tables and the form to add one. */
export default function PointsTablesRoute() {
  useDocumentTitle("Points Tables");
  return (
    <div className="page">
      <h1>Points Tables</h1>
      <RequirePermission permission="canEventAdministrate">
        <PointsTablesAdmin />
      </RequirePermission>
    </div>
  );
}
