import { useMutation } from "@tanstack/react-query";
import { sessionEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";

export type VerifyEmailInput = EndpointBody<typeof sessionEndpoints.verifyEmail>;

/** POST /api/auth/verify_email with the mailed token. */
export function verifyEmail(body: VerifyEmailInput) {
  return callApi(sessionEndpoints.verifyEmail, { body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
