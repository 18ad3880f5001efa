import type { I18n, MessageDescriptor, MessageId, MessageOptions, Messages } from "@lingui/core";

/**
 * The browser's message runtime (#21 §1, the weight of `/`; docs/decisions.md "#21 stop 31").
 *
 * `@lingui/core`'s `I18n` is ~2 KB gzip of the home page's first load, most of it for what the
 * site never does (runtime compilation, date and number helpers, locale lists, a missing-message
 * handler). The catalogues are compiled at build time by Lingui's own compiler
 * (`locale-catalogs.ts`), so the browser only has to interpolate the compiled arrays; this class
 * does that with the same algorithm as Lingui 6.8's `interpolate` (plural, selectordinal and
 * select through `Intl.PluralRules`, `#` as the number in the page's language, `{n, number}`,
 * `\uXXXX` / `\xXX` sequences decoded in the result), so it writes exactly what the server's
 * render (which keeps `@lingui/core`, entry-server.tsx) wrote and hydration matches. The test
 * (runtime.test.ts) compares both on every message of every catalogue.
 *
 * It has the members of Lingui's `I18n` that the site uses (`locale`, `messages`, `_` with an id
 * or a descriptor, `load(locale, messages)`, `loadAndActivate`, `on("change")`), with the same
 * behaviour, and is typed as `I18n` where it is created (`lib/i18n/i18n.ts`), so every caller,
 * and every test that passes its own `setupI18n()` instance, is unchanged. Not there (nothing
 * calls them; every byte here is on `/`): `activate`, `t`, `date`, `number`, `locales`,
 * `removeListener`, `emit`, the `missing` event and handler, `formats` in `_`'s options, and
 * `{x, number}` / `{x, date}` / `{x, time}` arguments (no catalogue uses them: one throws, and
 * the test, which runs every message, fails).
 */

/** One token of a compiled message: text, `#`, or `[argument, type?, branches?]`. */
type Token = string | [name: string, type?: string, branches?: Record<string, unknown>];

/** Lingui's stand-in for `#` while a plural branch is written (replaced by the number after). */
const OCTOTHORPE = "%__lingui_octothorpe__%";

/** `Intl.PluralRules` (cardinal, ordinal) and `Intl.NumberFormat` per language, made once. */
const intl = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
function cached<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let value = intl.get(key) as T | undefined;
  if (!value) intl.set(key, (value = make()));
  return value;
}

/** `\u00e9` / `\xe9` written in a result as the character (Lingui does it to every result). */
const decode = (text: string): string =>
  text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, unicode: string | undefined, hex: string) =>
    String.fromCharCode(parseInt(unicode ?? hex, 16)),
  );

/** A compiled message with `values` in `locale` (Lingui's `interpolate`, step for step). */
function interpolate(message: Token[], locale: string, values: Record<string, unknown>): string {
  // Lingui's list for Intl: the language, then English.
  const locales = [locale, "en"];
  const write = (tokens: unknown, inPlural: boolean): string => {
    // A branch the compiler left as plain text (an empty one is "") is written as it is.
    if (!Array.isArray(tokens)) return tokens as string;
    let out = "";
    for (const token of tokens as Token[]) {
      if (token === "#" && inPlural) out += OCTOTHORPE;
      else if (typeof token === "string") out += token;
      else {
        const [name, type, branches] = token;
        let value = values[name];
        if (type === "select") {
          // Own branches only ("constructor" is not one); the compiler adds an empty `offset`.
          const own = Object.hasOwn(branches!, value as string) ? branches![value as string] : undefined;
          value = write(own ?? branches!.other, false);
        } else if (type === "plural" || type === "selectordinal") {
          const { offset = 0, ...cases } = branches as Record<string, unknown> & { offset?: number };
          const n = (value as number) - (offset as number);
          const rules = cached(locale + type, () => new Intl.PluralRules(locales, { type: type === "plural" ? "cardinal" : "ordinal" }));
          const number = cached(locale, () => new Intl.NumberFormat(locales)).format(n);
          value = write(cases[value as number] ?? cases[rules.select(n)] ?? cases.other, true).replaceAll(OCTOTHORPE, number);
        } else if (type) {
          throw new Error(`{${name}, ${type}}: not in lib/i18n/runtime.ts`);
        }
        if (value != null) out += value as string;
      }
    }
    return out;
  };
  return decode(write(message, false));
}

/** The browser's `I18n` (see the file's comment): one per tab, created by `lib/i18n/i18n.ts`. */
// `on` and `load` take only the forms the site uses (`"change"`; a locale and its messages).
export class SiteI18n implements Pick<I18n, "locale" | "messages" | "_" | "loadAndActivate"> {
  #locale = "";
  #catalogues: Record<string, Messages> = {};
  #listeners = new Set<() => void>();

  /** The active language's code ("" until one is activated). */
  get locale(): string {
    return this.#locale;
  }

  /** The active language's compiled messages, by id (what `errorText` checks before using one). */
  get messages(): Messages {
    return this.#catalogues[this.#locale] ?? {};
  }

  /** Calls `listener` after every load and activation (the only event); answers the function that stops it. */
  on(_event: "change", listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** Adds compiled messages to `locale`'s catalogue (a `screens` part); emits `change`. */
  load(locale: string, messages: Messages): void {
    Object.assign((this.#catalogues[locale] ??= {}), messages);
    this.#changed();
  }

  /** Makes `locale` active with exactly `messages` (replacing what it had); emits `change` once. */
  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    this.#locale = locale;
    this.#catalogues[locale] = messages;
    this.#changed();
  }

  /**
   * The message `id` in the active language with `values` (a descriptor `{id, values, message}`
   * works too). An id the catalogue lacks answers `options.message`, else the id itself, as
   * Lingui does. Throws before any language is active.
   */
  _(descriptor: MessageDescriptor): string;
  _(id: MessageId, values?: Record<string, unknown>, options?: MessageOptions): string;
  _(id: MessageId | MessageDescriptor, values?: Record<string, unknown>, options?: MessageOptions): string {
    if (!this.#locale) throw new Error("i18n: no language active yet");
    let fallback = options?.message;
    if (!id) id = "" as MessageId;
    if (typeof id !== "string") {
      values = id.values || values;
      fallback = id.message;
      id = id.id;
    }
    const messages = this.messages;
    const compiled = Object.hasOwn(messages, id) ? messages[id] : undefined;
    const translation = compiled || fallback || id;
    return typeof translation === "string" ? decode(translation) : interpolate(translation as Token[], this.#locale, values ?? {});
  }
}
