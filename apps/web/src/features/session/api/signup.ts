import { useMutation } from "@tanstack/react-query";
import { sessionEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";

export type SignupInput = EndpointBody<typeof sessionEndpoints.signup>;

/** POST /api/auth/signup → {status, message}; the message tells the user to check their email. */
export function signup(body: SignupInput) {
  return callApi(sessionEndpoints.signup, { body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
