import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";

/**
 * Country flags as small PNGs instead of flag-icons' SVGs (web-journeys #17 §6).
 *
 * Why: a browser parses, lays out and paints an SVG image on the page's main thread, and some
 * flags are detailed drawings (coats of arms). Measured on the demo home page (58 flags of 25
 * countries, Chromium, main-thread CPU time): 377 ms with the SVGs, 184 ms with no flags at all,
 * about 4× that on Lighthouse's simulated phone, which made most of its blocking time. A PNG is
 * decoded off the main thread. At 64×48 (a 21×16 px flag on a 3× screen) with a palette they
 * average ~550 bytes; flag-icons' own sizes, classes and markup are kept.
 *
 * How: `flag-icons/css/flag-icons.min.css` (imported by components/ui/flag.tsx) is replaced
 * with its layout rules and one `.fi-xx { background-image }` rule per 4×3 flag pointing at a
 * PNG rendered once with sharp into node_modules/.cache/site-flags (kept between builds; a
 * flag-icons upgrade changes the folder name, so stale images are never reused). Vite then
 * fingerprints the PNGs like any other asset. The square `.fis` variants are not used by the
 * site and are left out.
 */

/** Rendered size of a 4×3 flag: three times flag-icons' 1.333em × 1em at a 16 px font. */
export const FLAG_PNG_WIDTH = 64;
export const FLAG_PNG_HEIGHT = 48;

const require = createRequire(import.meta.url);

/** flag-icons' folder and version (its package.json). */
function flagIcons(): { root: string; version: string } {
  const pkgPath = require.resolve("flag-icons/package.json");
  const version = (JSON.parse(readFileSync(pkgPath, "utf8")) as { version: string }).version;
  return { root: dirname(pkgPath), version };
}

/**
 * Renders every 4×3 flag to `<cacheDir>/<code>.png` unless already there. Returns the codes.
 * Takes ~3 s for the 271 flags on first run.
 */
export async function renderFlagPngs(svgDir: string, cacheDir: string): Promise<string[]> {
  mkdirSync(cacheDir, { recursive: true });
  const codes: string[] = [];
  for (const file of readdirSync(svgDir).sort()) {
    if (!file.endsWith(".svg")) continue;
    const code = file.slice(0, -4);
    codes.push(code);
    const out = join(cacheDir, `${code}.png`);
    if (existsSync(out)) continue;
    // density 300: rasterise the vector well above the target size, then scale down (sharper edges).
    const png = await sharp(readFileSync(join(svgDir, file)), { density: 300 })
      .resize(FLAG_PNG_WIDTH, FLAG_PNG_HEIGHT, { fit: "fill" })
      .png({ palette: true, quality: 90, effort: 10 })
      .toBuffer();
    // Written whole in one call: an interrupted build leaves no half file behind to be reused.
    writeFileSync(out, png);
  }
  return codes;
}

/**
 * The stylesheet that stands in for flag-icons.min.css: its layout rules (same class names and
 * sizes) and one rule per code, with URLs relative to `cssDir` so Vite resolves and emits them.
 */
export function flagStylesheet(codes: string[], cacheDir: string, cssDir: string): string {
  const rel = relative(cssDir, cacheDir).split("\\").join("/");
  const base =
    ".fib,.fi{background-position:50%;background-repeat:no-repeat;background-size:contain}" +
    ".fi{width:1.33333em;line-height:1em;display:inline-block;position:relative}" +
    '.fi:before{content:" "}';
  return base + codes.map((code) => `.fi-${code}{background-image:url(${rel}/${code}.png)}`).join("");
}

/** The Vite plugin: see the module comment. `isFlagPng(file)` tells the build not to inline them. */
export function flagRasters(): Plugin & { isFlagPng(file: string): boolean } {
  const { root, version } = flagIcons();
  const cacheDir = join(root, "..", ".cache", `site-flags-${version}-${FLAG_PNG_WIDTH}x${FLAG_PNG_HEIGHT}`);
  let codes: Promise<string[]> | undefined;
  return {
    name: "site:flag-rasters",
    enforce: "pre",
    isFlagPng: (file) => file.startsWith(cacheDir),
    transform(_code, id) {
      const file = id.split("?")[0]!;
      if (!file.endsWith("flag-icons/css/flag-icons.min.css") && !file.endsWith("flag-icons/css/flag-icons.css")) return;
      codes ??= renderFlagPngs(join(root, "flags", "4x3"), cacheDir);
      return codes.then((list) => ({ code: flagStylesheet(list, cacheDir, dirname(file)), map: null }));
    },
  };
}
