import { useParams } from "react-router";
import { NewsEditor } from "@/features/moderation/components/news-editor";
import { type Permission, RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import NotFoundRoute from "../not-found";

/** Who may see the screen (the server checks the same). */
const PERMISSION: Permission = "canModerate";

/** `/news/{id}/edit` and `/news/new/edit` (administrators and moderators). */
export default function NewsEditRoute() {
  const _ = useT();
  const { id: raw } = useParams();
  const id = raw === "new" ? "new" : Number(raw);
  const title = id === "new" ? _("moderation.news.newPost") : _("moderation.news.editPost");
  useDocumentTitle(title);
  if (id !== "new" && !(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <div className="page">
      <h1>{title}</h1>
      <RequirePermission permission={PERMISSION}>
        <NewsEditor id={id} />
      </RequirePermission>
    </div>
  );
}
