import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "src", "locales");

/** The refusal builders of `lib/errors.ts` (and `conflict`, defined per feature) → the index of their code argument. */
const CODE_ARGUMENT: Record<string, number> = { badRequest: 1, forbidden: 1, notFound: 1, unauthorized: 1, conflict: 1, AppError: 2 };
/**
 * Codes the server writes that are not refusals, so not `error.<code>`: success lines of the
 * profile saves (the screen's own `players.*` messages) and the team waitlist's reasons
 * (`waitlist-panel.tsx` maps them to `registration.waitlist.reason.*`).
 */
const NOT_REFUSALS = new Set([
  "player.saved",
  "profile.created",
  "profile.name_request",
  "profile.saved",
  "registration.waitlist.needs_eligible",
  "registration.waitlist.secondary_taken",
]);
/** These three have a default message that carries its own code, so a call without arguments is coded. */
const DEFAULTED = new Set(["forbidden", "notFound", "unauthorized"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/**
 * Every refusal the server builds names its code (#21 §3: the web translates `error.<code>`,
 * the English message stays the spec's). A new throw site without one fails here, with its
 * file and line, rather than reaching a French reader in English.
 */
describe("every refusal carries a code (#21)", () => {
  const files = sourceFiles(SERVER_SRC);

  it("no refusal is built without its code argument", () => {
    const uncoded: string[] = [];
    for (const file of files) {
      // The builders themselves pass their parameters on.
      if (file.endsWith(join("lib", "errors.ts"))) continue;
      const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node): void => {
        const callee = (ts.isCallExpression(n) || ts.isNewExpression(n)) && ts.isIdentifier(n.expression) ? n.expression.text : undefined;
        const index = callee === undefined ? undefined : CODE_ARGUMENT[callee];
        if (index !== undefined && (callee !== "AppError" || ts.isNewExpression(n))) {
          const args = (n as ts.CallExpression).arguments ?? [];
          const defaulted = DEFAULTED.has(callee!) && args.length === 0;
          // A `conflict(message, code)` helper takes the code as a string; the rest a MessageCode.
          if (!defaulted && args.length <= index) {
            const line = src.getLineAndCharacterOfPosition(n.getStart()).line + 1;
            uncoded.push(`${relative(SERVER_SRC, file)}:${line}: ${n.getText().slice(0, 100)}`);
          }
        }
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
    expect(uncoded).toEqual([]);
  });

  it("every code written out in the server has its message in the web's English catalogues", () => {
    const catalogue = new Set<string>();
    for (const area of readdirSync(LOCALES, { withFileTypes: true })) {
      if (!area.isDirectory()) continue;
      for (const id of Object.keys(JSON.parse(readFileSync(join(LOCALES, area.name, "en.json"), "utf8")) as object)) catalogue.add(id);
    }
    const codes = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bcode: "([a-z_]+(?:\.[a-z0-9_]+)+)"/g)) codes.add(m[1]!);
    }
    // Sanity: the scan sees the codes (hundreds of them), so an empty result cannot pass.
    expect(codes.size).toBeGreaterThan(200);
    const missing = [...codes].filter((c) => !NOT_REFUSALS.has(c) && !catalogue.has(`error.${c}`)).sort();
    expect(missing).toEqual([]);
  });
});
