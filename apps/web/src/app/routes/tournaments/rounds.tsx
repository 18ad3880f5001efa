import { useParams } from "react-router";
import { RoundsOverviewPanel } from "@/features/rounds/components/rounds-overview";
import { RoundView } from "@/features/rounds/components/round-page";
import { TournamentScreen } from "./tournament-screen";
import { idParam } from "./tournament";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";
import "@/features/rounds/components/rounds.css";

/** `/tournaments/{id}/rounds` (issue #19 §2): the rounds, and for staff the draw and the final placements. */
export function RoundsRoute() {
  const _ = useT();
  return <TournamentScreen title={_("rounds.overview.title")}>{(t) => <RoundsOverviewPanel t={t} />}</TournamentScreen>;
}

/** `/tournaments/{id}/rounds/{n}` (issue #19 §2, §4): a round's rooms, public once published; staff and hosts enter tables here. */
export function RoundRoute() {
  const _ = useT();
  const n = idParam(useParams().n);
  return (
    <TournamentScreen title={Number.isInteger(n) ? _("rounds.draw.namePlaceholder", { number: n }) : _("rounds.round.title")}>
      {(t) =>
        Number.isInteger(n) && n >= 1 && n <= 100 ? (
          <RoundView t={t} n={n} />
        ) : (
          <p className="access-note" role="status">
            {_("rounds.round.notFound")}
          </p>
        )
      }
    </TournamentScreen>
  );
}
