import type { ReactNode } from "react";
import { buildPath, ROOM_LORENZI_PATH, roomTableImageUrl, type Room, type RoomRacer, type RoomSide } from "@site/contract";
import { PlayerName } from "@/components/ui/player-name";
import { TeamTag } from "@/components/ui/team-tag";
import { LocalTime } from "@/components/ui/local-time";
import { useT } from "@/lib/i18n/use-t";
import { advanceLabel, roomState } from "./labels";

/** The points of each race ("15 12 – 9": a dash for a race the racer missed), per GP, or nothing for a bare total. */
function RacePoints({ racer }: { racer: RoomRacer }) {
  const _ = useT();
  if (racer.races) {
    return (
      <span className="room-racer__races" title={_("rounds.pointsPerRace")}>
        <span className="visually-hidden">{_("rounds.room.pointsPerRaceColon")} </span>
        {racer.races.map((p, i) => (
          <span key={i} className={p === null ? "room-racer__race is-dc" : "room-racer__race"}>
            {p === null ? "–" : p}
          </span>
        ))}
      </span>
    );
  }
  if (racer.gp) {
    return (
      <span className="room-racer__races" title={_("rounds.pointsPerGp")}>
        <span className="room-racer__gp-label">{_("rounds.room.gp")}</span>
        {racer.gp.map((p, i) => (
          <span key={i} className="room-racer__race">
            {p}
          </span>
        ))}
      </span>
    );
  }
  return null;
}

/** A racer's in-game name, friend code and penalty: what a room's racers need to find each other. */
function RacerDetails({ racer }: { racer: RoomRacer }) {
  const _ = useT();
  const parts: ReactNode[] = [];
  if (racer.mii_name && racer.mii_name !== racer.name)
    parts.push(<span key="mii">{_("rounds.room.inGame", { name: racer.mii_name })}</span>);
  if (racer.friend_code) parts.push(<span key="fc">{_("rounds.room.friendCode", { code: racer.friend_code })}</span>);
  if (racer.penalty > 0)
    parts.push(
      <span key="pen" className="room-racer__penalty">
        {_("rounds.room.penalty", { points: racer.penalty })}
      </span>,
    );
  if (parts.length === 0) return null;
  return <span className="room-racer__details">{parts}</span>;
}

function HostStar({ show }: { show: boolean }) {
  const _ = useT();
  return show ? (
    <span className="room-racer__host" title={_("rounds.room.host")}>
      ★<span className="visually-hidden"> {_("rounds.room.hostMark")}</span>
    </span>
  ) : null;
}

function AdvanceBadge({ side }: { side: RoomSide }) {
  const _ = useT();
  if (!side.advanced) return null;
  return (
    <span
      className={`badge room-advance room-advance--${side.advanced}`}
      title={side.decided_by ? _("rounds.room.decidedBy", { name: side.decided_by }) : undefined}
    >
      {advanceLabel(_, side.advanced)}
    </span>
  );
}

/**
 * One side of a room, ranked: rank, name (a squad's tag and name, or the player), total and how
 * it left the room; then its racers with flag, in-game name, friend code (when the viewer may
 * see it), per-race points and penalty. A solo side is its one racer, shown on one line.
 */
function SideRow({
  side,
  room,
  squads,
  ranked,
  mine,
  tools,
}: {
  side: RoomSide;
  room: Room;
  squads: boolean;
  ranked: boolean;
  mine: boolean;
  tools?: ReactNode;
}) {
  const _ = useT();
  const solo = !squads && side.racers.length === 1 ? side.racers[0]! : null;
  return (
    <li className={mine ? "room-side is-mine" : "room-side"} data-entrant={side.entrant_id}>
      <div className="room-side__head">
        {ranked && (
          <span className="room-side__rank" aria-label={side.rank === null ? _("rounds.notRanked") : _("rounds.rank", { rank: side.rank })}>
            {side.rank ?? "–"}
          </span>
        )}
        <span className="room-side__name">
          {solo ? (
            <>
              <PlayerName id={solo.player_id} name={solo.name} countryCode={solo.country_code} />
              <HostStar show={room.host_player_id === solo.player_id} />
            </>
          ) : (
            <span className="team-name">
              {side.tag && <TeamTag tag={side.tag} color={side.color} name={side.name} />} {side.name}
            </span>
          )}
        </span>
        {side.total !== null && (
          <span className="room-side__total" aria-label={_("rounds.points", { count: side.total })}>
            {side.total}
          </span>
        )}
        <AdvanceBadge side={side} />
      </div>
      {solo ? (
        <div className="room-racer room-racer--solo">
          <RacerDetails racer={solo} />
          <RacePoints racer={solo} />
        </div>
      ) : (
        <ul className="room-racers">
          {side.racers.map((r) => (
            <li key={r.player_id} className="room-racer">
              <span className="room-racer__name">
                <PlayerName id={r.player_id} name={r.name} countryCode={r.country_code} />
                <HostStar show={room.host_player_id === r.player_id} />
                {r.total !== null && <span className="room-racer__total">{r.total}</span>}
              </span>
              <RacerDetails racer={r} />
              <RacePoints racer={r} />
            </li>
          ))}
        </ul>
      )}
      {tools && <div className="room-side__tools">{tools}</div>}
    </li>
  );
}

