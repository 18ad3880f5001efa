import type { MediaKind } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { useLatestMedia } from "../api/get-latest-media";
import { GeneratedArt } from "@/components/ui/generated-art";
import type { MessageId } from "@lingui/core";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

/**
 * Title, test id and empty text of each kind's panel; the admin page names its sections the same
 * way. Titles and empty texts are message ids (#21): read them through `useT()`.
 */
export const MEDIA_PANELS = {
  youtube: { title: "home.videos.title", testId: "panel-videos", empty: "home.videos.empty" },
  stream: { title: "home.streams.title", testId: "panel-streams", empty: "home.streams.empty" },
  social: { title: "home.social.title", testId: "panel-social", empty: "home.social.empty" },
} as const satisfies Record<MediaKind, { title: MessageId; testId: string; empty: MessageId }>;

/**
 * Home panels for outside media (000 §2: video site, live-stream site, social feed). Every item
 * links out in a new window.
 */
export function MediaPanel({ kind }: { kind: MediaKind }) {
  const _ = useT();
  const { locale } = useI18n();
  const query = useLatestMedia(kind);
  const cfg = MEDIA_PANELS[kind];
  return (
    <Panel title={_(cfg.title)} testId={cfg.testId}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_(cfg.empty)}</p>}>
        {(d) => (
          <ul className="rows media-list">
            {d.data.map((m) => (
              <li key={m.id} className="media-item">
                <a className="media-item__link" href={m.url} target="_blank" rel="noopener noreferrer">
                  {m.image ? (
                    <img className="media-item__thumb" src={m.image} alt="" loading="lazy" />
                  ) : (
                    <GeneratedArt className="media-item__thumb" name={m.title} />
                  )}
                  <span className="media-item__text">
                    <span className="media-item__title">{m.title}</span>
                    <span className="media-item__meta">
                      {m.author}
                      {m.author ? " · " : ""}
                      {formatDay(m.date, locale)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
