import type { ReactNode } from "react";
import { useParams } from "react-router";
import type { TournamentDetail } from "@site/contract";
import { TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/**
 * The frame of a `/tournaments/{id}/…` screen: document title, the tournament loaded from the
 * `:id` param (spinner, 'Tournament not found.', failure panel), the tournament header, then
 * the screen. `admin` screens say 'You do not have permission to view this page.' to viewers
 * who may not administrate the tournament, `moderate` screens (the registration edit pages, 000
 * §6 canEventModerate) to viewers who may not moderate its registrations (the server refuses
 * their calls regardless).
 */
export function TournamentScreen({
  title,
  admin,
  moderate,
  children,
}: {
  title: string;
  admin?: boolean;
  moderate?: boolean;
  children: (t: TournamentDetail) => ReactNode;
}) {
  const _ = useT();
  const id = idParam(useParams().id);
  useDocumentTitle(title);
  return (
    <div className="page">
      <WithTournament id={id}>
        {(t) =>
          (admin && !t.can_administrate) || (moderate && !t.can_moderate) ? (
            <>
              {/* The refusal keeps the page's one h1, the tournament's title (#17 §7). */}
              <TournamentHeader t={t} />
              <p className="access-note">{_("tournaments.noPermission")}</p>
            </>
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
