import { setupI18n } from "@lingui/core";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { SITE_LANGUAGES, type SiteLanguage } from "@site/contract";
import { dateHuman, dateTimeHuman } from "../lib/dates.js";
import de from "./messages/de.json" with { type: "json" };
import en from "./messages/en.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import fr from "./messages/fr.json" with { type: "json" };
import ja from "./messages/ja.json" with { type: "json" };
import pt from "./messages/pt.json" with { type: "json" };

/**
 * The server's message catalogue (#21 §3, docs/decisions.md "#21 notifications and mails per
 * reader"): notifications and mails, one ICU MessageFormat text per key and language in
 * `messages/<lang>.json` (English is the source; the other files carry the same keys). Compiled
 * once, when this module loads, with Lingui's own compiler (a syntax error stops the start,
 * naming the language and key); rendered with `@lingui/core`'s interpolation.
 */
export const CATALOGUES: Record<SiteLanguage, Record<string, string>> = { en, fr, de, es, pt, ja };

/** Every key of the catalogue (`keyof` en.json, like the web's `Register`): an unknown key does not compile. */
export type MessageKey = keyof typeof en;
/** The keys a notification may use (mails have their own, under `mail.`). */
export type NotificationKey = Exclude<MessageKey, `mail.${string}`>;
export type MailKey = Extract<MessageKey, `mail.${string}`>;

/** A link: `{href, text}` renders `<a href="href">text</a>` (both escaped), like notifications' `link()`. */
export interface LinkParam {
  href: string;
  text: string;
}
/**
 * A message parameter. A string is text (HTML-escaped in HTML; as a `select` argument it picks
 * the branch), a number is a count or number (plurals), `{href, text}` a link, `{time: ms}` a
 * date and time ('Nov 22, 2026, 14:05 UTC' in English, the language's own medium format in the
 * others, always UTC), `{date: ms}` a date ('Nov 22, 2026').
 */
export type MessageParam = string | number | LinkParam | { time: number } | { date: number };
export type MessageParams = Record<string, MessageParam>;

/** A message as stored and rendered: a catalogue key and its parameters. */
export interface Message<K extends MessageKey = MessageKey> {
  key: K;
  params?: MessageParams;
}

/** What one compiled message needs from its parameters. */
interface Compiled {
  message: CompiledMessage;
  /** Arguments used as plural/select selectors (get the raw value, never shown escaped-less). */
  selectors: Set<string>;
  /** Arguments outside any plural/select branch: a message cannot render without them. */
  required: Set<string>;
  /** Every argument name, branches included. */
  names: Set<string>;
}

/** Walks a compiled message's tokens, collecting its argument names (see `Compiled`). */
function argumentsOf(tokens: CompiledMessage, out: Omit<Compiled, "message">, topLevel: boolean): void {
  for (const token of tokens) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    out.names.add(name);
    if (topLevel) out.required.add(name);
    if (type === "plural" || type === "select" || type === "selectordinal") {
      out.selectors.add(name);
      for (const [branch, sub] of Object.entries(format as Record<string, unknown>)) {
        if (branch !== "offset" && Array.isArray(sub)) argumentsOf(sub as CompiledMessage, out, false);
      }
    }
  }
}

function compileCatalogue(lang: SiteLanguage): Map<string, Compiled> {
  const out = new Map<string, Compiled>();
  for (const [key, text] of Object.entries(CATALOGUES[lang])) {
    let message: CompiledMessage;
    try {
      message = compileMessageOrThrow(text);
    } catch (err) {
      throw new Error(`server catalogue ${lang}.json, key ${key}: ${(err as Error).message}`, { cause: err });
    }
    const args = { selectors: new Set<string>(), required: new Set<string>(), names: new Set<string>() };
    argumentsOf(message, args, true);
    out.set(key, { message, ...args });
  }
  return out;
}

const compiled = new Map(SITE_LANGUAGES.map((lang) => [lang, compileCatalogue(lang)] as const));
const engines = new Map(
  SITE_LANGUAGES.map((lang) => {
    const i18n = setupI18n();
    i18n.loadAndActivate({
      locale: lang,
      messages: Object.fromEntries([...compiled.get(lang)!].map(([key, c]) => [key, c.message])),
    });
    return [lang, i18n] as const;
  }),
);

/** The argument names of a key in a language (tests: the same placeholders in every language). */
export function messageArguments(lang: SiteLanguage, key: string): Set<string> | undefined {
  return compiled.get(lang)?.get(key)?.names;
}

