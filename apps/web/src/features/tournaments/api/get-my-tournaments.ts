import { queryOptions, useQuery } from "@tanstack/react-query";
import { type MyTournament, tournamentEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useSession } from "@/features/session/api/get-session";
import { tournamentKeys } from "./keys";

/** GET /api/tournaments/mine — the signed-in player's tournaments (account only; 401 signed out). */
export function getMyTournaments(signal?: AbortSignal) {
  return callApi(tournamentEndpoints.mine, { signal });
}

export const myTournamentsQuery = (userId: number) =>
  queryOptions({ queryKey: tournamentKeys.mine(userId), queryFn: ({ signal }) => getMyTournaments(signal) });

/**
 * The viewer's own tournaments, asked only when signed in (the query is disabled otherwise and
 * answers nothing). Every card and the home panel read their "Registered ✓" mark from this one
 * query; registration writes refresh it (it lives under `tournamentKeys.all`).
 */
export function useMyTournaments() {
  const session = useSession();
  const user = session.data?.user ?? null;
  // Without a profile there is nothing to list: no request.
  return useQuery({ ...myTournamentsQuery(user?.id ?? 0), enabled: user !== null && user.player_id !== null });
}

/** The viewer's entry in tournament `id`, if they are in it (undefined signed out, or while loading). */
export function useMyEntry(id: number): MyTournament | undefined {
  const mine = useMyTournaments();
  return mine.data?.data.find((m) => m.tournament.id === id);
}
