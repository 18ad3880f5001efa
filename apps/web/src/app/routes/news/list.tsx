import { NewsList } from "@/features/moderation/components/news-list";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/news`: every news post (the home news panel links here). */
export default function NewsListRoute() {
  useDocumentTitle("News");
  return (
    <div className="page">
      <h1>News</h1>
      <NewsList />
    </div>
  );
}
