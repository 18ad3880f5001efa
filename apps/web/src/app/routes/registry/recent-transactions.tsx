import { TransferList } from "@/features/registry/components/transfer-list";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/recent_transactions` (000 §2 Recent transfers). */
export default function RecentTransactionsRoute() {
  useDocumentTitle("Recent Transfers");
  return (
    <div className="page">
      <h1>Recent Transfers</h1>
      <TransferList />
    </div>
  );
}
