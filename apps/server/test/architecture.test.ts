import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's structure rules (docs/architecture.md "Server layers"), read from the imports of
 * `src/`: feature folders form no cycle, and `lib/` and `db/` never import a feature. ESLint
 * refuses imports of another feature's repository or routes; this test refuses the cycles
 * ESLint cannot see.
 */
const SRC = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Relative imports of a file, resolved to paths under src/ ('features/teams/teams.service.ts'). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
    const target = join(file, "..", m[1]!.replace(/\.js$/, ".ts"));
    out.push(relative(SRC, target));
  }
  return out;
}

const featureOf = (path: string) => (path.startsWith("features/") ? path.split("/")[1]! : null);

/** Feature → the features it imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(join(SRC, "features"))) {
    const from = featureOf(relative(SRC, file))!;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(file)) {
      const to = featureOf(target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Every cycle's member list (strongly connected components of more than one feature). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("server structure", () => {
  it("finds a cycle when there is one (the checker itself)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(g)).toEqual([["a", "b", "c"]]);
  });

  it("has no import cycle between feature folders", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps the access modules low: they import no feature above permissions, notifications and the log", () => {
    const allowed = ["notifications", "permissions", "tournament-logs"];
    expect([...(featureGraph().get("access") ?? [])].filter((f) => !allowed.includes(f))).toEqual([]);
  });

  it("keeps lib/ and db/ below the features", () => {
    const offenders = [...sourceFiles(join(SRC, "lib")), ...sourceFiles(join(SRC, "db"))].filter((f) =>
      importsOf(f).some((t) => t.startsWith("features/")),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("keeps every feature file under 600 lines", () => {
    const long = sourceFiles(join(SRC, "features"))
      .map((f) => ({ f: relative(SRC, f), lines: readFileSync(f, "utf8").split("\n").length }))
      .filter((x) => x.lines > 600);
    expect(long).toEqual([]);
  });
});
