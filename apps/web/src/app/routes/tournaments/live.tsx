import { useQueryClient } from "@tanstack/react-query";
import { tournamentTopic } from "@site/contract";
import { liveRefreshKeys } from "@/features/rounds/api/live-refresh";
import { LiveBoardView } from "@/features/rounds/components/live-board";
import { useLiveTopics } from "@/features/live/use-live-topics";
import { TournamentScreen } from "./tournament-screen";
import "@/features/tournaments/components/tournaments.css";
import "@/features/rounds/components/rounds.css";

/** The board, kept live by the tournament's topic: every rounds, room or table event refetches it (issue #20 §1, §2). */
function LiveBoardLive({ id, children }: { id: number; children: (connected: boolean) => React.ReactNode }) {
  const qc = useQueryClient();
  const { connected } = useLiveTopics([tournamentTopic(id)], {
    onEvent: (e) => {
      for (const queryKey of liveRefreshKeys(e, { tournamentId: id })) void qc.invalidateQueries({ queryKey });
    },
  });
  return <>{children(connected)}</>;
}

/** `/tournaments/{id}/live` (issue #20 §2): the current round's rooms as a live board. */
export function LiveRoute() {
  return (
    <TournamentScreen title="Live board">
      {(t) => <LiveBoardLive id={t.id}>{(connected) => <LiveBoardView t={t} connected={connected} />}</LiveBoardLive>}
    </TournamentScreen>
  );
}
