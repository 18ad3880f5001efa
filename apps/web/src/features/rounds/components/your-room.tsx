import { Link } from "react-router";
import { isSquadEvent, isTeamEvent, type TournamentDetail } from "@site/contract";
import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useMyRoom } from "../api/get-my-room";
import { Trans, useT } from "@/lib/i18n/use-t";
import { isOpenForTables, roundName, roundStatusLabel } from "./labels";
import { RoomCard } from "./room-card";
import "./rounds.css";

/**
 * The tournament page's "Your room" panel (issue #19 §4): for a signed-in entrant in a published
 * round, the round, room number, host, room code (when staff set one), the room's racers with
 * their in-game names and friend codes, and the table once it is in; a link to the round. The
 * room's host may enter its table from the round page while it is open. Renders nothing (and
 * reserves no space) for anyone else, while loading, and when the call fails: the rest of the
 * page does not depend on it.
 */
export function YourRoom({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const query = useMyRoom(t.id, signedIn && !isTeamEvent(t.event_format));
  const mine = signedIn ? query.data?.room : null;
  if (!mine) return null;
  const { room } = mine;
  const squads = isSquadEvent(t.event_format);
  const name = roundName(_, { name: mine.round_name, number: mine.round_number });
  const hostMayEnter = room.viewer_is_host && !room.locked && isOpenForTables(mine.round_status);
  return (
    <section className="panel your-room" aria-labelledby={`your-room-${t.id}`}>
      <header className="panel__header">
        <h2 className="panel__title" id={`your-room-${t.id}`}>
          {_("rounds.yourRoom.title")}
        </h2>
        <Link className="panel__action" to={paths.tournamentRound(t.id, mine.round_number)}>
          {_("rounds.yourRoom.view", { round: name })}
        </Link>
      </header>
      <div className="panel__body">
        <p className="your-room__line">
          <Trans
            id="rounds.yourRoom.line"
            values={{ round: name, number: room.number, races: mine.races }}
            components={{ 0: <strong /> }}
          />
          <span className={`badge round-status round-status--${mine.round_status}`}>{roundStatusLabel(_, mine.round_status)}</span>
        </p>
        {hostMayEnter && (
          <p className="your-room__host">
            {room.room_code ? _("rounds.yourRoom.hostHasCode") : _("rounds.yourRoom.hostNoCode")}{" "}
            <LinkButton to={paths.tournamentRound(t.id, mine.round_number)} size="sm">
              {_("rounds.yourRoom.enterTable")}
            </LinkButton>
          </p>
        )}
        <RoomCard
          room={room}
          squads={squads}
          lorenzi={{ id: t.id, n: mine.round_number }}
          viewerPlayerId={session.data?.user?.player_id ?? null}
        />
      </div>
    </section>
  );
}
