// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { SITE_LANGUAGES } from "@site/contract";
import { compileCatalog, pseudoText } from "../../locale-catalogs";

/**
 * The catalogues stay complete and consistent (#21 §5): every key of en.json in every language,
 * no empty message, nothing left in English by mistake (same-as-english.json lists the words that
 * rightly are), valid ICU MessageFormat with the same placeholders (and the same plural/select
 * arguments) as English, and an `other` branch in every plural/select.
 */
const read = (name: string) => JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), "utf8")) as Record<string, string>;
const en = read("en");
const sameAsEnglish = read("same-as-english") as unknown as Record<string, string[]>;
const others = SITE_LANGUAGES.filter((l) => l !== "en");

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
  it("English messages are valid ICU, non-empty, with an `other` branch in every plural", () => {
    for (const [id, text] of Object.entries(en)) {
      expect(text.trim(), id).not.toBe("");
      expect(() => argumentsOf(compileMessageOrThrow(text)), id).not.toThrow();
    }
  });

  it.each(others)("%s has exactly English's keys", (lang) => {
    const catalogue = read(lang);
    expect(
      Object.keys(catalogue).filter((k) => !(k in en)),
      "keys English lacks",
    ).toEqual([]);
    expect(
      Object.keys(en).filter((k) => !(k in catalogue)),
      "keys missing",
    ).toEqual([]);
  });

  it.each(others)("%s: no empty message and nothing left in English unless listed", (lang) => {
    const catalogue = read(lang);
    const allowed = new Set(sameAsEnglish[lang] ?? []);
    const english = Object.keys(en).filter((k) => catalogue[k] === en[k] && !allowed.has(k));
    expect(english, "still English (translate, or list in same-as-english.json)").toEqual([]);
    const stale = [...allowed].filter((k) => catalogue[k] !== en[k]);
    expect(stale, "listed in same-as-english.json but translated").toEqual([]);
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
