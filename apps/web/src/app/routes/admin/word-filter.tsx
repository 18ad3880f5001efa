import { WordFilter } from "@/features/admin/components/word-filter";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canAdministrate";

/** `/admin/word_filter` (administrators, canAdministrate). */
export default function WordFilterRoute() {
  const _ = useT();
  useDocumentTitle(_("admin.wordFilter.title"));
  return (
    <div className="page">
      <h1>{_("admin.wordFilter.title")}</h1>
      <RequirePermission permission={PERMISSION}>
        <WordFilter />
      </RequirePermission>
    </div>
  );
}
