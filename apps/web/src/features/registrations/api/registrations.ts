import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type MoveStatus,
  playerEndpoints,
  type RegisterBody,
  registrationEndpoints as e,
  soloSquadRegistrationEndpoints as s,
} from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useEndpointAction } from "@/lib/use-endpoint-action";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { registrationKeys } from "./keys";

/**
 * Solo and squad registration calls (001 §7): reads as queryOptions factories + hooks, writes
 * through `useRegistrationAction` (typed by the endpoint) that invalidates every registration
 * read and the tournament page. The calls shared with team tournaments use the solo/squad
 * descriptors (`soloSquadRegistrationEndpoints`), so their answers need no narrowing.
 */
export const registrationQueries = {
  status: (id: number) =>
    queryOptions({
      queryKey: registrationKeys.status(id),
      // Solo/squad shape; team tournaments read the same call through features/team-registrations.
      queryFn: ({ signal }) => callApi(s.registerStatus, { params: { id }, signal }),
    }),
  /**
   * One page (from 1) of a player list, sorted server-side across all rows. While another page of
   * the same list loads, the current one stays on screen; a new sort or filter shows the loading state.
   */
  players: (id: number, status: MoveStatus, order: string, checkedIn?: boolean, page = 1) => {
    const queryKey = registrationKeys.players(id, status, order, checkedIn, page);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) =>
        callApi(status === "registered" ? e.registeredPlayers : status === "withdrawn" ? e.withdrawnPlayers : e.rejectedPlayers, {
          params: { id },
          query: { order, page, ...(checkedIn === undefined ? {} : { checked_in: checkedIn ? "1" : "0" }) },
          signal,
        }),
      // Same list (all but the page equal): keep the shown page until the next arrives.
      placeholderData: (previous, previousQuery) =>
        previousQuery && queryKey.slice(0, -1).every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
    });
  },
  squads: (id: number, status: MoveStatus, order: string, checkedIn?: boolean) =>
    queryOptions({
      queryKey: registrationKeys.squads(id, status, order, checkedIn),
      queryFn: ({ signal }) =>
        callApi(status === "registered" ? s.squads : status === "withdrawn" ? s.withdrawnSquads : s.rejectedSquads, {
          params: { id },
          query: { order, ...(checkedIn === undefined ? {} : { checked_in: checkedIn ? "1" : "0" }) },
          signal,
        }),
    }),
  squad: (id: number, squadId: number) =>
    queryOptions({
      queryKey: registrationKeys.squad(id, squadId),
      queryFn: ({ signal }) => callApi(e.squad, { params: { id, squadId }, query: { order: "RA" }, signal }),
    }),
  invited: (id: number, squadId: number) =>
    queryOptions({
      queryKey: registrationKeys.invited(id, squadId),
      queryFn: ({ signal }) => callApi(e.invited, { params: { id, squadId }, signal }),
    }),
  invitable: (id: number, squadId: number, search: string) =>
    queryOptions({
      queryKey: registrationKeys.invitable(id, squadId, search),
      queryFn: ({ signal }) => callApi(e.invitable, { params: { id, squadId }, query: { search }, signal }),
    }),
  squadEdit: (id: number, squadId: number) =>
    queryOptions({
      queryKey: registrationKeys.squadEdit(id, squadId),
      queryFn: ({ signal }) => callApi(e.editSquad, { params: { id, squadId }, signal }),
    }),
  playerEdit: (id: number, playerId: number) =>
    queryOptions({
      queryKey: registrationKeys.playerEdit(id, playerId),
      queryFn: ({ signal }) => callApi(e.editPlayer, { params: { id, playerId }, signal }),
    }),
  /** The waitlist in order (registration moderators; issue #22). */
  waitlist: (id: number) =>
    queryOptions({
      queryKey: registrationKeys.waitlist(id),
      queryFn: ({ signal }) => callApi(e.waitlist, { params: { id }, signal }),
    }),
};

export const useRegisterStatus = (id: number, enabled = true) => useQuery({ ...registrationQueries.status(id), enabled });

/**
 * Any solo/squad registration write, typed by its descriptor: `call(endpoint, {params, body},
 * callbacks)` (see `useEndpointAction`); on success every registration read and the tournament refetch.
 */
export function useRegistrationAction() {
  const refresh = useRefreshRegistrations();
  return useEndpointAction(() => void refresh());
}

/**
 * After any registration write: every registration read and the tournament page refetch. The
 * promise settles once the shown reads have their new answers.
 */
function useRefreshRegistrations() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: registrationKeys.all }), qc.invalidateQueries({ queryKey: tournamentKeys.all })]);
}

/** What a registration form saves: a new registration, an edit of one's own, or joining a squad by invitation. */
export type RegistrationTarget = { kind: "register" } | { kind: "update" } | { kind: "accept"; squadId: number };

/**
 * POST /api/events/{id}/register, /update_registration or /squads/{squadId}/accept_invite with the
 * registration form's body (001 §5, §7).
 */
export function saveRegistration({ id, target, body }: { id: number; target: RegistrationTarget; body: RegisterBody }) {
  if (target.kind === "accept") return callApi(e.acceptInvite, { params: { id, squadId: target.squadId }, body });
  return callApi(target.kind === "register" ? s.register : e.updateRegistration, { params: { id }, body });
}

/**
 * The registration form's save (see `saveRegistration`); a success refreshes the registration
 * reads and stays pending until the new status has arrived, so the form keeps its busy button
 * until the page shows REGISTERED / PENDING APPROVAL instead of offering a second submit that
 * would answer 'You are already registered for this tournament.' (#17 §3).
 */
export function useSaveRegistration() {
  const refresh = useRefreshRegistrations();
  return useMutation({ mutationFn: saveRegistration, onSuccess: () => refresh() });
}

/**
 * POST /api/registry/players/new {shadow: true, display_name, country} (001 §7; the player
 * registry's `adminSave` call). Answers {status: 'success', player_id, message}; refusals throw ApiError.
 */
export async function createShadowPlayer(body: {
  display_name: string;
  country: string;
}): Promise<{ status: string; player_id: number | null; message: string }> {
  return callApi(playerEndpoints.adminSave, { params: { id: "new" }, body: { shadow: true, ...body } });
}
