import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { TournamentLogs } from "@/features/tournaments/components/tournament-logs";
import { TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useListParams } from "@/hooks/use-list-params";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/{id}/logs` (tournament administrators): newest first, paged (`?page=`). */
export default function TournamentLogsRoute() {
  const id = idParam(useParams().id);
  const { page, update } = useListParams();
  const _ = useT();
  useDocumentTitle(_("tournaments.logs.title"));
  return (
    <div className="page">
      <WithTournament id={id}>
        {(t) =>
          t.can_administrate ? (
            <>
              <TournamentHeader t={t} />
              <p>
                <Link to={paths.tournament(t.id)}>{_("tournaments.backToTournament")}</Link>
              </p>
              <h2>{_("tournament.admin.logs")}</h2>
              <TournamentLogs id={t.id} page={page} onPageChange={(p) => update({ page: p })} />
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
