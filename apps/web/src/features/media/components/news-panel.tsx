import { Link } from "react-router";
import { COUNTS } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import { useLatestNews } from "../api/get-latest-news";
import { MediaLink } from "./media-link";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

/** Home "Latest News" (000 §2): 3 items with image, linked title, author, date and a ≤450-char preview. */
export function NewsPanel() {
  const _ = useT();
  const { locale } = useI18n();
  const query = useLatestNews();
  return (
    <Panel title={_("home.news.title")} testId="panel-news" action={<Link to={paths.newsList}>{_("common.viewAll")}</Link>}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.news.empty")}</p>}>
        {(d) => (
          <ul className="rows news-list">
            {d.data.slice(0, COUNTS.homeNews).map((n) => (
              <li key={n.id} className="news-item">
                {n.image ? (
                  <img className="news-item__image" src={n.image} alt="" loading="lazy" />
                ) : (
                  <GeneratedArt className="news-item__image" name={n.title} />
                )}
                <div className="news-item__body">
                  <h3 className="news-item__title">
                    <MediaLink href={n.url}>{n.title}</MediaLink>
                  </h3>
                  <p className="news-item__meta">
                    {n.author} · {formatDay(n.date, locale)}
                  </p>
                  <p className="news-item__preview">{n.preview}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
