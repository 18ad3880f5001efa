import { TransferList } from "@/features/registry/components/transfer-list";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/recent_transactions` (000 §2 Recent transfers). */
export default function RecentTransactionsRoute() {
  const _ = useT();
  useDocumentTitle(_("players.transfers.title"));
  return (
    <div className="page">
      <h1>{_("players.transfers.title")}</h1>
      <TransferList />
    </div>
  );
}
