import ts from "typescript";
import type { Plugin } from "vite";

/** Endpoint properties that hold zod schemas; the browser only needs `method` and `path`. */
const SCHEMA_PROPERTIES = new Set(["params", "query", "body", "response"]);

/**
 * Rewrites one contract module for the browser bundle (production builds only):
 * 1. inside every `endpoint({...})` call, the schema properties (`params`, `query`, `body`,
 *    `response`) are removed, so an endpoint descriptor no longer keeps its schemas alive;
 * 2. every top-level `const X = <call>` (a schema such as `z.object(...)`, `Y.extend(...)`)
 *    and every `endpoint(...)` call is marked `/* @__PURE__ *\/`, so the bundler drops the
 *    schemas nothing uses.
 * Why: the first load of a public page needs the endpoints' paths, not zod. Forms still import
 * their schemas by name, and those (with zod) land in the lazily loaded chunks that use them.
 * The web only validates answers against `response` in development (`callApi`), where this
 * plugin does not run. Returns null when the text has nothing to change.
 */
export function slimContractSource(code: string, fileName: string): string | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];

  const markPure = (node: ts.Expression) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node))
      edits.push({ start: node.getStart(source), end: node.getStart(source), text: "/* @__PURE__ */ " });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "endpoint") {
      markPure(node);
      const [arg] = node.arguments;
      if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const prop of arg.properties) {
          const name = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
          if (!name || !SCHEMA_PROPERTIES.has(name)) continue;
          let end = prop.getEnd();
          if (code[end] === ",") end += 1;
          edits.push({ start: prop.getStart(source), end, text: "" });
        }
      }
      return; // the remaining properties are literals
    }
    ts.forEachChild(node, visit);
  };

  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        if (!decl.initializer) continue;
        const init =
          ts.isAsExpression(decl.initializer) || ts.isSatisfiesExpression(decl.initializer)
            ? decl.initializer.expression
            : decl.initializer;
        if (!(ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "endpoint")) markPure(init);
      }
    }
    visit(statement);
  }
  if (edits.length === 0) return null;
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Vite plugin applying `slimContractSource` to `packages/contract/src/*.ts` in `vite build`. */
export function slimContract(): Plugin {
  return {
    name: "slim-contract",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith(".test.ts")) return null;
      const out = slimContractSource(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
