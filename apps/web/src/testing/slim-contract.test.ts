import { describe, expect, it } from "vitest";
import { slimContractSource } from "../../slim-contract";

describe("slim-contract: endpoint descriptors without schemas in the browser build (#17 §6)", () => {
  const source = `import { z } from "zod";
export const Thing = z.object({ id: z.number() });
export const Things = Thing.array();
const P = "/api/things/:id";
export const thingEndpoints = {
  get: endpoint({ method: "GET", path: P, params: z.object({ id: z.number() }), response: Thing, summary: "One thing." }),
  list: endpoint({
    method: "GET",
    path: "/api/things",
    query: z.object({ page: z.number() }),
    response: Things,
    summary: "Things.",
  }),
};
export function isThing(x: unknown) { return x !== null; }
`;

  it("drops params, query, body and response, keeps method, path and summary", () => {
    const out = slimContractSource(source, "things.ts")!;
    expect(out).toMatch(/\/\* @__PURE__ \*\/ endpoint\(\{ method: "GET", path: P,\s+summary: "One thing." \}\)/);
    expect(out).not.toMatch(/response:|params:|query:/);
    expect(out).toContain('path: "/api/things"');
  });

  it("marks top-level schema constants pure so unused ones are dropped, and leaves other code alone", () => {
    const out = slimContractSource(source, "things.ts")!;
    expect(out).toContain("export const Thing = /* @__PURE__ */ z.object(");
    expect(out).toContain("export const Things = /* @__PURE__ */ Thing.array()");
    expect(out).toContain('const P = "/api/things/:id";');
    expect(out).toContain("export function isThing(x: unknown) { return x !== null; }");
  });

  it("returns null when there is nothing to change", () => {
    expect(slimContractSource(`export const A = 1;\nexport type B = string;\n`, "a.ts")).toBeNull();
  });
});
