import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { appShellChunk } from "./app-shell-chunk";
import { flagRasters } from "./flag-rasters";
import { lightContractPlugin } from "./light-contract";
import { localeCatalogs } from "./locale-catalogs";
import { routeChunks } from "./route-chunks";
import { slimContract } from "./slim-contract";

const srcDir = fileURLToPath(new URL("./src/", import.meta.url));

/**
 * One config for the dev server, the production build and Vitest.
 * The API server (apps/server) listens on :3000; in dev the browser talks to Vite only,
 * so `/api` and `/uploads` are proxied to keep cookies and CSRF same-origin.
 */
const flags = flagRasters();
const shell = appShellChunk();

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server-render bundle runs under whatever NODE_ENV the server has; it is always React's
  // production build (the development one renders several times slower).
  ...(command === "build" && isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  plugins: [
    flags,
    shell.plugin,
    localeCatalogs(fileURLToPath(new URL("./src/locales/", import.meta.url))),
    react(),
    slimContract(),
    lightContractPlugin(fileURLToPath(new URL("../../packages/contract/src/", import.meta.url))),
    routeChunks(fileURLToPath(new URL("./src/app/router.tsx", import.meta.url))),
  ],
  // `@/x` means `src/x`; a regex so scoped packages such as `@site/contract` are untouched.
  resolve: { alias: [{ find: /^@\//, replacement: srcDir }] },
  // The server-render bundle (src/entry-server.tsx) carries its dependencies: it is loaded from
  // wherever the build is (WEB_DIST may be outside the repository), with no node_modules beside it.
  ssr: { noExternal: true },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/uploads": "http://localhost:3000",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server bundle goes into dist/ssr beside the client build: no second copy of public/.
    copyPublicDir: !isSsrBuild,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The flag stylesheet references 271 small PNGs (flag-rasters.ts); inlining them as data
    // URLs would bloat the stylesheet every page downloads, so flags always stay separate files.
    assetsInlineLimit: (file) => (flags.isFlagPng(file) || file.includes("flag-icons") ? false : undefined),
    // zod's builders are pure; with the schema-free endpoint descriptors of the slim-contract
    // plugin this keeps zod out of chunks that only call endpoints (see slim-contract.ts).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ["z"] },
      // The app's shell in one chunk, not ~25 (app-shell-chunk.ts); the SSR bundle is one file anyway.
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: shell.groups } } }),
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
    // Times render in the viewer's zone (issue 17 §2); tests see UTC whatever the machine's is.
    env: { TZ: "UTC" },
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
    // Route screens load as lazy chunks; on a busy 2-core machine one test can need well over 5 s.
    testTimeout: 30_000,
    unstubGlobals: true,
  },
}));
