import { describe, expect, it } from "vitest";
import { lightContractModules } from "../../light-contract";

/** The light part of each module, as the text the browser build gets. */
function light(files: Record<string, string>) {
  const out = lightContractModules(files);
  return Object.fromEntries([...out].map(([name, m]) => [name, m.statements.map((s) => s.text.trim()).join("\n")]));
}

describe("light-contract: the browser's zod-free @site/contract (#17 §6)", () => {
  const files = {
    common: `import { z } from "zod";
export const IdSchema = z.number().int();
export function endpoint<P extends z.ZodType>(e: { path: string; response?: P }) { return e; }
export function buildPath(path: string) { return path.replace(/:id/, "1"); }
export const LIMIT = 5;`,
    things: `import { z } from "zod";
import { endpoint, IdSchema, LIMIT } from "./common.js";
export const ThingSchema = z.object({ id: IdSchema });
export const Derived = ThingSchema.extend({});
const P = "/api/things";
export const thingEndpoints = { get: endpoint({ method: "GET", path: P, response: ThingSchema, summary: "x" }) };
export const LABELS = { a: "A" } as const;
export const MAX = LIMIT * 2;
export const usesSchema = (v: unknown) => ThingSchema.safeParse(v).success;
export interface Thing { id: number }
z.config({});`,
  };

  it("keeps constants, helpers and schema-free endpoint descriptors; leaves out zod and what reads it", () => {
    const out = light(files);
    expect(out.common).toContain("export function endpoint<P extends z.ZodType>"); // z only in a type
    expect(out.common).toContain("export function buildPath");
    expect(out.common).toContain("export const LIMIT = 5;");
    expect(out.common).not.toContain("IdSchema");
    expect(out.things).toContain('const P = "/api/things";');
    expect(out.things).toMatch(/thingEndpoints = \{ get: \/\* @__PURE__ \*\/ endpoint\(\{ method: "GET", path: P,\s+summary: "x" \}\) \}/);
    expect(out.things).toContain("export const LABELS");
    expect(out.things).toContain("export const MAX = LIMIT * 2;");
    for (const heavy of ["ThingSchema =", "Derived", "usesSchema", "interface Thing", "z.config"]) expect(out.things).not.toContain(heavy);
  });

  it("imports what a light statement reads from the other module's light part", () => {
    const things = lightContractModules(files).get("things")!;
    expect([...things.imports]).toEqual(
      expect.arrayContaining([
        ["endpoint", ["common", "endpoint"]],
        ["LIMIT", ["common", "LIMIT"]],
      ]),
    );
    expect(things.imports.has("IdSchema")).toBe(false);
    expect(things.imports.has("z")).toBe(false);
  });
});
