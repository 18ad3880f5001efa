import { useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { tournamentTopic } from "@site/contract";
import { placementsQueryOptions } from "@/features/placements/api/get-placements";
import { useLiveBoard } from "@/features/rounds/api/get-live-board";
import { useLiveRoom } from "@/features/rounds/api/get-live-room";
import { liveRoomRefreshKeys } from "@/features/rounds/api/live-refresh";
import { parseOverlayParams } from "@/features/rounds/components/overlay-params";
import { OverlayNote, RoomOverlay, StandingsOverlay } from "@/features/rounds/components/overlays";
import { useLiveTopics } from "@/features/live/api/use-live-topics";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "../tournaments/tournament";

/** Without the live stream (refused, or not yet open) an overlay refreshes this often, so it never freezes on air. */
const FALLBACK_MS = 30_000;

/** The overlay's parameters from the query string (bad values ignored). */
function useOverlayParams() {
  const [search] = useSearchParams();
  return useMemo(() => parseOverlayParams(search), [search]);
}

/**
 * Subscribes to tournament `id`'s live topic (none while unknown) and returns the queries'
 * fallback interval. Its events refresh the standings (the board's key and the placements) through
 * the live hub's own table; `roomId` adds a room overlay's key, which that table cannot know.
 */
function useLiveOverlay(id: number | undefined, roomId?: number): number | false {
  const qc = useQueryClient();
  const { connected } = useLiveTopics(id ? [tournamentTopic(id)] : [], {
    onEvent: (e) => {
      if (roomId !== undefined) for (const queryKey of liveRoomRefreshKeys(e, roomId)) void qc.invalidateQueries({ queryKey });
    },
  });
  return connected ? false : FALLBACK_MS;
}

/** The room's query with the fallback interval (a second observer of the same query as the route's). */
function LiveRoomOverlay({ roomId, enabled, interval }: { roomId: number; enabled: boolean; interval: number | false }) {
  const params = useOverlayParams();
  const query = useLiveRoom(roomId, { enabled, refetchInterval: interval });
  return <RoomOverlay query={query} params={params} />;
}

/** `/overlay/rooms/{roomId}` (issue #20 §2): one room for a stream, live. */
export function RoomOverlayRoute() {
  const _ = useT();
  const roomId = idParam(useParams().roomId);
  const valid = Number.isInteger(roomId) && roomId > 0;
  useDocumentTitle(_("rounds.overlay.roomTitle"));
  // The room's tournament (its live topic) is known from the answer.
  const tournamentId = useLiveRoom(roomId, { enabled: valid }).data?.tournament_id;
  const interval = useLiveOverlay(tournamentId, roomId);
  return valid ? (
    <LiveRoomOverlay roomId={roomId} enabled interval={interval} />
  ) : (
    <OverlayNote>{_("rounds.overlay.roomMissing")}</OverlayNote>
  );
}

/** `/overlay/tournaments/{id}/standings` (issue #20 §2): the current round's standings, or the final placements. */
export function StandingsOverlayRoute() {
  const _ = useT();
  const id = idParam(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const params = useOverlayParams();
  useDocumentTitle(_("rounds.overlay.standingsTitle"));
  const interval = useLiveOverlay(valid ? id : undefined);
  const board = useLiveBoard(id, { enabled: valid, refetchInterval: interval });
  const final = board.data?.round?.final === true;
  // Placements events refresh these through the live hub's own table (placementKeys.event).
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the placements' sort order code
  const placements = useQuery({ ...placementsQueryOptions(id, "PA", params.rows), enabled: final });
  if (!valid) return <OverlayNote>{_("rounds.overlay.tournamentMissing")}</OverlayNote>;
  return <StandingsOverlay query={board} placements={final ? placements.data?.data : undefined} params={params} />;
}
