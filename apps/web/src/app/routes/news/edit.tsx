import { useParams } from "react-router";
import { NewsEditor } from "@/features/moderation/components/news-editor";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import NotFoundRoute from "../not-found";

/** `/news/{id}/edit` and `/news/new/edit` (administrators and moderators). */
export default function NewsEditRoute() {
  const { id: raw } = useParams();
  const id = raw === "new" ? "new" : Number(raw);
  useDocumentTitle(id === "new" ? "New Post" : "Edit Post");
  if (id !== "new" && !(Number.isInteger(id) && id > 0)) return <NotFoundRoute />;
  return (
    <div className="page">
      <h1>{id === "new" ? "New Post" : "Edit Post"}</h1>
      <RequirePermission permission="canModerate">
        <NewsEditor id={id} />
      </RequirePermission>
    </div>
  );
}
