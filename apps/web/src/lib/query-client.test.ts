import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryObserver } from "@tanstack/react-query";
import { getJson, loadFirstScreen, probeUrl, request } from "./api-client";
import { createQueryClient } from "./query-client";

/** A page whose HTML embedded `answers` (what the server writes before `</body>`). */
function pageWith(answers: Record<string, unknown>): Document {
  const doc = document.implementation.createHTMLDocument("page");
  const el = doc.createElement("script");
  el.id = "first-screen";
  el.type = "application/json";
  el.textContent = JSON.stringify(answers);
  doc.body.append(el);
  return doc;
}

/** Keys of these throw-away queries (the lint rule wants keys built, not written inline). */
const testKey = (...parts: string[]) => ["first-screen-test", ...parts];

afterEach(() => loadFirstScreen(document.implementation.createHTMLDocument("empty")));

describe("first screen (#17 §6)", () => {
  it("learns the URL a fetcher GETs without sending it", () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    expect(probeUrl(() => request("/api/events/7", { method: "GET", query: { order: "PA", limit: 12 } }))).toBe(
      "/api/events/7?order=PA&limit=12",
    );
    expect(probeUrl(() => request("/api/withdraw", { method: "POST", json: {} }))).toBeNull();
    expect(probeUrl(() => 42)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("starts a new query with the embedded answer of its URL, once, and sends nothing", async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ from: "network" }), { status: 200 })));
    vi.stubGlobal("fetch", fetchSpy);
    const doc = pageWith({ "/api/a?x=1": { from: "html" } });
    loadFirstScreen(doc);
    expect(doc.getElementById("first-screen")).toBeNull(); // read once, then removed

    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: testKey("a"), queryFn: ({ signal }) => getJson("/api/a?x=1", signal) });
    // The first result a component would render already has the data.
    expect(observer.getCurrentResult()).toMatchObject({ status: "success", data: { from: "html" }, isStale: false });

    // Used once: another query of the same URL goes to the network.
    const other = await client.fetchQuery({ queryKey: testKey("a", "again"), queryFn: ({ signal }) => getJson("/api/a?x=1", signal) });
    expect(other).toEqual({ from: "network" });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("leaves queries of other URLs alone, and reads nothing from a broken element", async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ from: "network" }), { status: 200 })));
    vi.stubGlobal("fetch", fetchSpy);
    loadFirstScreen(pageWith({ "/api/a": { from: "html" } }));
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: testKey("b"), queryFn: ({ signal }) => getJson("/api/b", signal) })).toEqual({
      from: "network",
    });

    const broken = document.implementation.createHTMLDocument("page");
    broken.body.innerHTML = `<script id="first-screen" type="application/json">{not json</script>`;
    loadFirstScreen(broken);
    expect(await client.fetchQuery({ queryKey: testKey("a"), queryFn: ({ signal }) => getJson("/api/a", signal) })).toEqual({
      from: "network",
    });
  });
});
