import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";
import { slimContractSource } from "./slim-contract";

/**
 * The browser's `@site/contract` without zod (web-journeys #17 §6: the first load of a public
 * page ≤ 120 KB of gzip JS, and zod with the contract's schemas is about a third of that).
 *
 * In `vite build`, `@site/contract` resolves to a generated "light" index: for each contract
 * module, the top-level statements that need no zod (endpoint descriptors with their schemas
 * removed by `slimContractSource`, constants, labels, pure helpers such as `buildPath`), and
 * nothing else. The forms that need a schema import it from `@site/contract/schemas` (the full
 * contract, in their lazily loaded chunks); ESLint refuses a `…Schema` name from
 * `@site/contract` in the web, and the build fails on any other name the light index lacks.
 * Tests and the dev server use the full contract.
 */

/** A top-level statement: its text, the runtime names it declares and the ones it reads. */
interface Statement {
  text: string;
  declares: string[];
  reads: Set<string>;
}

interface ContractModule {
  /** File name without extension, e.g. `tournaments`. */
  name: string;
  statements: Statement[];
  /** Local name → [module name, exported name] of its runtime imports; `zod` imports map to null. */
  imports: Map<string, [string, string] | null>;
}

/** Runtime identifiers a node reads (types, property names and declared names excluded). */
function readsOf(node: ts.Node, into: Set<string>): Set<string> {
  const visit = (n: ts.Node): void => {
    if (ts.isTypeNode(n) || ts.isTypeParameterDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return;
    if (ts.isPropertyAccessExpression(n)) return visit(n.expression);
    if (ts.isPropertyAssignment(n)) {
      if (ts.isComputedPropertyName(n.name)) visit(n.name);
      return visit(n.initializer);
    }
    if (ts.isShorthandPropertyAssignment(n)) {
      into.add(n.name.text);
      return;
    }
    if (ts.isIdentifier(n)) {
      into.add(n.text);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return into;
}

function parseModule(name: string, code: string): ContractModule {
  const source = ts.createSourceFile(`${name}.ts`, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const statements: Statement[] = [];
  const imports = new Map<string, [string, string] | null>();
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) {
      const from = (st.moduleSpecifier as ts.StringLiteral).text;
      const clause = st.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) {
        if (clause.name) imports.set(clause.name.text, null);
        if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, null);
        continue;
      }
      for (const el of bindings.elements) {
        if (el.isTypeOnly) continue;
        const exported = (el.propertyName ?? el.name).text;
        imports.set(el.name.text, from.startsWith("./") ? [from.slice(2).replace(/\.js$/, ""), exported] : null);
      }
      continue;
    }
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) continue;
    const declares: string[] = [];
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) declares.push(d.name.text);
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
      declares.push(st.name.text);
    }
    const reads = new Set<string>();
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (d.initializer) readsOf(d.initializer, reads);
    } else if (ts.isFunctionDeclaration(st)) {
      for (const p of st.parameters) if (p.initializer) readsOf(p.initializer, reads);
      if (st.body) readsOf(st.body, reads);
    } else {
      readsOf(st, reads);
    }
    statements.push({ text: code.slice(st.getFullStart(), st.getEnd()), declares, reads });
  }
  return { name, statements, imports };
}

/**
 * The light statements of every contract module, by module name: a statement is light when it
 * declares something (or is a plain expression without calls) and reads nothing heavy, where
 * heavy means zod, or a heavy statement's name in this module or the one it is imported from.
 */
export function lightContract(modules: ContractModule[]): Map<string, { statements: Statement[]; imports: Map<string, [string, string]> }> {
  const byName = new Map(modules.map((m) => [m.name, m]));
  const heavy = new Set<string>(); // "module:name"
  const isHeavyRead = (m: ContractModule, read: string): boolean => {
    if (m.imports.has(read)) {
      const origin = m.imports.get(read);
      return origin === null || origin === undefined || heavy.has(`${origin[0]}:${origin[1]}`) || !byName.has(origin[0]);
    }
    return heavy.has(`${m.name}:${read}`);
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of modules) {
      for (const st of m.statements) {
        if (st.declares.length === 0) continue;
        if (st.declares.every((d) => heavy.has(`${m.name}:${d}`))) continue;
        if ([...st.reads].some((r) => isHeavyRead(m, r))) {
          for (const d of st.declares) heavy.add(`${m.name}:${d}`);
          changed = true;
        }
      }
    }
  }
  const out = new Map<string, { statements: Statement[]; imports: Map<string, [string, string]> }>();
  for (const m of modules) {
    // Statements that declare nothing (a top-level call) stay in the full module only.
    const statements = m.statements.filter((st) => st.declares.length > 0 && !heavy.has(`${m.name}:${st.declares[0]}`));
    const imports = new Map<string, [string, string]>();
    for (const st of statements) {
      for (const r of st.reads) {
        const origin = m.imports.get(r);
        if (origin) imports.set(r, origin);
      }
    }
    out.set(m.name, { statements, imports });
  }
  return out;
}

/** `lightContract` of module sources by name (`{ tournaments: "<source>" }`), endpoint schemas removed first. */
export function lightContractModules(files: Record<string, string>) {
  return lightContract(Object.entries(files).map(([n, code]) => parseModule(n, slimContractSource(code, `${n}.ts`) ?? code)));
}

const LIGHT_PREFIX = "\0light-contract:";

/** Vite plugin: `@site/contract` → the light index in `vite build` (see the file's comment). */
export function lightContractPlugin(contractSrc: string): Plugin {
  let light: ReturnType<typeof lightContract> | null = null;
  const load = () => {
    if (light) return light;
    const names = readdirSync(contractSrc)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "index.ts")
      .map((f) => f.replace(/\.ts$/, ""));
    light = lightContractModules(Object.fromEntries(names.map((n) => [n, readFileSync(join(contractSrc, `${n}.ts`), "utf8")])));
    return light;
  };
  return {
    name: "light-contract",
    apply: "build",
    enforce: "pre",
    buildStart() {
      light = null;
    },
    resolveId(id) {
      if (id === "@site/contract") return `${LIGHT_PREFIX}index`;
      // The page's entry (main.tsx, via lib/theme) needs only the reference constants: a direct
      // id keeps it from depending on the whole index (app-shell-chunk.ts).
      if (id === "@site/contract/reference") return `${LIGHT_PREFIX}reference`;
      if (id.startsWith(LIGHT_PREFIX)) return id;
      return null;
    },
    load(id) {
      if (!id.startsWith(LIGHT_PREFIX)) return null;
      const which = id.slice(LIGHT_PREFIX.length);
      const all = load();
      if (which === "index") return [...all.keys()].map((n) => `export * from "${LIGHT_PREFIX}${n}";`).join("\n");
      const mod = all.get(which);
      if (!mod) return null;
      const bySource = new Map<string, string[]>();
      for (const [local, [from, exported]] of mod.imports) {
        bySource.set(from, [...(bySource.get(from) ?? []), exported === local ? local : `${exported} as ${local}`]);
      }
      const head = [...bySource].map(([from, names]) => `import { ${names.join(", ")} } from "${LIGHT_PREFIX}${from}";`);
      // The statements keep their TypeScript; the id ends in .ts for the transform that strips it.
      return { code: [...head, ...mod.statements.map((s) => s.text)].join("\n"), moduleType: "ts" };
    },
  };
}
