import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MoveStatus, teamEndpoints, teamRegistrationEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useEndpointAction } from "@/lib/use-endpoint-action";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { teamRegistrationKeys } from "./keys";

type Status = MoveStatus;

/**
 * Team registration calls (001 §7 Teams, Registrations, Moves, Manual registration, Edit
 * registrations). Keys live under ["registrations", id, …] so the registrations feature's
 * invalidation and this feature's mutation refresh the same reads.
 */
export const teamRegistrationQueries = {
  /** `GET /api/events/{id}/register` answered in the team shape (a team event). */
  status: (id: number) =>
    queryOptions({
      queryKey: teamRegistrationKeys.status(id),
      queryFn: ({ signal }) => callApi(e.registerStatus, { params: { id }, signal }),
    }),
  list: (id: number, status: Status, order: string) =>
    queryOptions({
      queryKey: teamRegistrationKeys.list(id, status, order),
      queryFn: ({ signal }) =>
        callApi(status === "registered" ? e.registrations : status === "withdrawn" ? e.withdrawnTeams : e.rejectedTeams, {
          params: { id },
          query: { order },
          signal,
        }),
    }),
  eligible: (id: number, teamId: number, order: string) =>
    queryOptions({
      queryKey: teamRegistrationKeys.eligible(id, teamId, order),
      queryFn: ({ signal }) => callApi(e.eligiblePlayers, { params: { id, teamId }, query: { order }, signal }),
    }),
  edit: (id: number, teamId: number) =>
    queryOptions({
      queryKey: teamRegistrationKeys.edit(id, teamId),
      queryFn: ({ signal }) => callApi(e.editTeam, { params: { id, teamId }, signal }),
    }),
  /** Teams for the manual registration picker (the registry's `GET /api/registry/teams/all?search`). */
  pick: (search: string) =>
    queryOptions({
      queryKey: teamRegistrationKeys.pick(search),
      queryFn: ({ signal }) => callApi(teamEndpoints.all, { query: { search, limit: 20 }, signal }),
    }),
};

export const useTeamRegisterStatus = (id: number, enabled = true) => useQuery({ ...teamRegistrationQueries.status(id), enabled });
export const useTeamRegistrations = (id: number, status: Status, order: string) =>
  useQuery(teamRegistrationQueries.list(id, status, order));
export const useEligiblePlayers = (id: number, teamId: number, order: string) =>
  useQuery(teamRegistrationQueries.eligible(id, teamId, order));
export const useTeamEdit = (id: number, teamId: number) => useQuery(teamRegistrationQueries.edit(id, teamId));
export const useTeamPicker = (search: string) => useQuery({ ...teamRegistrationQueries.pick(search), enabled: search.trim().length > 0 });

/**
 * Any team registration write, typed by its descriptor: `call(endpoint, {params, body},
 * callbacks)` (see `useEndpointAction`); on success every registration read and the tournament
 * refetch, and the action stays pending until they have (the register page then shows the new
 * status, not a form whose second submit would answer 'already registered'; #17 §3).
 */
export function useTeamAction() {
  const qc = useQueryClient();
  return useEndpointAction(() =>
    Promise.all([qc.invalidateQueries({ queryKey: teamRegistrationKeys.all }), qc.invalidateQueries({ queryKey: tournamentKeys.all })]),
  );
}
