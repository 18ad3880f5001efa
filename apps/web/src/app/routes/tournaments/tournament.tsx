import { useParams } from "react-router";
import { PlacementStatus, PlacementsPreview } from "@/features/placements/components/placements-view";
import { YourRoom } from "@/features/rounds/components/your-room";
import { TournamentPage } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTournament } from "@/features/tournaments/api/get-tournament";
import { TournamentRegistrationBlock } from "./registration-block";
import "@/features/tournaments/components/tournaments.css";
import { useT } from "@/lib/i18n/use-t";

/** Parses an id path segment; anything but plain digits is NaN (the screens show 'not found'). */
export function idParam(raw: string | undefined): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** `/tournaments/{id}` (001 §2 Solo, Squad and Team tournament pages). */
export default function TournamentRoute() {
  const _ = useT();
  const id = idParam(useParams().id);
  const query = useTournament(id, Number.isInteger(id));
  useDocumentTitle(query.data?.title ?? _("tournament.title"));
  return (
    <div className="page">
      <TournamentPage
        id={id}
        slots={{
          registration: (t) => <TournamentRegistrationBlock t={t} />,
          placementStatus: (t) => <PlacementStatus t={t} />,
          placementsPreview: (t) => <PlacementsPreview t={t} />,
          yourRoom: (t) => <YourRoom t={t} />,
        }}
      />
    </div>
  );
}
