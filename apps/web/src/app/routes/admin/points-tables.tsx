import { PointsTablesAdmin } from "@/features/rounds/components/points-tables-admin";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/** `/admin/points-tables` (event administrators, canEventAdministrate; issue #19): the FFA points tables and the form to add one. */
export default function PointsTablesRoute() {
  const _ = useT();
  useDocumentTitle(_("rounds.pointsTables.title"));
  return (
    <div className="page">
      <h1>{_("rounds.pointsTables.title")}</h1>
      <RequirePermission permission="canEventAdministrate">
        <PointsTablesAdmin />
      </RequirePermission>
    </div>
  );
}
