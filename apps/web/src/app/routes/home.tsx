import { HomeLayout } from "@/features/home/components/home-layout";
import { MediaPanel } from "@/features/media/components/media-panel";
import { NewsPanel } from "@/features/media/components/news-panel";
import { NewestPlayersPanel } from "@/features/registry/components/newest-players-panel";
import { NewestTeamsPanel } from "@/features/registry/components/newest-teams-panel";
import { RecentTransfersPanel } from "@/features/registry/components/recent-transfers-panel";
import { LatestResultsPanel } from "@/features/tournaments/components/latest-results-panel";
import { LatestTournamentsPanel } from "@/features/tournaments/components/latest-tournaments-panel";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/**
 * `/` (000 §2 Home page). Loaded eagerly with the shell; composes one panel per feature, each
 * with its own query and failure state.
 */
export default function HomeRoute() {
  const _ = useT();
  useDocumentTitle();
  return (
    <>
      <h1 className="visually-hidden">{_("home.heading")}</h1>
      <HomeLayout
        news={<NewsPanel />}
        tournaments={<LatestTournamentsPanel />}
        results={<LatestResultsPanel />}
        players={<NewestPlayersPanel />}
        teams={<NewestTeamsPanel />}
        transfers={<RecentTransfersPanel />}
        videos={<MediaPanel kind="youtube" />}
        streams={<MediaPanel kind="stream" />}
        social={<MediaPanel kind="social" />}
      />
    </>
  );
}
