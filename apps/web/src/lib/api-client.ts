import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from "@site/contract";

/**
 * The one way the web talks to the server. Everything goes through `request()` so CSRF,
 * credentials and error texts are handled identically for JSON calls, uploads and the
 * caller-supplied URLs of shared widgets.
 */

/**
 * A failed call. `message` is what the user should see: the server's `{status:"error", message}`
 * when it sent one, otherwise the transport texts of 000 §8 ('Request failed with status code N',
 * 'Network Error'). `status` is 0 when no HTTP answer arrived.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's translation code and its parameters, when the server gave them (#21). */
    readonly code?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

// --- First screen (#17 §6) --------------------------------------------------------------------

/**
 * Answers the server embedded in the page's HTML (`<script id="first-screen">`, see
 * `firstScreenCalls` in the contract): API path with query string → JSON. Each is used once,
 * by the first GET of exactly that URL, so later reads and refetches go to the network.
 */
let firstScreen: Map<string, unknown> | null = null;

/** When the server drew this page (its clock, ms) and when the browser read it (`performance.now()`). */
let drawnClock: { drawnAt: number; readAt: number } | null = null;

/** Reads the embedded answers (once, at start). A missing or unreadable element means none. */
export function loadFirstScreen(doc: Document = document): void {
  const el = doc.getElementById("first-screen");
  firstScreen = new Map();
  const drawnAt = Number(doc.querySelector('meta[name="page-drawn-at"]')?.getAttribute("content"));
  drawnClock = Number.isSafeInteger(drawnAt) && drawnAt > 0 ? { drawnAt, readAt: performance.now() } : null;
  if (!el?.textContent) return;
  try {
    const parsed: unknown = JSON.parse(el.textContent);
    if (parsed && typeof parsed === "object") for (const [url, data] of Object.entries(parsed)) firstScreen.set(url, data);
  } catch {
    // A broken element only costs the round trips it would have saved.
  }
  el.remove();
}

/**
 * The server's clock, estimated (ms since the epoch): when it drew this page, plus the time
 * elapsed here since (the browser's monotonic clock, so the two machines' clocks never meet),
 * with `drawnAt` that drawing's instant itself. Null when the page carried no drawing time (a
 * page the server did not draw). The live-updates stream asks the server for the events since
 * a point on this clock (issue #20 §1, `LiveHub`).
 */
export function serverClock(): { drawnAt: number; now: () => number } | null {
  const c = drawnClock;
  return c ? { drawnAt: c.drawnAt, now: () => c.drawnAt + (performance.now() - c.readAt) } : null;
}

/**
 * Server rendering (#17 §6): the same answers, given directly instead of read from the DOM, so
 * the server's render and the browser's first render start from identical data. `null` clears
 * them after the render (the server renders one page at a time, synchronously).
 */
export function provideFirstScreen(answers: Record<string, unknown> | null): void {
  firstScreen = answers ? new Map(Object.entries(answers)) : null;
}

/** True while embedded answers are left to use (the query cache stops probing after that). */
export function firstScreenLeft(): boolean {
  return firstScreen !== null && firstScreen.size > 0;
}

/** The embedded answer of `url` if there is one left; `take` consumes it. */
export function firstScreenAnswer(url: string, take: boolean): { data: unknown } | undefined {
  if (!firstScreen?.has(url)) return undefined;
  const data = firstScreen.get(url);
  if (take) firstScreen.delete(url);
  return { data };
}

/** Set while `probeUrl` runs a fetcher to learn which URL it asks for. */
let probing: { url: string | null } | null = null;
const PROBE = Symbol("probe");

/**
 * The URL (path and query string) the fetcher `run` GETs, learned by running it with `request`
 * stopping at its first line; null when it asks for nothing synchronously or not with GET.
 * Lets the query cache seed a new query from the first screen without a list of query keys.
 */
export function probeUrl(run: () => unknown): string | null {
  const probe: { url: string | null } = { url: null };
  probing = probe;
  try {
    const result = run();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // The fetcher threw before asking: nothing to seed.
  } finally {
    probing = null;
  }
  return probe.url;
}

// --- CSRF token -----------------------------------------------------------------------------

let csrfToken: string | null = null;
let csrfLoader: (() => Promise<string>) | null = null;

/**
 * Remember the CSRF token. Called whenever a Session arrives (GET /api/session, login, logout,
 * theme), because the server may rotate the token when the user changes.
 */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/**
 * How to obtain a token when a POST happens before the session query has answered (for
 * example /verify_email posts on mount). The app wires this to the session query so the
 * fetch is shared with the shell instead of duplicated.
 */
export function setCsrfLoader(loader: (() => Promise<string>) | null): void {
  csrfLoader = loader;
}

async function ensureCsrfToken(): Promise<string | null> {
  if (csrfToken === null && csrfLoader) {
    try {
      csrfToken = await csrfLoader();
    } catch {
      // Send the POST anyway: the server will refuse it with a readable message.
    }
  }
  return csrfToken;
}

// --- transport ------------------------------------------------------------------------------

