import { useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import type { Endpoint, EndpointResponse } from "@site/contract";
import { callApi, type CallOptions } from "./api-client";

/** What a caller may do once one write settles; `onSuccess` gets the endpoint's typed answer. */
export interface ActionCallbacks<R> {
  onSuccess?: (answer: R) => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
}

/**
 * Several writes of one screen through one TanStack mutation, so the screen keeps a single
 * pending flag and a single error line whichever button was pressed. `call(endpoint, options,
 * callbacks)` is typed by the contract descriptor: `options` are exactly `callApi`'s (params and
 * body required when the endpoint declares them, `EndpointParams<E>` / `EndpointBody<E>`), and
 * `callbacks.onSuccess` receives `EndpointResponse<E>`. `afterSuccess` runs after every
 * successful write (the feature's query invalidation), before the caller's `onSuccess`.
 *
 * Features wrap this in their `api/` (components never call it with their own invalidation).
 */
export function useEndpointAction(afterSuccess: () => void) {
  // One request at a time: set synchronously when a call starts (the mutation's pending flag
  // reaches the buttons a render later), cleared before the caller's callbacks run, so a double
  // click sends one request and a callback may start the next.
  const inFlight = useRef(false);
  const mutation = useMutation({
    // The variables are the call itself; it resolves to the caller's success callback bound to
    // the typed answer, which runs from the mutate-level onSuccess below (after `afterSuccess`).
    mutationFn: (run: () => Promise<() => void>) =>
      run().finally(() => {
        inFlight.current = false;
      }),
    onSuccess: afterSuccess,
  });
  const { mutate } = mutation;
  const call = <E extends Endpoint>(endpoint: E, options: CallOptions<E>, callbacks: ActionCallbacks<EndpointResponse<E>> = {}) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutate(
      async () => {
        const answer = await callApi(endpoint, options);
        return () => callbacks.onSuccess?.(answer);
      },
      {
        onSuccess: (done) => done(),
        onError: (error) => callbacks.onError?.(error),
        onSettled: () => callbacks.onSettled?.(),
      },
    );
  };
  return { ...mutation, call };
}
