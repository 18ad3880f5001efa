import { useMutation, useQueryClient } from "@tanstack/react-query";
import { registrationEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { registrationKeys } from "./keys";

/** Body of the admin register squad player call: the player, and host / in-game name when the tournament asks. */
export type AdminRegisterSquadPlayerInput = { player_id: number; can_host: boolean; mii_name: string };

/**
 * POST /api/events/{id}/squads/{squadId}/admin_register_player {player_id, can_host, mii_name}
 * (001 §6 tournament administrators "can register squad players", §7). Administrators only;
 * answers {status: 'ok', message}; refusals (already registered, bad in-game name, 403) throw ApiError.
 */
export function adminRegisterSquadPlayer(id: number, squadId: number, body: AdminRegisterSquadPlayerInput) {
  return callApi(e.adminRegisterSquadPlayer, { params: { id, squadId }, body });
}

/**
 * Adds a player to a squad. Like an invitation, success refreshes every registration read (the
 * squad view, its invitations, the lists) and the tournament pages, whose counts change.
 */
export function useAdminRegisterSquadPlayer(id: number, squadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRegisterSquadPlayerInput) => adminRegisterSquadPlayer(id, squadId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: registrationKeys.all });
      void qc.invalidateQueries({ queryKey: tournamentKeys.all });
    },
  });
}
