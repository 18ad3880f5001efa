import { Link } from "react-router";
import { type LiveBoard, type LiveRoom, type LiveSide, ROUND_MESSAGES, type TournamentDetail } from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Flag } from "@/components/ui/flag";
import { Loading } from "@/components/ui/loading";
import { PlayerName } from "@/components/ui/player-name";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useLiveBoard } from "../api/get-live-board";
import { ADVANCE_LABEL, planLabel, ROUND_STATUS_LABEL } from "./labels";
import { LIVE_STATE_LABEL, LIVE_STATES } from "./live-standings";
import "./rounds.css";
import "./live-board.css";

/** "● Live" while the stream is up; while it is not (connecting, or refused), the board refreshes every half minute and says so. */
function LiveIndicator({ connected }: { connected: boolean }) {
  return (
    <span className={connected ? "live-indicator is-live" : "live-indicator"} role="status" suppressHydrationWarning>
      <span className="live-indicator__dot" aria-hidden="true" />
      {connected ? "Live" : "Updates every 30 s"}
    </span>
  );
}

/** A side on the board: rank (= for a shared one), tag or player with flags, total, and how it left the room. */
function SideRow({ side, squads, ranked, open }: { side: LiveSide; squads: boolean; ranked: boolean; open: boolean }) {
  const solo = !squads && side.racers.length === 1 ? side.racers[0]! : null;
  return (
    <li
      className={`live-side${side.advanced === "yes" || side.advanced === "wildcard" ? " is-advancing" : ""}`}
      data-entrant={side.entrant_id}
    >
      {ranked && (
        <span className="live-side__rank" aria-label={side.rank === null ? "Not ranked" : `Rank ${side.rank}${side.tied ? ", tied" : ""}`}>
          {side.rank ?? "–"}
          {side.tied && "="}
        </span>
      )}
      <span className="live-side__name">
        {solo ? (
          <PlayerName id={solo.player_id} name={solo.name} countryCode={solo.country_code} />
        ) : (
          <>
            {side.tag && <TeamTag tag={side.tag} color={side.color} name={side.name} />}
            <span className="live-side__squad">{side.name}</span>
            <span className="live-side__flags">
              {side.racers.map((r) => (
                <Flag key={r.player_id} code={r.country_code} name={r.name} />
              ))}
            </span>
          </>
        )}
      </span>
      {side.total !== null && <span className="live-side__total">{side.total}</span>}
      {side.advanced && side.advanced !== "no" && (
        <span className={`badge room-advance room-advance--${side.advanced}`}>{ADVANCE_LABEL[side.advanced]}</span>
      )}
      {open && side.tied && <span className="badge room-advance room-advance--tie">{ADVANCE_LABEL.tie}</span>}
    </li>
  );
}

/** One room of the board: number, state, host, sides (ranked once its table is in), and its overlay for streams. */
export function LiveRoomCard({ room, squads, roundOpen }: { room: LiveRoom; squads: boolean; roundOpen: boolean }) {
  const ranked = room.sides.some((s) => s.rank !== null);
  const headingId = `live-room-${room.number}`;
  return (
    <article
      className={`room-card live-room live-room--${room.state}`}
      aria-labelledby={headingId}
      data-room={room.number}
      data-state={room.state}
    >
      <header className="room-card__header">
        <h3 className="room-card__title" id={headingId}>
          Room {room.number}
        </h3>
        <span className={`badge live-state live-state--${room.state}`}>{LIVE_STATE_LABEL[room.state]}</span>
      </header>
      <p className="live-room__host">
        <span className="muted">Host</span> {room.host_name ? <>★ {room.host_name}</> : <span className="muted">none yet</span>}
        {room.locked && <span className="muted"> · table locked</span>}
      </p>
      <ol className="live-sides" aria-label={`Room ${room.number} ${squads ? "squads" : "players"}`}>
        {room.sides.map((s) => (
          <SideRow key={s.entrant_id} side={s} squads={squads} ranked={ranked} open={roundOpen} />
        ))}
      </ol>
      <footer className="room-card__footer live-room__footer">
        <a href={paths.overlayRoom(room.id)} target="_blank" rel="noopener">
          Stream overlay
        </a>
      </footer>
    </article>
  );
}

