import { Suspense, useState } from "react";
import { Link } from "react-router";
import type { SeriesDetail, SeriesTournament } from "@site/contract";
import { AppearanceTable, type AppearanceRow } from "@/components/ui/appearance-table";
import { MedalTable, type MedalRow } from "@/components/ui/medal-table";
import { PlayerName } from "@/components/ui/player-name";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { PlacementLabel } from "@/components/ui/placement-label";
import { TabBar } from "@/components/ui/tab-bar";
import { useSeriesStandings } from "../api/series-points";
import { Loading } from "@/components/ui/loading";
import { lazyPart } from "@/lib/lazy-part";
import { useT } from "@/lib/i18n/use-t";
import { SeriesStandingsTable } from "./series-standings";

type Tab = "standings" | "podium" | "finals" | "appearances";

// The editors' adjustments form (and the contract's schemas it validates with) is loaded only for
// a viewer who may edit: a visitor's first load of a series page carries no editor code (#17 §6).
const SeriesAdjustments = lazyPart(() => import("./series-adjustments").then((m) => ({ default: m.SeriesAdjustments })));

/**
 * The Stats panel of a series (001 §2 Series detail): tabs Podium Finishes (medal table),
 * Finals Appearances and Tournament Appearances (appearance tables), each only when it has
 * rows; nothing when no tab has any. Rows link to the player or team page by aggregation.
 * A series with a points rule (issue #22 §4) adds Standings, the first tab.
 */
export function SeriesStatsPanel({ s }: { s: SeriesDetail }) {
  const _ = useT();
  const session = useSession();
  const stats = s.stats;
  const standings = useSeriesStandings(s.id);
  const tabs = [
    { value: "standings" as const, label: _("series.stats.standings"), has: !!standings.data?.rule },
    { value: "podium" as const, label: _("series.stats.podium"), has: stats.podium_finishes.length > 0 },
    { value: "finals" as const, label: _("series.stats.finals"), has: stats.finals_appearances.length > 0 },
    { value: "appearances" as const, label: _("series.stats.appearances"), has: stats.appearances.length > 0 },
  ].filter((t) => t.has);
  const [chosen, setChosen] = useState<Tab | null>(null);
  if (tabs.length === 0) return null;
  const tab = tabs.some((t) => t.value === chosen) ? chosen! : tabs[0]!.value;
  const href = (row: MedalRow | AppearanceRow) =>
    stats.aggregation_field === "player_id"
      ? paths.player(Number(row.key))
      : stats.aggregation_field === "team_id"
        ? paths.team(Number(row.key))
        : null;
  const me = session.data?.user?.player_id ?? null;
  return (
    <section className="panel" aria-labelledby="series-stats">
      <header className="panel__header">
        <h2 className="panel__title" id="series-stats">
          {_("series.stats.title")}
        </h2>
      </header>
      <div className="panel__body">
        <TabBar label={_("series.stats.tabsLabel")} tabs={tabs} value={tab} onChange={setChosen} />
        <div role="tabpanel" aria-label={tabs.find((t) => t.value === tab)!.label}>
          {tab === "standings" && standings.data && (
            <>
              <SeriesStandingsTable data={standings.data} />
              {standings.data.can_edit && (
                <Suspense fallback={<Loading />}>
                  <SeriesAdjustments seriesId={s.id} standings={standings.data} />
                </Suspense>
              )}
            </>
          )}
          {tab === "podium" && (
            <MedalTable rows={stats.podium_finishes} getHref={href} highlightKey={stats.aggregation_field === "player_id" ? me : null} />
          )}
          {tab === "finals" && (
            <AppearanceTable
              rows={stats.finals_appearances}
              aggregation={stats.aggregation_field}
              currentPlayerId={me}
              getHref={href}
              countLabel={_("series.stats.finalsCount")}
            />
          )}
          {tab === "appearances" && (
            <AppearanceTable rows={stats.appearances} aggregation={stats.aggregation_field} currentPlayerId={me} getHref={href} />
          )}
        </div>
      </div>
    </section>
  );
}

/** The medal placements (1 to 3) of a Tournament History row, with linked members (001 §2). */
export function HistoryMedals({ t }: { t: SeriesTournament }) {
  const _ = useT();
  if (t.placements.length === 0) return null;
  return (
    <ul className="series-history__medals" aria-label={_("series.history.podium", { title: t.title })}>
      {t.placements.map((p) => (
        <li key={p.id}>
          <PlacementLabel placement={p.placement} upperBound={p.placement_upper_bound} />
          {p.members.length === 1 && p.members[0]!.player_name === p.name ? null : (
            <span className="team-name">
              {p.tag && <TeamTag tag={p.tag} color={p.color} name={p.name} />}{" "}
              {/* A team's name links to its registry page; a squad has no page of its own (#17 §8). */}
              {p.team_id !== null ? <Link to={paths.team(p.team_id)}>{p.name}</Link> : p.name}
            </span>
          )}
          {p.members.map((m) => (
            <PlayerName key={m.player_id} id={m.player_id} name={m.player_name} countryCode={m.country_code} />
          ))}
        </li>
      ))}
    </ul>
  );
}
