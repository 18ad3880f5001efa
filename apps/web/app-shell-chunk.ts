import type { Plugin } from "vite";

/**
 * One chunk for the app's shell (web-journeys #17 §6): every module that `src/app-main.tsx`
 * imports statically, except those the entry (`src/main.tsx`) already loads, goes into a single
 * chunk named `shell`.
 *
 * Why: by default the bundler gives each module shared by several screens its own chunk, so the
 * app arrived as ~25 files of 0.1–40 KB. The browser spends main-thread time on each request
 * (measured in Chromium on the demo home page: loading the app, which adds one
 * `<link rel="modulepreload">` per file, was a single 50 ms task, and Lighthouse's 4× phone made
 * it ~250 ms of blocking time). The shell is needed by every page anyway, so grouping it moves no
 * byte into a page that did not load it; the route screens still load as their own chunks.
 *
 * How: `buildEnd` walks the module graph (static imports only) from app-main.tsx and from
 * main.tsx; the `codeSplitting` group's `test` captures the difference. Browser build only.
 */
/** A `codeSplitting` group, as rolldown takes it (the fields used here). */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export function appShellChunk(): { plugin: Plugin; groups: ChunkGroup[] } {
  const entryDeps = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "site:app-shell-chunk",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    buildEnd() {
      entryDeps.clear();
      shell.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.replace(/\\/g, "/").endsWith(suffix));
      const walk = (from: string | undefined, into: Set<string>) => {
        const stack = from ? [from] : [];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
      };
      const main = find("/src/main.tsx");
      const entry = new Set<string>();
      walk(main, entry);
      const app = new Set<string>();
      walk(find("/src/app-main.tsx"), app);
      const isCss = (id: string) => /\.css($|\?)/.test(id);
      for (const id of entry) if (id !== main && !isCss(id)) entryDeps.add(id);
      for (const id of app) if (!entry.has(id) && !isCss(id)) shell.add(id);
    },
  };
  // Two groups: a group also takes what its modules import, so without the first (higher
  // priority) one the shell would swallow what the entry imports (the light contract, the theme)
  // and the entry would import the whole shell before the first paint.
  return {
    plugin,
    groups: [
      // React's own chunk: main.tsx starts it (react-dom's set-up, ~50 ms of a phone's main
      // thread) in a task before the rest of the shell, so neither is one long blocking task.
      { name: "react", test: (id) => REACT.test(id), priority: 3 },
      { name: "entry-deps", test: (id) => entryDeps.has(id), priority: 2 },
      { name: "shell", test: (id) => shell.has(id), priority: 1 },
    ],
  };
}
