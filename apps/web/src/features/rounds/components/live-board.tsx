import { Link } from "react-router";
import { type LiveBoard, type LiveRoom, type LiveSide, type TournamentDetail } from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Flag } from "@/components/ui/flag";
import { Loading } from "@/components/ui/loading";
import { PlayerName } from "@/components/ui/player-name";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useLiveBoard } from "../api/get-live-board";
import { Trans, useT } from "@/lib/i18n/use-t";
import { advanceLabel, planLabel, roundName, roundStatusLabel } from "./labels";
import { liveStateCount, liveStateLabel, LIVE_STATES } from "./live-standings";
import "./rounds.css";
import "./live-board.css";

/** "● Live" while the stream is up; while it is not (connecting, or refused), the board refreshes every half minute and says so. */
function LiveIndicator({ connected }: { connected: boolean }) {
  const _ = useT();
  return (
    <span className={connected ? "live-indicator is-live" : "live-indicator"} role="status" suppressHydrationWarning>
      <span className="live-indicator__dot" aria-hidden="true" />
      {connected ? _("rounds.live.live") : _("rounds.live.polling")}
    </span>
  );
}

/** A side on the board: rank (= for a shared one), tag or player with flags, total, and how it left the room. */
function SideRow({ side, squads, ranked, open }: { side: LiveSide; squads: boolean; ranked: boolean; open: boolean }) {
  const _ = useT();
  const solo = !squads && side.racers.length === 1 ? side.racers[0]! : null;
  return (
    <li
      className={`live-side${side.advanced === "yes" || side.advanced === "wildcard" ? " is-advancing" : ""}`}
      data-entrant={side.entrant_id}
    >
      {ranked && (
        <span
          className="live-side__rank"
          aria-label={
            side.rank === null
              ? _("rounds.notRanked")
              : side.tied
                ? _("rounds.rankTied", { rank: side.rank })
                : _("rounds.rank", { rank: side.rank })
          }
        >
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
        <span className={`badge room-advance room-advance--${side.advanced}`}>{advanceLabel(_, side.advanced)}</span>
      )}
      {open && side.tied && <span className="badge room-advance room-advance--tie">{advanceLabel(_, "tie")}</span>}
    </li>
  );
}

/** One room of the board: number, state, host, sides (ranked once its table is in), and its overlay for streams. */
export function LiveRoomCard({ room, squads, roundOpen }: { room: LiveRoom; squads: boolean; roundOpen: boolean }) {
  const _ = useT();
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
          {_("rounds.room.title", { number: room.number })}
        </h3>
        <span className={`badge live-state live-state--${room.state}`}>{liveStateLabel(_, room.state)}</span>
      </header>
      <p className="live-room__host">
        <span className="muted">{_("rounds.room.host")}</span>{" "}
        {room.host_name ? <>★ {room.host_name}</> : <span className="muted">{_("rounds.live.noHostYet")}</span>}
        {room.locked && <span className="muted"> · {_("rounds.live.tableLocked")}</span>}
      </p>
      <ol
        className="live-sides"
        aria-label={squads ? _("rounds.room.squadsLabel", { number: room.number }) : _("rounds.room.playersLabel", { number: room.number })}
      >
        {room.sides.map((s) => (
          <SideRow key={s.entrant_id} side={s} squads={squads} ranked={ranked} open={roundOpen} />
        ))}
      </ol>
      <footer className="room-card__footer live-room__footer">
        <a href={paths.overlayRoom(room.id)} target="_blank" rel="noopener">
          {_("rounds.live.streamOverlay")}
        </a>
      </footer>
    </article>
  );
}

/** How to put an overlay on a stream: the browser source and the query parameters (`overlay-params.ts`). */
function OverlayHelp() {
  const _ = useT();
  const code = { 0: <code /> };
  const codes = { 0: <code />, 1: <code />, 2: <code />, 3: <code />, 4: <code />, 5: <code /> };
  return (
    <details className="live-board__help">
      <summary>{_("rounds.live.help.title")}</summary>
      <p>
        <Trans id="rounds.live.help.intro" components={codes} />
      </p>
      <ul>
        <li>
          <Trans id="rounds.live.help.colours" components={codes} />
        </li>
        <li>
          <Trans id="rounds.live.help.scale" components={{ ...code, 1: <code /> }} />
        </li>
        <li>
          <Trans id="rounds.live.help.rows" components={{ ...code, 1: <code />, 2: <code /> }} />
        </li>
      </ul>
    </details>
  );
}

function BoardBody({ t, board, connected }: { t: TournamentDetail; board: LiveBoard; connected: boolean }) {
  const _ = useT();
  const round = board.round;
  const squads = board.entrant_type === "squad";
  const plan = round ? planLabel(_, round) : null;
  // "2 racing · 1 table in": how far the round has got at a glance.
  const counts = LIVE_STATES.flatMap((state) => {
    const n = board.rooms.filter((r) => r.state === state).length;
    return n > 0 ? [liveStateCount(_, state, n)] : [];
  });
  return (
    <>
      <section className="panel live-board" aria-labelledby="live-title">
        <header className="panel__header">
          <h2 className="panel__title" id="live-title">
            {round ? _("rounds.live.titleRound", { round: roundName(_, round) }) : _("rounds.liveBoard")}
          </h2>
          <LiveIndicator connected={connected} />
        </header>
        <div className="panel__body">
          {board.entrant_type === null ? (
            <p className="empty">{_("rounds.live.teamFormat")}</p>
          ) : !round ? (
            <p className="empty">{_("rounds.live.noRound")}</p>
          ) : (
            <ul className="round-facts live-board__facts">
              <li>
                <span className={`badge round-status round-status--${round.status}`}>{roundStatusLabel(_, round.status)}</span>
              </li>
              <li>{_("rounds.tablesIn", { done: round.tables_in, total: round.room_count })}</li>
              {plan && <li>{plan}</li>}
              {counts.length > 0 && <li className="muted">{counts.join(" · ")}</li>}
            </ul>
          )}
          <p className="live-board__links">
            {round && (
              <Link to={paths.tournamentRound(t.id, round.number)}>{_("rounds.live.roundScores", { round: roundName(_, round) })}</Link>
            )}
            <Link to={paths.tournamentRounds(t.id)}>{_("rounds.allRounds")}</Link>
            {round && (
              <a href={paths.overlayStandings(t.id)} target="_blank" rel="noopener">
                {_("rounds.live.standingsOverlay")}
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
