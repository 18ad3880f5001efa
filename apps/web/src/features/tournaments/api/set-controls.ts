import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type EndpointBody, tournamentEventEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

export type ControlsInput = EndpointBody<typeof tournamentEventEndpoints.controls>;

/** POST /api/events/{id}/controls: publish, registrations, check-in status, results on profiles (each change logged). */
export function setControls({ id, body }: { id: number; body: ControlsInput }) {
  return callApi(tournamentEventEndpoints.controls, { params: { id }, body });
}

export function useSetControls() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setControls, onSuccess: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
