import type { ReactNode } from "react";
import { tournamentTopic } from "@site/contract";
import { LiveBoardView } from "@/features/rounds/components/live-board";
import { useLiveTopics } from "@/features/live/api/use-live-topics";
import { TournamentScreen } from "./tournament-screen";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";
import "@/features/rounds/components/rounds.css";

/**
 * The board's live connection (issue #20 §1, §2): the tournament's topic (the tournament header
 * subscribes to it too; the tab's one connection carries it once). Its events refresh the board
 * through the live hub's own table (`roundKeys.live` on room and table events, `roundKeys.event`
 * on the others); `connected` drives the board's indicator and its fallback refresh.
 */
function LiveBoardLive({ id, children }: { id: number; children: (connected: boolean) => ReactNode }) {
  const { connected } = useLiveTopics([tournamentTopic(id)]);
  return <>{children(connected)}</>;
}

/** `/tournaments/{id}/live` (issue #20 §2): the current round's rooms as a live board. */
export function LiveRoute() {
  const _ = useT();
  return (
    <TournamentScreen title={_("rounds.liveBoard")}>
      {(t) => <LiveBoardLive id={t.id}>{(connected) => <LiveBoardView t={t} connected={connected} />}</LiveBoardLive>}
    </TournamentScreen>
  );
}
