import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { lightContractPlugin } from "./light-contract";
import { routeChunks } from "./route-chunks";
import { slimContract } from "./slim-contract";

const srcDir = fileURLToPath(new URL("./src/", import.meta.url));

/**
 * One config for the dev server, the production build and Vitest.
 * The API server (apps/server) listens on :3000; in dev the browser talks to Vite only,
 * so `/api` and `/uploads` are proxied to keep cookies and CSRF same-origin.
 */
export default defineConfig({
  plugins: [
    react(),
    slimContract(),
    lightContractPlugin(fileURLToPath(new URL("../../packages/contract/src/", import.meta.url))),
    routeChunks(fileURLToPath(new URL("./src/app/router.tsx", import.meta.url))),
  ],
  // `@/x` means `src/x`; a regex so scoped packages such as `@site/contract` are untouched.
  resolve: { alias: [{ find: /^@\//, replacement: srcDir }] },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/uploads": "http://localhost:3000",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // flag-icons references ~500 tiny SVGs from its CSS; inlining them as data URLs would
    // bloat the stylesheet every page downloads, so flags always stay separate files.
    assetsInlineLimit: (file) => (file.includes("flag-icons") ? false : undefined),
    // zod's builders are pure; with the schema-free endpoint descriptors of the slim-contract
    // plugin this keeps zod out of chunks that only call endpoints (see slim-contract.ts).
    rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } },
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
});
