import { defineConfig } from "vitest/config";

/** End-to-end journeys: the real server on a fresh demo database, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    root: "e2e",
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser and one server: journeys run one file at a time.
    fileParallelism: false,
  },
});
