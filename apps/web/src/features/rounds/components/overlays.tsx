import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { LiveBoard, LiveRoomDetail, LiveRoomSide, PlacementRow } from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { TeamTag } from "@/components/ui/team-tag";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import { ADVANCE_MARK, liveStateLabel, placementStandings, roundStandings, type StandingRow } from "./live-standings";
import type { OverlayParams } from "./overlay-params";
import { roundName } from "./labels";
import "./overlay.css";

/**
 * The stream overlays' panels (issue #20 §2): read-only (no links, no buttons), sized and
 * coloured by the overlay's parameters (`overlay-params.ts`, applied as CSS variables by the
 * overlay frame), on a transparent page. Before the first answer they draw nothing (no spinner
 * on air); without data after a failure they say so in one small line, which helps whoever
 * sets the browser source up; a failed refresh keeps the last answer on screen.
 */

/** The heading line: the tournament and what is shown (for screen readers only with `title=0`), and the room's state. */
function OverlayTitle({ show, main, sub, aside }: { show: boolean; main: string; sub: string; aside?: ReactNode }) {
  const title = (
    <h1 className="ov-title">
      <span className="ov-title__main">{main}</span>
      <span className="ov-title__sub">{sub}</span>
    </h1>
  );
  if (show)
    return (
      <header className="ov-head">
        {title}
        {aside}
      </header>
    );
  // Without the heading line the room's state still shows: it is what viewers watch for.
  return (
    <header className={aside ? "ov-head ov-head--bare" : undefined}>
      <div className="visually-hidden">{title}</div>
      {aside}
    </header>
  );
}

/** One small line instead of an overlay (what is wrong with its address), for whoever sets the browser source up. */
export function OverlayNote({ children }: { children: ReactNode }) {
  return (
    <p className="ov-panel ov-note" role="status">
      {children}
    </p>
  );
}

/** Nothing before the first answer; a short line when there is none to show. */
function OverlayState<T>({ query, missing, children }: { query: UseQueryResult<T>; missing: string; children: (data: T) => ReactNode }) {
  const _ = useT();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!query.isError) return null;
  const gone = query.error instanceof ApiError && query.error.status === 404;
  return <OverlayNote>{gone ? missing : _("rounds.overlay.failed")}</OverlayNote>;
}

/** A side's name cell: a squad's tag chip and name, or the player's flag and name. */
function SideName({
  name,
  tag,
  color,
  flags,
  squads,
}: {
  name: string;
  tag: string | null;
  color: number | null;
  flags: string[];
  squads: boolean;
}) {
  return (
    <span className="ov-name">
      {squads && tag ? <TeamTag tag={tag} color={color} name={name} /> : flags[0] !== undefined && <Flag code={flags[0]} />}
      <span className="ov-name__text">{name}</span>
      {squads && (
        <span className="ov-flags">
          {flags.map((f, i) => (
            <Flag key={i} code={f} />
          ))}
        </span>
      )}
    </span>
  );
}

/** Points per race (a dash for a missed race), per GP, or nothing when the table is totals only or `scores=total`. */
function RaceCells({ races, gp, show }: { races: Array<number | null> | null; gp: number[] | null; show: boolean }) {
  const _ = useT();
  const cells = show ? (races ?? gp) : null;
  if (!cells) return <span className="ov-races" />;
  return (
    <span className="ov-races" aria-label={races ? _("rounds.pointsPerRace") : _("rounds.pointsPerGp")}>
      {cells.map((p, i) => (
        <span key={i} className={p === null ? "ov-race is-dc" : "ov-race"}>
          {p === null ? "–" : p}
        </span>
      ))}
    </span>
  );
}

function Mark({ advanced }: { advanced: LiveRoomSide["advanced"] }) {
  const _ = useT();
  const mark = advanced ? ADVANCE_MARK[advanced] : undefined;
  return mark ? (
    <span className={`ov-mark ov-mark--${advanced}`} title={advanced === "yes" ? _("rounds.advance.yes") : _("rounds.advance.wildcard")}>
      {mark}
    </span>
  ) : (
    <span className="ov-mark" />
  );
}

