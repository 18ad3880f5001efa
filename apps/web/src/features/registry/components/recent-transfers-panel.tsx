import { Link } from "react-router";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useRecentTransfers } from "../api/get-transactions";
import { TransferRow } from "@/components/ui/transfer-row";
import { useT } from "@/lib/i18n/use-t";

/** Home "Recent Transfers" (000 §2): the 5 latest team transfers. */
export function RecentTransfersPanel() {
  const _ = useT();
  const query = useRecentTransfers();
  return (
    <Panel title={_("home.transfers.title")} testId="panel-transfers" action={<Link to={paths.transfers}>{_("common.viewAll")}</Link>}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.transfers.empty")}</p>}>
        {(d) => (
          <ul className="rows">
            {d.data.map((t) => (
              <TransferRow key={t.id} transfer={t} />
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
