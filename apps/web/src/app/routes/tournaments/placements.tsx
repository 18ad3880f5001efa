import { PlacementsEditor } from "@/features/placements/components/placements-editor";
import { FinalPlacements } from "@/features/placements/components/placements-view";
import { TournamentScreen } from "./tournament-screen";
import "@/features/tournaments/components/tournaments.css";
import "@/features/placements/components/placements.css";

/** `/tournaments/{id}/placements` (001 §2 Squad and Team placements, Solo placements). */
export function PlacementsRoute() {
  return <TournamentScreen title="Placements">{(t) => <FinalPlacements t={t} />}</TournamentScreen>;
}

/** `/tournaments/{id}/placements/edit` (001 §2, tournament administrators). */
export function PlacementsEditRoute() {
  return (
    <TournamentScreen title="Edit Placements" admin>
      {(t) => <PlacementsEditor t={t} />}
    </TournamentScreen>
  );
}
