import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";

/**
 * Which source module draws each route of `src/app/router.tsx`: `{ "tournaments/:id":
 * "./routes/tournaments/tournament" }`, read from the route table's `{ path, element: <X /> }`
 * objects and the `const X = lazy(() => import("…"))` lines above them (the router is the only
 * place that says it). Routes whose screen is not lazily loaded are left out.
 */
export function routeModules(routerSource: string): Record<string, string> {
  const source = ts.createSourceFile("router.tsx", routerSource, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyImports = new Map<string, string>();
  const routes: Record<string, string> = {};
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let found: string | undefined;
      const findImport = (n: ts.Node): void => {
        if (
          ts.isCallExpression(n) &&
          n.expression.kind === ts.SyntaxKind.ImportKeyword &&
          n.arguments[0] &&
          ts.isStringLiteral(n.arguments[0])
        ) {
          found ??= n.arguments[0].text;
        }
        ts.forEachChild(n, findImport);
      };
      findImport(node.initializer);
      if (found) lazyImports.set(node.name.text, found);
    }
    if (ts.isObjectLiteralExpression(node)) {
      let path: string | undefined;
      let element: string | undefined;
      for (const p of node.properties) {
        if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
        if (p.name.text === "path" && ts.isStringLiteral(p.initializer)) path = p.initializer.text;
        if (p.name.text === "element" && ts.isJsxSelfClosingElement(p.initializer) && ts.isIdentifier(p.initializer.tagName)) {
          element = p.initializer.tagName.text;
        }
      }
      if (path !== undefined && element !== undefined) routes[path] = element;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const out: Record<string, string> = {};
  for (const [path, element] of Object.entries(routes)) {
    const module = lazyImports.get(element);
    if (module) out[path] = module;
  }
  return out;
}

/** What the plugin needs of one output chunk (Rollup's OutputChunk, Vite's CSS metadata). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  css: string[];
}

/**
 * The files a route's screen needs beyond the entry's: the chunk holding `moduleId`, the chunks
 * it imports statically (transitively) and their CSS, as site paths (`/assets/…`).
 */
export function routeFiles(chunks: BuiltChunk[], moduleId: string): { js: string[]; css: string[] } {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entryFiles = new Set<string>();
  const walkEntry = (file: string) => {
    const c = byFile.get(file);
    if (!c || entryFiles.has(file)) return;
    entryFiles.add(file);
    for (const i of c.imports) walkEntry(i);
  };
  for (const c of chunks) if (c.isEntry) walkEntry(c.fileName);
  const home = chunks.find((c) => c.moduleIds.includes(moduleId));
  if (!home) return { js: [], css: [] };
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    const c = byFile.get(file);
    if (!c || seen.has(file)) return;
    seen.add(file);
    if (!entryFiles.has(file)) {
      js.push(`/${file}`);
      for (const f of c.css) css.add(`/${f}`);
    }
    for (const i of c.imports) walk(i);
  };
  walk(home.fileName);
  return { js, css: [...css] };
}

/**
 * Vite plugin (build only): writes `route-chunks.json` beside `index.html`, `{ "/tournaments/:id":
 * { js: [...], css: [...] } }`, so the server can announce a route's own code in the page's HTML
 * (`<link rel="modulepreload">`, #17 §6) and the browser fetches it together with the entry
 * instead of after the entry has run.
 */
export function routeChunks(routerFile: string): Plugin {
  return {
    name: "route-chunks",
    // The browser build only: the server-render bundle (`--ssr`) has no chunks to preload.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        const css = (out as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          moduleIds: out.moduleIds,
          css: css ? [...css] : [],
        });
      }
      const modules = routeModules(readFileSync(routerFile, "utf8"));
      const routerDir = dirname(routerFile);
      const out: Record<string, { js: string[]; css: string[] }> = {};
      for (const [path, module] of Object.entries(modules)) {
        const files = routeFiles(chunks, `${join(routerDir, module)}.tsx`);
        if (files.js.length > 0) out[`/${path}`] = files;
      }
      // "*": the app itself (app-main.tsx, loaded by the tiny entry): every page needs its CSS in
      // the head, or a page drawn on the server would be restyled when the app arrives.
      const app = routeFiles(chunks, join(routerDir, "..", "app-main.tsx"));
      if (app.js.length > 0) out["*"] = app;
      writeFileSync(join(options.dir ?? "dist", "route-chunks.json"), JSON.stringify(out));
    },
  };
}
