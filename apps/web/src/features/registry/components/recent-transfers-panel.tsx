import { Link } from "react-router";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useRecentTransfers } from "../api/get-transactions";
import { TransferRow } from "@/components/ui/transfer-row";

/** Home "Recent Transfers" (000 §2): the 5 latest team transfers. */
export function RecentTransfersPanel() {
  const query = useRecentTransfers();
  return (
    <Panel title="Recent Transfers" testId="panel-transfers" action={<Link to={paths.transfers}>View all</Link>}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No transfers.</p>}>
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