/** How to put an overlay on a stream: the browser source and the query parameters (`overlay-params.ts`). */
function OverlayHelp() {
  return (
    <details className="live-board__help">
      <summary>Using the overlays on a stream</summary>
      <p>
        Add an overlay&apos;s address as a browser source in your streaming software: its page is transparent and updates by itself. Change
        its look with parameters after a <code>?</code>, joined by <code>&amp;</code>, for example{" "}
        <code>?accent=ff3366&amp;scale=1.5&amp;rows=8</code>:
      </p>
      <ul>
        <li>
          <code>text</code>, <code>accent</code>, <code>bg</code>: colours as hex (<code>ffffff</code>, <code>00000080</code> with
          transparency); <code>bg=transparent</code> drops the panel
        </li>
        <li>
          <code>scale</code>: size, 0.5 to 4; <code>font</code>: a font installed on the streaming computer
        </li>
        <li>
          <code>rows</code>: standings shown (1–64); <code>scores=total</code>: totals only in a room; <code>title=0</code>: no heading
        </li>
      </ul>
    </details>
  );
}

function BoardBody({ t, board, connected }: { t: TournamentDetail; board: LiveBoard; connected: boolean }) {
  const round = board.round;
  const squads = board.entrant_type === "squad";
  const plan = round ? planLabel(round) : null;
  // "2 racing · 1 table in": how far the round has got at a glance.
  const counts = LIVE_STATES.flatMap((state) => {
    const n = board.rooms.filter((r) => r.state === state).length;
    return n > 0 ? [`${n} ${LIVE_STATE_LABEL[state].toLowerCase()}`] : [];
  });
  return (
    <>
      <section className="panel live-board" aria-labelledby="live-title">
        <header className="panel__header">
          <h2 className="panel__title" id="live-title">
            Live board{round && <>: {round.name}</>}
          </h2>
          <LiveIndicator connected={connected} />
        </header>
        <div className="panel__body">
          {board.entrant_type === null ? (
            <p className="empty">{ROUND_MESSAGES.teamFormat} Team tournaments have no room board.</p>
          ) : !round ? (
            <p className="empty">No round has been published yet. The rooms appear here as soon as the draw is published.</p>
          ) : (
            <ul className="round-facts live-board__facts">
              <li>
                <span className={`badge round-status round-status--${round.status}`}>{ROUND_STATUS_LABEL[round.status]}</span>
              </li>
              <li>
                Tables {round.tables_in}/{round.room_count}
              </li>
              {plan && <li>{plan}</li>}
              {counts.length > 0 && <li className="muted">{counts.join(" · ")}</li>}
            </ul>
          )}
          <p className="live-board__links">
            {round && <Link to={paths.tournamentRound(t.id, round.number)}>{round.name} with every racer&apos;s scores</Link>}
            <Link to={paths.tournamentRounds(t.id)}>All rounds</Link>
            {round && (
              <a href={paths.overlayStandings(t.id)} target="_blank" rel="noopener">
                Standings overlay for streams
              </a>
            )}
          </p>
          {round && <OverlayHelp />}
        </div>
      </section>
      {round && (
        <div className="rooms-grid live-rooms">
          {board.rooms.map((room) => (
            <LiveRoomCard key={room.id} room={room} squads={squads} roundOpen={round.status !== "closed"} />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * `/tournaments/{id}/live` body (issue #20 §2): the latest published round's rooms as a board,
 * each with its state (waiting for host, racing, table in, tie to decide), host, sides with
 * flags and squad colours, totals and ranks once the table is in, and who advanced once the
 * round closed; links to the round page and to the stream overlays. The route keeps it live
 * (`connected` says whether the stream is up).
 */
export function LiveBoardView({ t, connected }: { t: TournamentDetail; connected: boolean }) {
  const query = useLiveBoard(t.id, { refetchInterval: connected ? false : 30_000 });
  if (query.data) return <BoardBody t={t} board={query.data} connected={connected} />;
  if (query.isError) return <FailurePanel onRetry={() => void query.refetch()} />;
  return <Loading />;
}
