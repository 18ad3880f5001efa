import { Link } from "react-router";
import type { SeriesListItem } from "@site/contract";
import { BadgeGroup } from "@/components/ui/badge-group";
import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useT } from "@/lib/i18n/use-t";

/**
 * A series card (001 §2 Series listing): the name with '(Historical)' / '(Unpublished)' markers,
 * logo, LAN location, game mode and format badges, the short description, More Details, and the
 * latest event with Register Now! while its registrations are open. Historical series carry the
 * spec's note. Unpublished series (event staff only) are drawn at half opacity like tournaments.
 */
export function SeriesCard({ series: s }: { series: SeriesListItem }) {
  const _ = useT();
  return (
    <article className={["series-card", s.published ? "" : "is-unpublished"].filter(Boolean).join(" ")}>
      <div className="series-card__head">
        {s.logo_url ? (
          <img className="series-card__logo" src={s.logo_url} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <GeneratedArt className="series-card__logo" name={s.series_name} />
        )}
        <div className="series-card__heading">
          <h3 className="series-card__title">
            <Link to={paths.seriesDetail(s.url_slug)}>{s.series_name}</Link>
            {/* The space sits outside the span so the heading's accessible name keeps it. */}
            {s.historical && (
              <>
                {" "}
                <span className="series-card__marker">{_("series.marker.historical")}</span>
              </>
            )}
            {!s.published && (
              <>
                {" "}
                <span className="series-card__marker">{_("series.marker.unpublished")}</span>
              </>
            )}
          </h3>
          <BadgeGroup gameMode={s.game_mode} gameModeHuman={s.game_mode_human} eventFormatHuman={s.event_format_human} />
          {s.organizer === "lan" && s.location && (
            <p className="series-card__location">
              <span className="badge badge--organizer badge--lan">{_("badge.lan")}</span> <span>{s.location}</span>
            </p>
          )}
        </div>
      </div>
      {s.short_description && <p className="series-card__description">{s.short_description}</p>}
      {s.historical && <p className="series-card__note">{_("series.historicalNote")}</p>}
      <div className="series-card__footer">
        {s.latest_event_id !== null && (
          <p className="series-card__latest">
            <span className="series-card__latest-label">{_("series.card.latestEvent")}</span>{" "}
            <Link to={paths.tournament(s.latest_event_id)}>
              {s.latest_event_title ?? _("series.card.tournamentFallback", { id: s.latest_event_id })}
            </Link>
          </p>
        )}
        <div className="series-card__actions">
          {s.latest_event_id !== null && s.registrations_open && (
            <LinkButton to={paths.tournamentRegister(s.latest_event_id)} size="sm">
              {_("series.registerNow")}
            </LinkButton>
          )}
          <LinkButton to={paths.seriesDetail(s.url_slug)} variant="secondary" size="sm">
            {_("series.card.moreDetails")}
          </LinkButton>
        </div>
      </div>
    </article>
  );
}
