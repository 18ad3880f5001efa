import { PlacementsEditor } from "@/features/placements/components/placements-editor";
import { FinalPlacements } from "@/features/placements/components/placements-view";
import { TournamentScreen } from "./tournament-screen";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";
import "@/features/placements/components/placements.css";

/** `/tournaments/{id}/placements` (001 §2 Squad and Team placements, Solo placements). */
export function PlacementsRoute() {
  const _ = useT();
  return <TournamentScreen title={_("placements.title")}>{(t) => <FinalPlacements t={t} />}</TournamentScreen>;
}

/** `/tournaments/{id}/placements/edit` (001 §2, tournament administrators). */
export function PlacementsEditRoute() {
  const _ = useT();
  return (
    <TournamentScreen title={_("placements.edit.title")} admin>
      {(t) => <PlacementsEditor t={t} />}
    </TournamentScreen>
  );
}
