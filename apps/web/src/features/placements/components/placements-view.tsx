import { useRef, useState } from "react";
import { Link } from "react-router";
import { COUNTS, PLACEMENTS_PAGE_SIZE, type PlacementRow, placementsCsvUrl, type TournamentDetail } from "@site/contract";
import { Medal } from "@/components/ui/medal";
import { Pager } from "@/components/ui/pager";
import { SortHeader } from "@/components/ui/sort-header";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useSession } from "@/features/session/api/get-session";
import { PlacementLabel, placementRange } from "@/components/ui/placement-label";
import { placementOrdinal } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { useMyPlacement } from "../api/get-my-placement";
import { type PlacementsOrder, usePlacements } from "../api/get-placements";
import "./placements.css";
import { useNow } from "@/hooks/use-now";
import { hasStarted } from "@/lib/has-started";

/** The sort codes of the placements list (`?order`: P placement, N name; PA placement ascending). */
const BY_PLACEMENT = "P";
const BY_NAME = "N";
const PLACEMENT_ORDER: PlacementsOrder = "PA";

/** The entrant cell: squad/team tag and name with its members and their flags, or the solo player. */
export function EntrantCell({ row }: { row: PlacementRow }) {
  if (row.entrant_type === "player") {
    const m = row.members[0];
    return m ? <PlayerName id={m.player_id} name={m.display_name} countryCode={m.country_code} /> : <span>{row.name}</span>;
  }
  return (
    <div className="placement-entrant">
      <span className="team-name">
        {row.tag && <TeamTag tag={row.tag} color={row.color} name={row.name} />}{" "}
        {row.team_id ? <Link to={paths.team(row.team_id)}>{row.name}</Link> : <span>{row.name}</span>}
      </span>
      {row.members.length > 0 && (
        <span className="placement-entrant__members">
          {row.members.map((m) => (
            <PlayerName key={m.player_id} id={m.player_id} name={m.display_name} countryCode={m.country_code} />
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * The 'You placed' block (001 §2 Squad placements): a medal for places 1–3, the ordinal, the
 * tie range with its upper bound, a Disqualified note, and the title.
 */
export function YouPlaced({ row }: { row: PlacementRow }) {
  const _ = useT();
  const locale = useI18n().locale as Locale;
  if (row.dq || row.placement === null) {
    return (
      <section className="you-placed you-placed--dq" aria-label={_("placements.you.label")}>
        <p className="you-placed__line">
          <Trans id="placements.you.disqualified" components={{ 0: <strong /> }} />
        </p>
        <p className="you-placed__note">{_("placements.you.disqualifiedNote", { name: row.name })}</p>
        {row.title && <p className="you-placed__title">{row.title}</p>}
      </section>
    );
  }
  const { best, worst } = placementRange(row.placement, row.placement_upper_bound);
  const tied = best !== worst;
  const team = row.entrant_type !== "player";
  const ordinal = placementOrdinal(best, locale);
  const values = { ordinal, best: ordinal, worst: placementOrdinal(worst, locale), name: row.name };
  const strong = <strong className="you-placed__ordinal" />;
  const range = <span className="you-placed__range" />;
  const squad = <span className="muted" />;
  return (
    <section className="you-placed" aria-label={_("placements.you.label")}>
      {best <= COUNTS.medalPlaces && <Medal place={best as 1 | 2 | 3} label={_("placements.you.medal", { ordinal })} showNumber />}
      <div>
        <p className="you-placed__line">
          {tied && team ? (
            <Trans id="placements.you.placedTiedWith" values={values} components={{ 0: strong, 1: range, 2: squad }} />
          ) : tied ? (
            <Trans id="placements.you.placedTied" values={values} components={{ 0: strong, 1: range }} />
          ) : team ? (
            <Trans id="placements.you.placedWith" values={values} components={{ 0: strong, 1: squad }} />
          ) : (
            <Trans id="placements.you.placed" values={values} components={{ 0: strong }} />
          )}
        </p>
        {row.title && <p className="you-placed__title">{row.title}</p>}
      </div>
    </section>
  );
}

/**
 * The placements table (001 §2): placement, the squad, team or player with tag, members and
 * flags, the title. With `sort`, the Placement and name headers sort the list (`?order` PA/PD,
 * NA/ND, 001 §7).
 */
export function PlacementsTable({
  rows,
  highlight,
  sort,
}: {
  rows: ReadonlyArray<PlacementRow>;
  highlight?: PlacementRow | null;
  sort?: { order: PlacementsOrder; setOrder: (o: PlacementsOrder) => void };
}) {
  const _ = useT();
  const type = rows[0]?.entrant_type;
  const label =
    type === "team" ? _("placements.table.team") : type === "player" ? _("placements.table.player") : _("placements.table.squad");
  const h = sort && { order: sort.order, setOrder: (o: string) => sort.setOrder(o as PlacementsOrder) };
  return (
    <div className="table-scroll">
      <table className="stats-table placements-table">
        <thead>
          <tr>
            {h ? (
              <SortHeader code={BY_PLACEMENT} label={_("placements.table.placement")} className="num" {...h} />
            ) : (
              <th scope="col" className="num">
                {_("placements.table.placement")}
              </th>
            )}
            {h ? <SortHeader code={BY_NAME} label={label} {...h} /> : <th scope="col">{label}</th>}
            <th scope="col" className="placements-table__title">
              {_("placements.table.title")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={`${r.entrant_type}-${r.entrant_id}`}
              className={highlight && highlight.entrant_id === r.entrant_id ? "is-highlighted" : undefined}
              data-entrant={r.entrant_id}
            >
              <td className="num">
                <PlacementLabel placement={r.placement} upperBound={r.placement_upper_bound} dq={r.dq} />
              </td>
              <td>
                <EntrantCell row={r} />
                {/* Narrow screens drop the mostly empty Title column and show a title here instead (CSS). */}
                {r.title && <span className="placements-table__inline-title">{r.title}</span>}
              </td>
              <td className="placements-table__title">{r.title}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The viewer's placement when signed in (null otherwise). */
function useOwnPlacement(id: number) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user?.player_id);
  const mine = useMyPlacement(id, signedIn);
  return signedIn ? (mine.data?.placement ?? null) : null;
}

/**
 * `/tournaments/{id}/placements` body (001 §2 Squad/Team placements): Final Placements, total
 * entrants, 'You placed' (whatever page is shown), and the table one page of
 * PLACEMENTS_PAGE_SIZE at a time with the shared Previous/Next pager; each row shows its stored
 * placement, so page 2 starts at the 101st place, not at 1. Sorting by placement or name starts
 * again at page 1.
 */
export function FinalPlacements({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const [page, setPage] = useState(1);
  const [order, setOrderState] = useState<PlacementsOrder>(PLACEMENT_ORDER);
  const setOrder = (o: PlacementsOrder) => (setOrderState(o), setPage(1));
  const query = usePlacements(t.id, order, undefined, page);
  const mine = useOwnPlacement(t.id);
  // Paging from the pager under the table brings the new page's first rows into view.
  const top = useRef<HTMLDivElement>(null);
  const goToPage = (n: number) => {
    setPage(n);
    top.current?.scrollIntoView?.({ block: "nearest" });
  };
  // A new save can shorten the list: go back to its new last page (adjusted while rendering).
  if (query.data && !query.isPlaceholderData && page > query.data.page_count) setPage(query.data.page_count);
  return (
    <section className="panel" aria-labelledby="final-placements">
      <header className="panel__header">
        <h2 className="panel__title" id="final-placements">
          {_("placements.final")}
        </h2>
        <Link className="panel__action" to={paths.tournament(t.id)}>
          {_("placements.backToTournament")}
        </Link>
      </header>
      <div className="panel__body">
        <QueryState
          query={query}
          isEmpty={(d) => d.data.length === 0 && d.page === 1}
          empty={<p className="empty">{_("placements.none")}</p>}
        >
          {(d) => (
            <>
              <p className="placements__total">{_("placements.totalEntrants", { count: d.total_entrants })}</p>
              {/* Every row as CSV (issue #22 §3). */}
              <p className="muted">
                <a href={placementsCsvUrl(t.id)} download>
                  {_("placements.downloadCsv")}
                </a>
              </p>
              {mine && <YouPlaced row={mine} />}
              <div ref={top} className="table-anchor" />
              {d.page_count > 1 && d.data.length > 0 && (
                <p className="muted placements__range">
                  {_("placements.showing", {
                    from: (d.page - 1) * PLACEMENTS_PAGE_SIZE + 1,
                    to: (d.page - 1) * PLACEMENTS_PAGE_SIZE + d.data.length,
                    page: d.page,
                    pages: d.page_count,
                  })}
                </p>
              )}
              <PlacementsTable rows={d.data} highlight={mine} sort={{ order, setOrder }} />
              <Pager page={d.page} hasNextPage={d.page < d.page_count} onPageChange={goToPage} busy={query.isPlaceholderData} />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

export { hasStarted };

/**
 * The tournament page's status part (001 §2): once placements exist, the 'You placed' block or
 * 'This tournament has concluded.'. Shares the Top 12 query with the preview, so one request.
 */
export function PlacementStatus({ t }: { t: TournamentDetail }) {
  const query = usePlacements(t.id, PLACEMENT_ORDER, COUNTS.placementsPreview);
  const mine = useOwnPlacement(t.id);
  const now = useNow();
  const _ = useT();
  if (!query.data || query.data.data.length === 0) return null;
  // Placements entered ahead of time never make a tournament that has not started "concluded" (#17 §8).
  if (!hasStarted(t, now)) return null;
  return mine ? <YouPlaced row={mine} /> : <p className="concluded">{_("placements.concluded")}</p>;
}

/**
 * The tournament page's Top 12 preview (001 §2, §9): 'Showing Top 12' and one 'View Full
 * Placements' link in the header (a second link to the same page under the table only repeated
 * it). Nothing before placements exist; the failure panel when the call fails.
 */
export function PlacementsPreview({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const query = usePlacements(t.id, PLACEMENT_ORDER, COUNTS.placementsPreview);
  const mine = useOwnPlacement(t.id);
  // A 404 means the tournament itself is gone; the page says so already.
  if (query.isError && !query.data && !(query.error instanceof ApiError && query.error.status === 404)) {
    return <QueryState query={query}>{() => null}</QueryState>;
  }
  if (!query.data || query.data.data.length === 0) return null;
  const d = query.data;
  return (
    <section className="panel" aria-labelledby={`top-placements-${t.id}`}>
      <header className="panel__header">
        <h2 className="panel__title" id={`top-placements-${t.id}`}>
          {_("placements.title")}
        </h2>
        <Link className="panel__action" to={paths.tournamentPlacements(t.id)}>
          {_("placements.viewFull")}
        </Link>
      </header>
      <div className="panel__body">
        <p className="muted">{_("placements.showingTop", { count: COUNTS.placementsPreview })}</p>
        <PlacementsTable rows={d.data} highlight={mine} />
      </div>
    </section>
  );
}