/** Escapes text for HTML (the notifications' `escapeHtml`; kept here so the renderer stands alone). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatInstant(lang: SiteLanguage, ms: number, withTime: boolean): string {
  // English keeps the site's existing texts byte for byte (lib/dates.ts); the others use their
  // own medium date (and short time) format, in UTC like every server-made time.
  if (lang === "en") return withTime ? dateTimeHuman(ms) : dateHuman(ms);
  const id = `${lang}:${withTime}`;
  let f = timeFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      timeZone: "UTC",
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short", hourCycle: "h23" } : {}),
    });
    timeFormats.set(id, f);
  }
  return withTime ? `${f.format(ms)} UTC` : f.format(ms);
}

function renderParam(lang: SiteLanguage, value: MessageParam, html: boolean): string {
  const esc = html ? escapeHtml : (s: string) => s;
  if (typeof value === "string") return esc(value);
  if (typeof value === "number") return String(value);
  if ("href" in value) return html ? `<a href="${escapeHtml(value.href)}">${escapeHtml(value.text)}</a>` : `${value.text} (${value.href})`;
  if ("time" in value) return esc(formatInstant(lang, value.time, true));
  return esc(formatInstant(lang, value.date, false));
}

// A placeholder's value goes through Lingui as an opaque token and is put in afterwards: Lingui
// decodes `\uXXXX` / `\xXX` sequences in its result, which must never apply to a player's text
// (a name written `\x3cscript` would come out as `<script`).
const TOKEN = (i: number) => `\u0000${i}\u0000`;
// eslint-disable-next-line no-control-regex -- NUL delimits the tokens: it never occurs in a catalogue message.
const TOKEN_RE = /\u0000(\d+)\u0000/g;
/** A selector's value is passed as is only when it is a plain word; anything else is escaped first (and picks `other`). */
const PLAIN_WORD = /^[\w-]+$/;

/**
 * Renders `message` in `lang` (#21 §3). `format: "html"` (notifications) escapes every text
 * parameter and draws links as `<a href>`; `"text"` (mails) inserts them as they are. Throws
 * when the key is unknown or a parameter the English message needs is missing or unexpected
 * (a programming error: the English rendering happens when the notification is written).
 */
export function renderMessage(lang: SiteLanguage, message: Message, format: "html" | "text" = "html"): string {
  const entry = compiled.get(lang)?.get(message.key) ?? compiled.get("en")!.get(message.key);
  if (!entry) throw new Error(`unknown message key ${message.key}`);
  const params = message.params ?? {};
  const html = format === "html";
  const pieces: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (entry.selectors.has(name) && (typeof value === "number" || typeof value === "string")) {
      values[name] = typeof value === "number" || PLAIN_WORD.test(value) ? value : renderParam(lang, value, html);
    } else {
      values[name] = TOKEN(pieces.push(renderParam(lang, value, html)) - 1);
    }
  }
  const out = engines.get(lang)!._(message.key, values);
  return out.replace(TOKEN_RE, (_, i: string) => pieces[Number(i)] ?? "");
}

/**
 * Checks `message` against the English catalogue: the key exists, every argument outside a
 * branch is given and no parameter is unknown. Throws otherwise (called when a notification is
 * written, so a wrong call fails loudly in tests rather than storing a message with holes).
 */
export function checkMessage(message: Message): void {
  const entry = compiled.get("en")!.get(message.key);
  if (!entry) throw new Error(`unknown message key ${message.key}`);
  const given = Object.keys(message.params ?? {});
  const missing = [...entry.required].filter((n) => !given.includes(n));
  const unknown = given.filter((n) => !entry.names.has(n));
  if (missing.length || unknown.length) {
    throw new Error(`message ${message.key}: missing parameters [${missing.join(", ")}], unknown [${unknown.join(", ")}]`);
  }
}

/** `params` as stored (JSON text with sorted keys, so equal parameters are equal text: the dedupe rule compares them). */
export function paramsJson(params: MessageParams | undefined): string {
  const sorted = (v: unknown): unknown =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(sorted(params ?? {}));
}

/** A stored key and parameters back as a message; null when the key is no longer in the catalogue or the JSON is broken. */
export function storedMessage(key: string, paramsText: string | null): Message | null {
  if (!compiled.get("en")!.has(key)) return null;
  try {
    const params = paramsText === null ? {} : (JSON.parse(paramsText) as MessageParams);
    return { key: key as MessageKey, params };
  } catch {
    return null;
  }
}
