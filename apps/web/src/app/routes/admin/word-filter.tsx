import { WordFilter } from "@/features/admin/components/word-filter";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/admin/word_filter` (administrators, canAdministrate). */
export default function WordFilterRoute() {
  useDocumentTitle("Word Filter");
  return (
    <div className="page">
      <h1>Word Filter</h1>
      <RequirePermission permission="canAdministrate">
        <WordFilter />
      </RequirePermission>
    </div>
  );
}
