// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { appShellChunk } from "../../app-shell-chunk";

const root = mkdtempSync(join(tmpdir(), "app-shell-chunk-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tiny app shaped like ours: an entry that loads the app later, the app, a lazy screen. */
function fixture() {
  const src = join(root, "src");
  mkdirSync(src, { recursive: true });
  const files: Record<string, string> = {
    "index.html": `<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>`,
    // The entry needs `theme` (shared with the app) and starts the app in a later task.
    "src/main.tsx": `import { theme } from "./theme"; document.title = theme; setTimeout(() => import("./app-main"), 0);`,
    "src/theme.ts": `export const theme = "forest" + Math.random();`,
    // The app: several small shared modules, as our keys/panels/hooks are.
    "src/app-main.tsx": `import { a } from "./a"; import { b } from "./b"; import { c } from "./c"; import { theme } from "./theme"; console.log(a, b, c, theme); export const lazy = () => import("./screen");`,
    "src/a.ts": `import { c } from "./c"; export const a = "a" + c;`,
    "src/b.ts": `export const b = "b" + Math.random();`,
    "src/c.ts": `import { theme } from "./theme"; export const c = "c" + theme;`,
    // A lazily loaded screen that shares `b` with the app.
    "src/screen.ts": `import { b } from "./b"; export const screen = "screen" + b;`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
}

describe("app-shell-chunk: the app's shell in one chunk (#17 §6)", () => {
  it("puts what the app imports in one `shell` chunk, keeps the entry's own imports out of it, and leaves lazy screens alone", async () => {
    fixture();
    const shell = appShellChunk();
    const out = (await build({
      root,
      logLevel: "silent",
      configFile: false,
      plugins: [shell.plugin],
      build: {
        write: false,
        minify: false,
        rolldownOptions: {
          output: { codeSplitting: { groups: shell.groups } },
        },
      },
    })) as Rollup.RolldownOutput;
    const chunks = out.output.filter((o): o is Rollup.OutputChunk => o.type === "chunk");
    const named = (prefix: string) => chunks.find((c) => c.fileName.startsWith(`assets/${prefix}-`));
    const entry = chunks.find((c) => c.isEntry)!;
    const shellChunk = named("shell")!;
    // The fixture's own modules (the bundler adds its runtime and preload helper where it needs them).
    const modulesOf = (c: Rollup.OutputChunk) => c.moduleIds.map((id) => id.split("/").pop()!).filter((f) => /\.tsx?$/.test(f));

    expect(modulesOf(shellChunk).sort()).toEqual(["a.ts", "app-main.tsx", "b.ts", "c.ts"]);
    // The entry loads only what it needs itself, never the shell, before the first paint.
    expect(entry.imports.some((f) => f.includes("shell"))).toBe(false);
    expect(modulesOf(named("entry-deps")!)).toEqual(["theme.ts"]);
    // The lazy screen stays its own chunk, importing `b` from the shell.
    const screen = chunks.find((c) => c.moduleIds.some((id) => id.endsWith("screen.ts")))!;
    expect(screen).not.toBe(shellChunk);
    expect(screen.imports).toContain(shellChunk.fileName);
  }, 60_000);
});
