import { PersonalCalendarFeed } from "@/features/calendar/components/personal-feed";
import { useSession } from "@/features/session/api/get-session";
import { MyTournamentsPage } from "@/features/tournaments/components/my-tournaments";
import { HostedTournaments } from "@/features/tournaments/components/tournament-proposals";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/**
 * `/tournaments/mine`: the signed-in player's tournaments (issue 17 §3 "My tournaments"), then those
 * they proposed and host (issue #22 §5), then their personal calendar feed (issue #20 §4).
 */
export default function MyTournamentsRoute() {
  const _ = useT();
  useDocumentTitle(_("tournaments.mine.title"));
  const signedIn = !!useSession().data?.user?.player_id;
  return (
    <div className="page">
      <div className="page-header">
        <h1>{_("tournaments.mine.title")}</h1>
      </div>
      <MyTournamentsPage />
      <HostedTournaments heading={_("tournaments.mine.hosting")} />
      {signedIn && <PersonalCalendarFeed />}
    </div>
  );
}