/** One side of the room overlay: a player on one line; a squad as a line of its own, then its racers. */
function RoomSide({ side, squads, params }: { side: LiveRoomSide; squads: boolean; params: OverlayParams }) {
  const rank = side.rank === null ? "" : `${side.rank}${side.tied ? "=" : ""}`;
  if (!squads) {
    const r = side.racers[0];
    return (
      <li className="ov-row" data-entrant={side.entrant_id}>
        <span className="ov-rank">{rank}</span>
        <SideName name={side.name} tag={null} color={null} flags={side.racers.map((x) => x.country_code)} squads={false} />
        <RaceCells races={r?.races ?? null} gp={r?.gp ?? null} show={params.scores === "races"} />
        <span className="ov-total">
          {side.total ?? ""}
          {r && r.penalty > 0 && <span className="ov-penalty">−{r.penalty}</span>}
        </span>
        <Mark advanced={side.advanced} />
      </li>
    );
  }
  return (
    <li className="ov-side" data-entrant={side.entrant_id}>
      <div className="ov-row ov-row--side">
        <span className="ov-rank">{rank}</span>
        <SideName name={side.name} tag={side.tag} color={side.color} flags={[]} squads />
        <span className="ov-races" />
        <span className="ov-total">{side.total ?? ""}</span>
        <Mark advanced={side.advanced} />
      </div>
      <ul className="ov-racers">
        {side.racers.map((r) => (
          <li key={r.player_id} className="ov-row ov-row--racer">
            <span className="ov-rank" />
            <SideName name={r.name} tag={null} color={null} flags={[r.country_code]} squads={false} />
            <RaceCells races={r.races} gp={r.gp} show={params.scores === "races"} />
            <span className="ov-total ov-total--racer">
              {r.total ?? ""}
              {r.penalty > 0 && <span className="ov-penalty">−{r.penalty}</span>}
            </span>
            <span className="ov-mark" />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** `/overlay/rooms/{roomId}`: one room, its state and its sides with per-race (or total) scores. */
export function RoomOverlay({ query, params }: { query: UseQueryResult<LiveRoomDetail>; params: OverlayParams }) {
  const _ = useT();
  return (
    <OverlayState query={query} missing={_("rounds.overlay.roomMissing")}>
      {(d) => (
        <section className="ov-panel ov-room" data-state={d.room.state}>
          <OverlayTitle
            show={params.title}
            main={d.title}
            sub={_("rounds.overlay.roundRoom", { round: roundName(_, d.round), number: d.room.number })}
            aside={<span className={`ov-state ov-state--${d.room.state}`}>{liveStateLabel(_, d.room.state)}</span>}
          />
          <ol className="ov-rows">
            {d.room.sides.map((s) => (
              <RoomSide key={s.entrant_id} side={s} squads={d.entrant_type === "squad"} params={params} />
            ))}
          </ol>
        </section>
      )}
    </OverlayState>
  );
}

function StandingRows({ rows, squads }: { rows: StandingRow[]; squads: boolean }) {
  const _ = useT();
  return (
    <ol className="ov-rows">
      {rows.map((r) => (
        <li key={r.key} className="ov-row ov-row--standing">
          <span className="ov-rank">{r.position === "DQ" ? _("rounds.overlay.dq") : (r.position ?? "")}</span>
          <SideName name={r.name} tag={r.tag} color={r.color} flags={r.flags} squads={squads} />
          <span className="ov-total">{r.total ?? ""}</span>
          <Mark advanced={r.advanced} />
        </li>
      ))}
    </ol>
  );
}

/**
 * `/overlay/tournaments/{id}/standings`: the current round's sides by total (one room: by its
 * ranking), or, once the final is closed and the placements are written, the final placements
 * (`placements` is the top `rows` of them, or undefined before the final). `rows` limits the list.
 */
export function StandingsOverlay({
  query,
  placements,
  params,
}: {
  query: UseQueryResult<LiveBoard>;
  placements: PlacementRow[] | undefined;
  params: OverlayParams;
}) {
  const _ = useT();
  return (
    <OverlayState query={query} missing={_("rounds.overlay.tournamentMissing")}>
      {(board) => {
        const final = board.round?.final === true && placements !== undefined && placements.length > 0;
        const rows = (final ? placementStandings(placements, board) : roundStandings(board)).slice(0, params.rows);
        const sub = final
          ? _("rounds.overlay.finalResults")
          : board.round
            ? _("rounds.overlay.roundStandings", { round: roundName(_, board.round) })
            : _("rounds.overlay.standings");
        return (
          <section className="ov-panel ov-standings">
            <OverlayTitle show={params.title} main={board.title} sub={sub} />
            {rows.length === 0 ? (
              <p className="ov-note">{_("rounds.overlay.noStandings")}</p>
            ) : (
              <StandingRows rows={rows} squads={board.entrant_type === "squad"} />
            )}
          </section>
        );
      }}
    </OverlayState>
  );
}
