import { useState } from "react";
import { Link } from "react-router";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useNewsList } from "../api/news";
import "@/styles/moderation.css";

/** `/news`: every post, newest first, 10 a page; administrators and moderators get New Post, Edit and the drafts. */
export function NewsList() {
  const _ = useT();
  const { locale } = useI18n();
  const [page, setPage] = useState(1);
  const news = useNewsList(page);
  const session = useSession();
  const staff = Boolean(session.data?.permissions.canAdministrate || session.data?.permissions.canModerate);
  return (
    <div className="news-list">
      {staff && (
        <p>
          <Link className="btn btn--primary" to={paths.newsEdit("new")}>
            {_("moderation.news.newPost")}
          </Link>
        </p>
      )}
      <QueryState query={news} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.news.empty")}</p>}>
        {(d) => (
          <>
            <ul className="mod-list">
              {d.data.map((n) => (
                <li key={n.id} className="mod-item news-list__item">
                  <div className="news-list__body">
                    <h2 className="news-list__title">
                      <Link to={paths.news(n.id)}>{n.title}</Link>
                      {!n.published && <span className="news-list__draft"> {_("moderation.news.notPublished")}</span>}
                    </h2>
                    <p className="news-list__meta">
                      {formatDay(n.date, locale)} · {n.author}
                    </p>
                    <p>{n.preview}</p>
                  </div>
                  {staff && (
                    <Link
                      className="btn btn--secondary btn--sm"
                      to={paths.newsEdit(n.id)}
                      aria-label={_("moderation.news.editLabel", { title: n.title })}
                    >
                      {_("moderation.news.edit")}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={news.isFetching} />
          </>
        )}
      </QueryState>
    </div>
  );
}
