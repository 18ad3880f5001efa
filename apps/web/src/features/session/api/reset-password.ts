import { useMutation } from "@tanstack/react-query";
import { sessionEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";

export type ResetPasswordInput = EndpointBody<typeof sessionEndpoints.resetPassword>;

/** POST /api/auth/reset_password with the mailed token and a new password. */
export function resetPassword(body: ResetPasswordInput) {
  return callApi(sessionEndpoints.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
