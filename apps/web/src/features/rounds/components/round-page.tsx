import { Link } from "react-router";
import type { RoundDetail, TournamentDetail } from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useErrorText } from "@/lib/i18n/error-text";
import { useSession } from "@/features/session/api/get-session";
import { useRound } from "../api/get-round";
import { CloseRoundPanel } from "./close-round-panel";
import { DraftEditor } from "./draft-editor";
import { useT } from "@/lib/i18n/use-t";
import { isOpenForTables, planLabel, pointsTableName, roomsLabel, roundName, roundStatusLabel, sidesLabel } from "./labels";
import { RoomCard } from "./room-card";
import { RoomTools } from "./room-tools";
import "./rounds.css";

/** The round's facts under its name: races, room size, points table, tables in, and how it closed. */
function RoundFacts({ detail }: { detail: RoundDetail }) {
  const _ = useT();
  const r = detail.round;
  const table = pointsTableName(_, detail.points_table);
  const plan = planLabel(_, r);
  return (
    <ul className="round-facts">
      <li>
        <span className={`badge round-status round-status--${r.status}`}>{roundStatusLabel(_, r.status)}</span>
      </li>
      <li>{_("rounds.races", { count: r.races })}</li>
      <li>
        {roomsLabel(_, r.room_count)} · {sidesLabel(_, detail.entrant_type, r.side_count)}
      </li>
      {r.status !== "draft" && <li>{_("rounds.tablesIn", { done: r.tables_in, total: r.room_count })}</li>}
      <li className="muted">
        <span className="visually-hidden">{_("rounds.round.pointsTable")} </span>
        {table}
      </li>
      {plan && <li>{plan}</li>}
    </ul>
  );
}

function RoundBody({ t, detail }: { t: TournamentDetail; detail: RoundDetail }) {
  const r = detail.round;
  const squads = detail.entrant_type === "squad";
  const staff = detail.can_manage;
  const allIn = detail.rooms.length > 0 && detail.rooms.every((x) => x.table_in);
  const viewer = useSession().data?.user?.player_id ?? null;
  const _ = useT();
  return (
    <>
      <section className="panel" aria-labelledby="round-title">
        <header className="panel__header">
          <h2 className="panel__title" id="round-title">
            {roundName(_, r)}
          </h2>
          <span className="panel__action rounds-links">
            {r.status !== "draft" && (
              <>
                <Link to={paths.tournamentLive(t.id)}>{_("rounds.liveBoard")}</Link> ·{" "}
              </>
            )}
            <Link to={paths.tournamentRounds(t.id)}>{_("rounds.allRounds")}</Link>
          </span>
        </header>
        <div className="panel__body">
          <RoundFacts detail={detail} />
          {r.status === "closed" && staff && (
            <p className="round-next">
              {r.advance_per_room !== null ? (
                <LinkButton to={paths.tournamentRounds(t.id)} size="sm">
                  {_("rounds.round.drawNext")}
                </LinkButton>
              ) : (
                <LinkButton to={paths.tournamentRounds(t.id)} size="sm">
                  {_("rounds.writeFinalPlacements")}
                </LinkButton>
              )}
            </p>
          )}
          {staff && isOpenForTables(r.status) && !allIn && <p className="muted round-next">{_("rounds.round.closeWhenAllIn")}</p>}
        </div>
      </section>
      {staff && r.status === "draft" ? (
        <DraftEditor tournamentId={t.id} detail={detail} />
      ) : (
        <>
          {staff && isOpenForTables(r.status) && allIn && <CloseRoundPanel key={r.tables_in} tournamentId={t.id} detail={detail} />}
          {detail.rooms.length === 0 ? (
            <p className="empty">{_("rounds.round.noRooms")}</p>
          ) : (
            <div className="rooms-grid">
              {detail.rooms.map((room) => (
                <RoomCard key={room.number} room={room} squads={squads} lorenzi={{ id: t.id, n: r.number }} viewerPlayerId={viewer}>
                  {isOpenForTables(r.status) && (staff || room.viewer_is_host) && (
                    <RoomTools tournamentId={t.id} round={r} points={detail.points_table} room={room} staff={staff} squads={squads} />
                  )}
                </RoomCard>
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}

/**
 * `/tournaments/{id}/rounds/{n}` body (issue #19 §2, §4): the round's name and facts, then its
 * rooms as cards. Everyone sees a published round; staff also get the draft editor, the table
 * tools per room, and the close panel once every table is in; a room's host gets "Enter table"
 * on their own room. A round that does not exist (or a draft, to others) says so.
 */
export function RoundView({ t, n }: { t: TournamentDetail; n: number }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const query = useRound(t.id, n);
  if (query.data) return <RoundBody t={t} detail={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <div className="access-note" role="status">
          <p>{query.error.status === 404 ? _("rounds.round.notFound") : errorText(query.error)}</p>
          <Link to={paths.tournamentRounds(t.id)}>{_("rounds.allRounds")}</Link>
        </div>
      );
    }
    return <FailurePanel onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}
