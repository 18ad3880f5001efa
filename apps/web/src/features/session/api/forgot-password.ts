import { useMutation } from "@tanstack/react-query";
import { sessionEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";

export type ForgotPasswordInput = EndpointBody<typeof sessionEndpoints.forgotPassword>;

/** POST /api/auth/forgot_password; mails a reset link. */
export function forgotPassword(body: ForgotPasswordInput) {
  return callApi(sessionEndpoints.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
