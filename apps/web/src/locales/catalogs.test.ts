// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { SITE_LANGUAGES } from "@site/contract";
import { CORE_AREA, catalogueAreas, compileCatalog, pseudoText } from "../../locale-catalogs";

/**
 * The catalogues stay complete and consistent (#21 §5): in every area folder
 * (`src/locales/<area>/`), every key of en.json in every language, no empty message, nothing left
 * in English by mistake (the area's same-as-english.json lists the words that rightly are), valid
 * ICU MessageFormat with the same placeholders (and the same plural/select arguments) as
 * English, and an `other` branch in every plural/select; no id in two areas.
 */
const localesDir = fileURLToPath(new URL("./", import.meta.url));
const areas = catalogueAreas(localesDir);
const readJson = (area: string, name: string) => JSON.parse(readFileSync(join(localesDir, area, `${name}.json`), "utf8")) as unknown;
/** One language's messages of every area, merged. */
const read = (lang: string) => Object.assign({}, ...areas.map((area) => readJson(area, lang))) as Record<string, string>;
const en = read("en");
const others = SITE_LANGUAGES.filter((l) => l !== "en");
/** The ids each language rightly keeps in English, from every area's same-as-english.json. */
const sameAsEnglish: Record<string, string[]> = {};
for (const area of areas) {
  const file = join(localesDir, area, "same-as-english.json");
  if (!existsSync(file)) continue;
  for (const [lang, ids] of Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>))
    if (Array.isArray(ids)) (sameAsEnglish[lang] ??= []).push(...(ids as string[]));
}

/** "name:type" of every argument in a compiled message, plural/select branches included. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    into.add(`${name}:${type ?? "text"}`);
    if (format && typeof format === "object") {
      const branches = format as Record<string, unknown>;
      if ((type === "plural" || type === "select" || type === "selectordinal") && !("other" in branches))
        throw new Error(`"${name}" has no "other" branch`);
      for (const [key, branch] of Object.entries(branches)) if (key !== "offset" && Array.isArray(branch)) argumentsOf(branch, into);
    }
  }
  return into;
}

describe("message catalogues (#21)", () => {
  it("has the core area and every area has a file per language; no id is in two areas", () => {
    expect(areas).toContain(CORE_AREA);
    for (const area of areas)
      for (const lang of SITE_LANGUAGES) expect(existsSync(join(localesDir, area, `${lang}.json`)), `${area}/${lang}.json`).toBe(true);
    const seen = new Map<string, string>();
    for (const area of areas)
      for (const id of Object.keys(readJson(area, "en") as object)) {
        expect(seen.get(id), `${id} is in ${seen.get(id)} and ${area}`).toBeUndefined();
        seen.set(id, area);
      }
  });

  it.each(areas)("%s: every language has exactly English's keys of the area", (area) => {
    const english = readJson(area, "en") as Record<string, string>;
    for (const lang of others) {
      const catalogue = readJson(area, lang) as Record<string, string>;
      expect(
        Object.keys(catalogue).filter((k) => !(k in english)),
        `${area}/${lang}.json: keys English lacks`,
      ).toEqual([]);
      expect(
        Object.keys(english).filter((k) => !(k in catalogue)),
        `${area}/${lang}.json: keys missing`,
      ).toEqual([]);
    }
  });

  it("English messages are valid ICU, non-empty, with an `other` branch in every plural", () => {
    for (const [id, text] of Object.entries(en)) {
      expect(text.trim(), id).not.toBe("");
      expect(() => argumentsOf(compileMessageOrThrow(text)), id).not.toThrow();
    }
  });

  it.each(others)("%s: no empty message and nothing left in English unless listed", (lang) => {
    const catalogue = read(lang);
    const allowed = new Set(sameAsEnglish[lang] ?? []);
    const english = Object.keys(en).filter((k) => catalogue[k] === en[k] && !allowed.has(k));
    expect(english, "still English (translate, or list in the area's same-as-english.json)").toEqual([]);
    const stale = [...allowed].filter((k) => catalogue[k] !== en[k]);
    expect(stale, "listed in a same-as-english.json but translated").toEqual([]);
    for (const [id, text] of Object.entries(catalogue)) expect(text.trim(), `${lang} ${id}`).not.toBe("");
  });

  it.each(others)("%s: valid ICU with English's placeholders", (lang) => {
    const catalogue = read(lang);
    for (const [id, text] of Object.entries(catalogue)) {
      const want = [...argumentsOf(compileMessageOrThrow(en[id]!))].sort();
      let got: string[] = [];
      expect(() => (got = [...argumentsOf(compileMessageOrThrow(text))].sort()), `${lang} ${id}`).not.toThrow();
      expect(got, `${lang} ${id}`).toEqual(want);
      // Rich-text tags (<0>…</0>) must survive translation too.
      expect(text.match(/<\/?\d+>/g)?.sort() ?? [], `${lang} ${id} tags`).toEqual(en[id]!.match(/<\/?\d+>/g)?.sort() ?? []);
    }
  });

  it("a bad message fails the build naming the file and the id", () => {
    expect(() => compileCatalog({ "a.b": "Hello {name" }, "xx.json")).toThrow(/xx\.json: message "a\.b"/);
  });

  it("the pseudo-locale accents literal text only and pads each message by ~40%", () => {
    expect(pseudoText("Log In")).toBe("Ļöĝ Íñ");
    const compiled = compileCatalog({ greet: "Hello {name}, {n, plural, one {# race} other {# races}}" }, "en.json", true)
      .greet as unknown[];
    expect(compiled.slice(0, 4)).toEqual(["Ĥéļļö ", ["name"], ", ", ["n", "plural", { one: ["#", " ŕáçé"], other: ["#", " ŕáçéš"] }]]);
    const padding = String(compiled[4]);
    expect(padding.replace(/\s/g, "").length).toBe(Math.round("Hello {name}, {n, plural, one {# race} other {# races}}".length * 0.4));
  });
});
