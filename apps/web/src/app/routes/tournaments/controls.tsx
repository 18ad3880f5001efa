import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { TournamentControlsPanel } from "@/features/tournaments/components/tournament-controls";
import { TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/{id}/controls` (tournament administrators). */
export default function TournamentControlsRoute() {
  const id = idParam(useParams().id);
  const _ = useT();
  useDocumentTitle(_("tournaments.controls.title"));
  return (
    <div className="page page--form">
      <WithTournament id={id}>
        {(t) =>
          t.can_administrate ? (
            <>
              <TournamentHeader t={t} />
              <p>
                <Link to={paths.tournament(t.id)}>{_("tournaments.backToTournament")}</Link>
              </p>
              <h2>{_("tournament.admin.controls")}</h2>
              <TournamentControlsPanel t={t} />
            </>
          ) : (
            <>
              {/* The refusal keeps the page's one h1, the tournament's title (#17 §7). */}
              <TournamentHeader t={t} />
              <p className="access-note">{_("tournaments.noPermission")}</p>
            </>
          )
        }
      </WithTournament>
    </div>
  );
}
