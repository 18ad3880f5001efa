import { vi } from "vitest";

/** What a mocked route answers: a status (default 200) and a JSON body. */
export interface MockReply {
  status?: number;
  body?: unknown;
}

/** The request as a handler sees it. */
export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, the FormData of multipart posts, or undefined. */
  body: unknown;
}

/** A fixed JSON body (answered with 200) or a function of the request. */
export type MockRoute = ((req: MockRequest) => MockReply | Promise<MockReply>) | { reply: MockReply } | object;

/** `reply(500)` → a contract-shaped error answer. */
export function errorReply(status: number, message = "An unknown error has occurred."): { reply: MockReply } {
  return { reply: { status, body: { status: "error", message } } };
}

/**
 * Stubs global fetch with fixed answers keyed "METHOD /path" (query strings ignored; handlers
 * can read them from `req.url`). This is a fixture table, not a fake backend: unknown routes
 * answer 404 so a missing fixture fails loudly. Returns the mock for call assertions.
 */
export function mockFetch(routes: Record<string, MockRoute>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = new Headers(init?.headers);
    let body: unknown = undefined;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === "string") body = JSON.parse(init.body);
    const route = routes[`${method} ${url.pathname}`];
    let reply: MockReply;
    if (route === undefined) reply = { status: 404, body: { status: "error", message: `No fixture for ${method} ${url.pathname}` } };
    else if (typeof route === "function") reply = await route({ method, url, headers, body });
    else if ("reply" in route) reply = (route as { reply: MockReply }).reply;
    else reply = { status: 200, body: route };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The calls made to `METHOD /path`, as [URL, RequestInit] pairs. */
export function callsTo(fn: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fn.mock.calls
    .map(([input, init]) => [new URL(String(input), "http://localhost"), init ?? {}] as const)
    .filter(([url, init]) => url.pathname === path && (init.method ?? "GET").toUpperCase() === method);
}

/** The first call to `METHOD /path`; fails the test when there was none. */
export function firstCallTo(fn: ReturnType<typeof mockFetch>, method: string, path: string) {
  const call = callsTo(fn, method, path)[0];
  if (!call) throw new Error(`expected a call to ${method} ${path}`);
  return call;
}
