import { buildPath, type Endpoint, type EndpointResponse, UNKNOWN_ERROR_MESSAGE, uploadTooLargeMessage } from "@site/contract";
import { ApiError, postForm } from "./api-client";

/**
 * Multipart saves of tournaments, series and templates (001 §7): the form travels as FormData
 * with the CSRF header (the api client adds it), the answer is the endpoint's JSON.
 */
export async function callMultipart<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string | number>,
  form: FormData,
): Promise<EndpointResponse<E>> {
  return (await postForm(buildPath(endpoint.path, params), form)) as EndpointResponse<E>;
}

/**
 * The error box text of a tournament, series or template save (001 §8): a 413 shows
 * 'The logo exceeds the maximum size of 2MB.', a refusal ('error' status) shows the server's
 * message, anything else (network, 5xx) 'An unknown error has occurred.'.
 */
export function saveErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return uploadTooLargeMessage("tournament_logo");
    if (err.status >= 400 && err.status < 500) return err.message;
  }
  return UNKNOWN_ERROR_MESSAGE;
}

/** A form's values as multipart strings: booleans '1'/'0', null and undefined left out. */
export function toFormData(
  values: Record<string, string | number | boolean | null | undefined>,
  file?: { field: string; file: File | null },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    fd.append(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  }
  if (file?.file) fd.append(file.field, file.file);
  return fd;
}

/** The same values as the string record the contract's form schemas validate. */
export function toFormRecord(values: Record<string, string | number | boolean | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === "boolean" ? (v ? "1" : "0") : String(v);
  }
  return out;
}
