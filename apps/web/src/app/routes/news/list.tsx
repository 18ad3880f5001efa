import { NewsList } from "@/features/moderation/components/news-list";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/news`: every news post (the home news panel links here). */
export default function NewsListRoute() {
  const _ = useT();
  useDocumentTitle(_("media.news.title"));
  return (
    <div className="page">
      <h1>{_("media.news.title")}</h1>
      <NewsList />
    </div>
  );
}
