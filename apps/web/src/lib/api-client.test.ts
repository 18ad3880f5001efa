import { describe, expect, it, vi } from "vitest";
import { registryEndpoints, sessionEndpoints } from "@site/contract";
import { callsTo, firstCallTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession } from "@/testing/fixtures";
import {
  ApiError,
  callApi,
  getCsrfToken,
  loadFirstScreen,
  REQUEST_TIMEOUT_MS,
  request,
  serverClock,
  setCsrfLoader,
  setCsrfToken,
  toQueryString,
  UPLOAD_TIMEOUT_MS,
} from "./api-client";

describe("callApi", () => {
  it("fills path params and appends the query, skipping empty values", async () => {
    const fetch = mockFetch({ "GET /api/registry/teams/category/mk8dx_150": { data: [], has_next_page: false } });
    await callApi(registryEndpoints.teams, { params: { cat: "mk8dx_150" }, query: { search: "", order: "name", page: 2 } });
    const [url, init] = firstCallTo(fetch, "GET", "/api/registry/teams/category/mk8dx_150");
    expect(url.search).toBe("?order=name&page=2");
    expect(init.credentials).toBe("same-origin");
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBeNull();
  });

  it("sends POST bodies as JSON with the CSRF token", async () => {
    setCsrfToken("abc");
    const fetch = mockFetch({ "POST /api/auth/login": anonymousSession });
    await callApi(sessionEndpoints.login, { body: { email: "a@b.c", password: "pw" } });
    const [, init] = firstCallTo(fetch, "POST", "/api/auth/login");
    const headers = new Headers(init.headers);
    expect(headers.get("X-CSRF-TOKEN")).toBe("abc");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({ email: "a@b.c", password: "pw" });
  });

  it("asks the CSRF loader for a token when none is known yet", async () => {
    const loader = vi.fn().mockResolvedValue("loaded-token");
    setCsrfLoader(loader);
    const fetch = mockFetch({ "POST /api/auth/logout": anonymousSession });
    await callApi(sessionEndpoints.logout);
    expect(loader).toHaveBeenCalledOnce();
    expect(getCsrfToken()).toBe("loaded-token");
    expect(new Headers(callsTo(fetch, "POST", "/api/auth/logout")[0]![1].headers).get("X-CSRF-TOKEN")).toBe("loaded-token");
  });

  it("throws ApiError with the server's message", async () => {
    mockFetch({ "POST /api/auth/login": { reply: { status: 401, body: { status: "error", message: "Invalid email or password." } } } });
    const err = await callApi(sessionEndpoints.login, { body: { email: "a@b.c", password: "x" } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: "Invalid email or password." });
  });

  it("falls back to 'Request failed with status code N' without a message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 })));
    await expect(callApi(sessionEndpoints.get)).rejects.toMatchObject({ status: 502, message: "Request failed with status code 502" });
  });

  it("reports 'Network Error' when the request never gets an answer", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(callApi(sessionEndpoints.get)).rejects.toMatchObject({ status: 0, message: "Network Error" });
  });

  /** A fetch that never answers and fails with AbortError once its signal aborts, like the browser's. */
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );

  it("lets the caller's own cancellation through unchanged so queries can cancel", async () => {
    vi.stubGlobal("fetch", hangingFetch());
    const caller = new AbortController();
    const call = callApi(sessionEndpoints.get, { signal: caller.signal });
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports 'Request aborted' when the request is aborted by anything else", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new DOMException("aborted", "AbortError")));
    await expect(callApi(sessionEndpoints.get)).rejects.toMatchObject({ status: 0, message: "Request aborted" });
  });

  it("gives up after REQUEST_TIMEOUT_MS with 'timeout of Nms exceeded' (uploads get UPLOAD_TIMEOUT_MS)", async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("fetch", hangingFetch());
      const call = callApi(sessionEndpoints.get).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void call.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await call).toMatchObject({ status: 0, message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` });

      setCsrfToken("abc");
      const upload = request("/api/upload", { method: "POST", form: new FormData() }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS);
      expect(await upload).toMatchObject({ message: `timeout of ${UPLOAD_TIMEOUT_MS}ms exceeded` });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("toQueryString", () => {
  it("encodes values and drops undefined, null and empty strings", () => {
    expect(toQueryString({ a: "x y", b: undefined, c: null, d: "", e: 0, f: false })).toBe("?a=x+y&e=0&f=false");
    expect(toQueryString({})).toBe("");
  });
});

describe("serverClock (issue #20 §1)", () => {
  it("reads the page's drawing time and moves on with the browser's monotonic clock; none without one", () => {
    const doc = document.implementation.createHTMLDocument("page");
    doc.head.innerHTML = '<meta name="page-drawn-at" content="1800000000000">';
    loadFirstScreen(doc);
    const clock = serverClock()!;
    expect(clock.drawnAt).toBe(1_800_000_000_000);
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(1_800_000_000_000);
    expect(now).toBeLessThan(1_800_000_000_000 + 60_000);

    loadFirstScreen(document.implementation.createHTMLDocument("not drawn"));
    expect(serverClock()).toBeNull();
    doc.head.innerHTML = '<meta name="page-drawn-at" content="soon">';
    loadFirstScreen(doc);
    expect(serverClock()).toBeNull();
  });
});