/**
 * A room as a card (issue #19 §4): "Room N", its state (waiting for a table, table in, locked),
 * the host (★), the room code when the viewer may see it, the stored mismatch warning, the sides
 * ranked with their racers (the viewer's own side marked), and the Lorenzi text of its table.
 * Before a table is in, the sides are in seat order with no rank column. `sideTools` adds a
 * control under each side (the draft's "Move to room…"); `children` (staff or host tools) come
 * above the sides, where they are in view without scrolling past twelve racers.
 */
export function RoomCard({
  room,
  squads,
  lorenzi,
  sideTools,
  viewerPlayerId,
  draft = false,
  children,
}: {
  room: Room;
  squads: boolean;
  /** The tournament and round for the table's text link; absent for a draft (no table yet). */
  lorenzi?: { id: number; n: number };
  sideTools?: (side: RoomSide) => ReactNode;
  /** The signed-in viewer's player id: their side is highlighted. */
  viewerPlayerId?: number | null;
  /** A draft's room: no table state, and the host is chosen in `children`. */
  draft?: boolean;
  children?: ReactNode;
}) {
  const _ = useT();
  const state = draft ? { label: _("rounds.status.draft"), tone: "wait" } : roomState(_, room);
  const headingId = `room-${room.number}-title`;
  const ranked = room.sides.some((s) => s.rank !== null);
  return (
    <article className={ranked ? "room-card" : "room-card room-card--unranked"} aria-labelledby={headingId} data-room={room.number}>
      <header className="room-card__header">
        <h3 className="room-card__title" id={headingId}>
          {_("rounds.room.title", { number: room.number })}
        </h3>
        <span className={`badge room-state room-state--${state.tone}`}>{state.label}</span>
      </header>
      {(!draft || room.room_code) && (
        <dl className="room-card__facts">
          {!draft && (
            <div>
              <dt>{_("rounds.room.host")}</dt>
              <dd>{room.host_name ? <>★ {room.host_name}</> : <span className="muted">{_("rounds.room.noHost")}</span>}</dd>
            </div>
          )}
          {room.room_code && (
            <div>
              <dt>{_("rounds.room.code")}</dt>
              <dd>
                <code className="room-card__code">{room.room_code}</code>
              </dd>
            </div>
          )}
        </dl>
      )}
      {room.mismatch && (
        <p className="room-card__warning" role="note">
          ⚠ {_("rounds.mismatch", { actual: room.mismatch.actual, expected: room.mismatch.expected })}
        </p>
      )}
      {children && <div className="room-card__tools">{children}</div>}
      <ol
        className="room-sides"
        aria-label={squads ? _("rounds.room.squadsLabel", { number: room.number }) : _("rounds.room.playersLabel", { number: room.number })}
      >
        {room.sides.map((s) => (
          <SideRow
            key={s.entrant_id}
            side={s}
            room={room}
            squads={squads}
            ranked={ranked}
            mine={viewerPlayerId !== undefined && viewerPlayerId !== null && s.racers.some((r) => r.player_id === viewerPlayerId)}
            tools={sideTools?.(s)}
          />
        ))}
      </ol>
      {room.table_in && (
        <footer className="room-card__footer">
          {
            <p className="room-card__submitted muted">
              {room.table_submitted_by ? _("rounds.room.tableBy", { name: room.table_submitted_by }) : _("rounds.room.table")}
              {room.table_submitted_at !== null && (
                <>
                  {" "}
                  · <LocalTime at={room.table_submitted_at} />
                </>
              )}
              {lorenzi && (
                <>
                  {" "}
                  ·{" "}
                  <a
                    href={buildPath(ROOM_LORENZI_PATH, { id: lorenzi.id, n: lorenzi.n, room: room.number })}
                    target="_blank"
                    rel="noopener"
                  >
                    {_("rounds.room.lorenziText")}
                  </a>{" "}
                  · {/* The version in the query makes a corrected table a new URL, past the image's 60 s browser cache. */}
                  <a
                    href={`${roomTableImageUrl(lorenzi.id, lorenzi.n, room.number)}?v=${room.table_submitted_at ?? 0}`}
                    target="_blank"
                    rel="noopener"
                    aria-label={_("rounds.room.tableImageLabel", { number: room.number })}
                  >
                    {_("rounds.room.tableImage")}
                  </a>
                </>
              )}
            </p>
          }
        </footer>
      )}
    </article>
  );
}
