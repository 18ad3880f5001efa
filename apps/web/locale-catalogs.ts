import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * The message catalogues as compiled modules (#21, docs/decisions.md "#21 i18n framework").
 *
 * Sources: `src/locales/<area>/<lang>.json` (id → ICU MessageFormat text), one folder per area
 * of the site so screens are translated side by side without touching one another's files.
 * `import("virtual:locale/core-fr")` answers `export default { "<id>": <compiled message>, … }`
 * built from `src/locales/core/fr.json` (what the shell and the home page show, loaded before the
 * first render); `import("virtual:locale/screens-fr")` merges every other area's `fr.json`
 * (loaded by the lazy route screens). Messages are compiled here, at build
 * time, with Lingui's own compiler, so the browser ships neither the ICU parser nor the compiler:
 * `@lingui/core` only interpolates the compiled arrays. A syntax error fails the build (and the
 * test run) with the catalogue and the id.
 *
 * `virtual:locale/en-XA` is the pseudo-locale: English with every letter of its literal text
 * accented and each message padded to ~140% of its length, placeholders and plural keys left
 * intact (Lingui's `mapText` only sees literal text). It is generated from en.json on every build,
 * never written to disk, so it cannot drift.
 *
 * Two chunks per language, loaded only when that language is active.
 */
export function localeCatalogs(localesDir: string): Plugin {
  const PREFIX = "virtual:locale/";
  const RESOLVED = "\0locale:";
  return {
    name: "site:locale-catalogs",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      // `core-fr`, `screens-en-XA`: the module's name is also its chunk's (`core-fr-<hash>.js`).
      const match = /^(core|screens)-([a-z]{2}(?:-[A-Z]{2})?)$/.exec(id.slice(RESOLVED.length));
      if (!match) throw new Error(`unknown catalogue ${id.slice(RESOLVED.length)}`);
      const [, part, lang] = match as unknown as [string, string, string];
      const pseudo = lang === "en-XA";
      const merged: Record<string, string> = {};
      for (const area of catalogueAreas(localesDir).filter((a) => (a === CORE_AREA) === (part === "core"))) {
        const file = join(localesDir, area, `${pseudo ? "en" : lang}.json`);
        this.addWatchFile(file);
        Object.assign(merged, JSON.parse(readFileSync(file, "utf8")));
      }
      return `export default ${JSON.stringify(compileCatalog(merged, join(localesDir, `*/${lang}.json`), pseudo))};`;
    },
  };
}

/**
 * The area whose messages the home page may show (the shell, signed in or out, and the home
 * page's panels, their empty and failure texts): compiled into the `core` chunk that loads before
 * hydrating, part of `/`'s weight (#21 §1). Every other area (`src/locales/<area>/`), including
 * the refusals' `error.*` texts and the dialogs only screens open, goes into the `screens` chunk,
 * which the lazy route screens await.
 */
export const CORE_AREA = "core";

/** The catalogue areas: the folders of `src/locales/`, each holding `<lang>.json` per language. */
export function catalogueAreas(localesDir: string): string[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Every message of a catalogue compiled; throws naming the file and the id of a bad one. */
export function compileCatalog(source: Record<string, string>, file: string, pseudo = false) {
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(source)) {
    try {
      out[key] = compileMessageOrThrow(text, pseudo ? pseudoText : undefined);
      if (pseudo) out[key] = [...(out[key] as unknown[]), pad(text)];
    } catch (err) {
      throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

const ACCENTS: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ü",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** Literal text with its letters accented (the pseudo-locale; exported for its test). */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
}

/**
 * The pseudo-locale's padding: 40% of the message's length as '~' (at least one) in words of five,
 * appended after the whole message, so a long message wraps the way a long translation would.
 */
function pad(text: string): string {
  return " " + "~".repeat(Math.max(1, Math.round(text.length * 0.4))).replace(/(.{5})(?=.)/g, "$1 ");
}
