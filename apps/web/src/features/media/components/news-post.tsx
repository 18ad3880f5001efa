import { Link } from "react-router";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ApiError } from "@/lib/api-client";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useNewsPost } from "../api/get-news-post";

function NewsPostMissing() {
  const _ = useT();
  return (
    <div className="news-post news-post--missing">
      <h1>{_("media.newsPost.notFound")}</h1>
      <p>{_("media.newsPost.missing")}</p>
      <p>
        <Link to={paths.home}>{_("notFound.home")}</Link>
      </p>
    </div>
  );
}

/**
 * A news post (000 §2 Home page: the news titles link here): title, author · date, the optional
 * image and the content. `content_html` is rendered and sanitized by the server from the post's
 * markdown, so it is inserted as HTML. A missing post (404, or an id that cannot exist) gets a
 * friendly text and a way home; any other failure gets the shared failure panel.
 */
export function NewsPost({ id }: { id: number }) {
  const _ = useT();
  const { locale } = useI18n();
  const query = useNewsPost(id);
  const missing = !query.isEnabled || (query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(missing ? _("media.newsPost.notFound") : (query.data?.title ?? _("media.news.title")));

  if (missing) return <NewsPostMissing />;
  return (
    <QueryState query={query}>
      {(post) => (
        <article className="news-post">
          <header className="news-post__header">
            <h1 className="news-post__title">{post.title}</h1>
            <p className="news-post__meta">{[post.author, formatDay(post.date, locale)].filter(Boolean).join(" · ")}</p>
          </header>
          {post.image && <img className="news-post__image" src={post.image} alt="" />}
          <div className="markdown-body news-post__content" dangerouslySetInnerHTML={{ __html: post.content_html }} />
        </article>
      )}
    </QueryState>
  );
}
