// Builds the server for production (issue #18 §5): one ESM bundle of apps/server/src/server.ts
// (with the contract package, which is TypeScript source) and the markdown render worker,
// into apps/server/dist. Every other package stays an import from node_modules, so native
// modules (better-sqlite3, sharp, argon2) load as they do under tsx. `npm run start:prod` runs
// it; the numbers behind running a bundle rather than tsx are in docs/decisions.md (#18).
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}apps/server/dist`;
rmSync(outdir, { recursive: true, force: true });

/**
 * Bare imports are external except the workspace's own contract package and JSON files (Node
 * will not import a package's .json without an import attribute, which the sources do not write).
 */
const externals = {
  name: "externals",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === "@site/contract" || args.path.startsWith("@site/contract/") || args.path.endsWith(".json")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: "apps/server/src/server.ts",
    // markdown-preview.ts starts `./markdown.worker.js` next to the running module.
    "markdown.worker": "apps/server/src/features/reference/markdown.worker.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [externals],
  logLevel: "warning",
});
console.log(`server bundle: apps/server/dist in ${Date.now() - started} ms`);
