// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setupI18n, type MessageId, type Messages } from "@lingui/core";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SITE_LANGUAGES } from "@site/contract";
import { catalogueAreas, compileCatalog } from "../../../locale-catalogs";
import { SiteI18n } from "./runtime";

/**
 * The browser's runtime writes what `@lingui/core` writes (#21 §1): the server renders with
 * Lingui and the browser hydrates with `SiteI18n`, so any difference would be a hydration
 * mismatch. Every message of every area in the six languages and the pseudo-locale, with values
 * that walk each plural and select branch, both sides compared.
 */
const localesDir = fileURLToPath(new URL("../../locales/", import.meta.url));
const areas = catalogueAreas(localesDir);
const id = (s: string) => s as MessageId;

/** A language's messages of every area, compiled as the build compiles them. */
function compiled(lang: string): Messages {
  const pseudo = lang === "en-XA";
  const source = Object.assign(
    {},
    ...areas.map((area) => JSON.parse(readFileSync(join(localesDir, area, `${pseudo ? "en" : lang}.json`), "utf8")) as object),
  ) as Record<string, string>;
  return compileCatalog(source, lang, pseudo) as Messages;
}

/** Every argument of a compiled message: its type and, for select, its branch names. */
function argumentsOf(message: CompiledMessage, into = new Map<string, { type: string; keys: string[] }>()) {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    const keys = type === "select" && format && typeof format === "object" ? Object.keys(format) : [];
    const seen = into.get(name);
    into.set(name, { type: type ?? "text", keys: [...(seen?.keys ?? []), ...keys] });
    if (format && typeof format === "object")
      for (const branch of Object.values(format as Record<string, unknown>)) if (Array.isArray(branch)) argumentsOf(branch, into);
  }
  return into;
}

/** Numbers that reach zero, one, few/many and other in every language, an offset, thousands. */
const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 102, 1234.5];
/** Text values: plain, with markup, and with the escape sequences Lingui decodes. */
const TEXTS = ["Ana", "<b>Zoë</b> & co", "a\\u0041b\\x42"];

/** The value sets for one message: enough to walk every branch of each of its arguments. */
function valueSets(message: CompiledMessage): Record<string, unknown>[] {
  const args = [...argumentsOf(message)];
  const rounds = Math.max(NUMBERS.length, TEXTS.length, ...args.map(([, a]) => a.keys.length + 1));
  return Array.from({ length: rounds }, (_, i) =>
    Object.fromEntries(
      args.map(([name, a]) => {
        if (a.type === "plural" || a.type === "selectordinal" || a.type === "number") return [name, NUMBERS[i % NUMBERS.length]];
        if (a.type === "select") return [name, [...a.keys, "no-such-branch"][i % (a.keys.length + 1)]];
        return [name, TEXTS[i % TEXTS.length]];
      }),
    ),
  );
}

describe("SiteI18n, the browser's message runtime (#21 §1)", () => {
  it("writes every catalogue message exactly as @lingui/core does, in every language", () => {
    let compared = 0;
    for (const lang of [...SITE_LANGUAGES, "en-XA"]) {
      const messages = compiled(lang);
      const ours = new SiteI18n();
      ours.loadAndActivate({ locale: lang, messages });
      const lingui = setupI18n({ locale: lang, messages: { [lang]: messages } });
      for (const [key, message] of Object.entries(messages)) {
        for (const values of valueSets(message as CompiledMessage)) {
          expect(ours._(id(key), values), `${lang} ${key} ${JSON.stringify(values)}`).toBe(lingui._(id(key), values));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("handles the ICU forms no catalogue uses yet alike: offset, selectordinal, nesting, # outside a plural", () => {
    const source = {
      offset: "{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}",
      ordinal: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
      nested: "{n, plural, one {{k, select, a {# A} other {# B}}} other {# {k, select, a {A #} other {B}}}}",
      hash: "Ticket # {n}",
    };
    const messages = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, compileMessageOrThrow(v)]));
    for (const lang of ["en", "fr", "ja"]) {
      const ours = new SiteI18n();
      ours.loadAndActivate({ locale: lang, messages });
      const lingui = setupI18n({ locale: lang, messages: { [lang]: messages } });
      for (const key of Object.keys(source))
        for (const n of [0, 1, 2, 3, 4, 11, 22, 1234])
          for (const k of ["a", "b"])
            expect(ours._(id(key), { n, who: "Ana", k }), `${lang} ${key} ${n} ${k}`).toBe(lingui._(id(key), { n, who: "Ana", k }));
    }
  });

  it("behaves like Lingui's I18n around the messages: missing ids, descriptors, loading, change events", () => {
    const i18n = new SiteI18n();
    expect(() => i18n._(id("x"))).toThrow();
    const changes: string[] = [];
    const stop = i18n.on("change", () => changes.push(i18n.locale));
    i18n.loadAndActivate({ locale: "fr", messages: { hello: compileMessageOrThrow("Bonjour {name}") } });
    expect(i18n._(id("hello"), { name: "Ana" })).toBe("Bonjour Ana");
    expect(i18n._({ id: id("hello"), values: { name: "Zoë" } })).toBe("Bonjour Zoë");
    // An id the catalogue lacks: the fallback message, else the id.
    expect(i18n._(id("later"))).toBe("later");
    expect(i18n._(id("later"), {}, { message: "Plus tard" })).toBe("Plus tard");
    expect(i18n._(undefined as unknown as MessageId)).toBe("");
    // load adds to a language's catalogue (a `screens` part); each load and activation emits `change`.
    i18n.load("fr", { later: compileMessageOrThrow("Plus tard") });
    expect(i18n._(id("later"))).toBe("Plus tard");
    expect(i18n.messages).toHaveProperty("hello");
    i18n.load("en", { hello: compileMessageOrThrow("Hello {name}") });
    i18n.loadAndActivate({ locale: "en", messages: { hello: compileMessageOrThrow("Hi {name}") } });
    expect(i18n._(id("hello"), { name: "Ana" })).toBe("Hi Ana");
    expect(changes).toEqual(["fr", "fr", "fr", "en"]);
    stop();
    i18n.load("en", {});
    expect(changes).toHaveLength(4);
    // Numbers and dates as arguments are not interpolated in the browser: a clear error, not a wrong text.
    i18n.load("en", { day: compileMessageOrThrow("{d, date}"), n: compileMessageOrThrow("{n, number}") });
    expect(() => i18n._(id("day"), { d: new Date(0) })).toThrow(/not in lib\/i18n\/runtime.ts/);
    expect(() => i18n._(id("n"), { n: 1 })).toThrow(/not in lib\/i18n\/runtime.ts/);
  });
});
