import { useParams } from "react-router";
import type { TournamentDetail } from "@site/contract";
import { PlacementsEditor } from "@/features/placements/components/placements-editor";
import { FinalPlacements } from "@/features/placements/components/placements-view";
import { TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";
import "@/features/placements/components/placements.css";

function Shell({ title, admin, children }: { title: string; admin?: boolean; children: (t: TournamentDetail) => React.ReactNode }) {
  const id = idParam(useParams().id);
  useDocumentTitle(title);
  return (
    <div className="page">
      <WithTournament id={id}>
        {(t) =>
          admin && !t.can_administrate ? (
            <p className="access-note">You do not have permission to view this page.</p>
          ) : (
            <>
              <TournamentHeader t={t} />
              {children(t)}
            </>
          )
        }
      </WithTournament>
    </div>
  );
}

/** `/tournaments/{id}/placements` (001 §2 Squad and Team placements, Solo placements). */
export function PlacementsRoute() {
  return <Shell title="Placements">{(t) => <FinalPlacements t={t} />}</Shell>;
}

/** `/tournaments/{id}/placements/edit` (001 §2, tournament administrators). */
export function PlacementsEditRoute() {
  return (
    <Shell title="Edit Placements" admin>
      {(t) => <PlacementsEditor t={t} />}
    </Shell>
  );
}