interface RequestOptions {
  method: "GET" | "POST";
  query?: Record<string, unknown> | undefined;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal | undefined;
  /** The browser HTTP cache mode; "no-cache" re-reads a GET the server allowed the browser to keep. */
  cache?: RequestCache | undefined;
}

/** Serialises a query object, dropping empty values so defaults stay the server's business. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

async function errorFromResponse(res: Response): Promise<ApiError> {
  let message = `Request failed with status code ${res.status}`;
  let code: string | undefined;
  let params: Record<string, string | number> | undefined;
  try {
    const body: unknown = await res.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) {
      message = body.message;
      if ("code" in body && typeof body.code === "string") code = body.code;
      if ("params" in body && body.params && typeof body.params === "object") params = body.params as Record<string, string | number>;
    }
  } catch {
    // Not JSON (a proxy error page, an empty 502): keep the generic transport text.
  }
  return new ApiError(res.status, message, code, params);
}

/** How long one call may take before it fails with 'timeout of Nms exceeded' (000 §8). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Uploads (multipart forms up to 8MB) get longer on slow links. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Performs one HTTP call and returns the parsed JSON body (or null for an empty body).
 * Throws ApiError with the transport texts of 000 §8: 'Network Error', 'Request aborted',
 * 'timeout of Nms exceeded' (REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS for forms), or the
 * server's message / 'Request failed with status code N' for any status outside 200–299.
 * A cancellation by the caller's `signal` (TanStack Query leaving a screen) is re-thrown as
 * the AbortError itself, so it is never shown as an error.
 */
export async function request(url: string, opts: RequestOptions): Promise<unknown> {
  if (probing) {
    probing.url = opts.method === "GET" && !opts.form ? url + toQueryString(opts.query) : null;
    throw PROBE;
  }
  if (opts.method === "GET" && firstScreen) {
    const embedded = firstScreenAnswer(url + toQueryString(opts.query), true);
    if (embedded) return embedded.data;
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (opts.method === "POST") {
    const token = await ensureCsrfToken();
    if (token) headers["X-CSRF-TOKEN"] = token;
    if (opts.form) {
      body = opts.form; // the browser sets the multipart boundary itself
    } else {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.json ?? {});
    }
  }

  const timeoutMs = opts.form ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener("abort", forward, { once: true });
  const failure = (err: unknown): unknown => {
    const aborted = err instanceof DOMException && err.name === "AbortError";
    if (aborted && opts.signal?.aborted) return err; // the caller cancelled: let TanStack see it
    if (timedOut) return new ApiError(0, `timeout of ${timeoutMs}ms exceeded`);
    return new ApiError(0, aborted ? "Request aborted" : "Network Error");
  };

  try {
    let res: Response;
    try {
      res = await fetch(url + toQueryString(opts.query), {
        method: opts.method,
        headers,
        body,
        credentials: "same-origin",
        signal: controller.signal,
        ...(opts.cache ? { cache: opts.cache } : {}),
      });
    } catch (err) {
      throw failure(err);
    }
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204) return null;
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw failure(err);
    }
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(res.status, "The server sent an unreadable answer.");
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", forward);
  }
}

// --- typed calls from contract descriptors ------------------------------------------------

type AnyEndpoint = Endpoint;

/** The options object of `callApi`: keys are required exactly when the endpoint declares them. */
export type CallOptions<E> = ([EndpointParams<E>] extends [undefined] ? { params?: undefined } : { params: EndpointParams<E> }) &
  ([EndpointQuery<E>] extends [undefined] ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  ([EndpointBody<E>] extends [undefined] ? { body?: undefined } : { body: EndpointBody<E> }) & {
    signal?: AbortSignal;
    /** Browser HTTP cache mode of a GET (see `request`). */
    cache?: RequestCache;
  };

/**
 * Calls a contract endpoint: fills path params with `buildPath`, appends the query, sends the
 * body as JSON (with the CSRF header for POSTs) and returns the typed answer.
 *
 * In development the answer is checked against the endpoint's response schema and any drift is
 * logged (not thrown), so a server change shows up in the console without breaking the page.
 */
export async function callApi<E extends AnyEndpoint>(
  endpoint: E,
  options: CallOptions<E> = {} as CallOptions<E>,
): Promise<EndpointResponse<E>> {
  const opts = options as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    cache?: RequestCache;
  };
  const url = buildPath(endpoint.path, opts.params);
  const data = await request(url, { method: endpoint.method, query: opts.query, json: opts.body, signal: opts.signal, cache: opts.cache });
  if (import.meta.env.DEV) {
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) console.warn(`[api] ${endpoint.method} ${endpoint.path} answered off-contract`, parsed.error.issues);
  }
  return data as EndpointResponse<E>;
}

/** GET of a caller-supplied URL (shared widgets such as the tournament picker take one). */
export function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return request(url, { method: "GET", signal });
}

/** Multipart POST (uploads). Same CSRF and error handling as every other call. */
export function postForm(url: string, form: FormData, signal?: AbortSignal): Promise<unknown> {
  return request(url, { method: "POST", form, signal });
}

/** Human text for anything a query or mutation threw. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return "An unknown error has occurred.";
}
