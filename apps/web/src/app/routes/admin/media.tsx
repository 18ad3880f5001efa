import { MediaAdmin } from "@/features/media/components/media-admin";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/admin/media` (administrators, canAdministrate): the home page's media panels and news. */
export default function AdminMediaRoute() {
  useDocumentTitle("Media");
  return (
    <div className="page">
      <h1>Media</h1>
      <RequirePermission permission="canAdministrate">
        <MediaAdmin />
      </RequirePermission>
    </div>
  );
}
