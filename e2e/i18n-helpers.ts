import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import Database from "better-sqlite3";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, dataDir } from "./browser.js";

/**
 * Issue #21's shared pieces for the language journeys (i18n.e2e.ts, i18n-journeys.e2e.ts): the
 * web's message catalogues, the server's (notifications and mails), rendering one of their ICU
 * messages the way the site does (Lingui), and the check that a page is in a language.
 */
const LOCALES = resolve(import.meta.dirname, "../apps/web/src/locales");
const SERVER_MESSAGES = resolve(import.meta.dirname, "../apps/server/src/i18n/messages");
export type Catalogue = Record<string, string>;

/** One language's messages of every area folder (`src/locales/<area>/<lang>.json`), merged. */
export const catalogue = (lang: string): Catalogue =>
  Object.assign(
    {},
    ...readdirSync(LOCALES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => JSON.parse(readFileSync(join(LOCALES, e.name, `${lang}.json`), "utf8")) as Catalogue),
  ) as Catalogue;
export const en = catalogue("en");

/** The server's catalogue of notifications and mails in `lang` (`apps/server/src/i18n/messages/<lang>.json`). */
export const serverCatalogue = (lang: string): Catalogue =>
  JSON.parse(readFileSync(join(SERVER_MESSAGES, `${lang}.json`), "utf8")) as Catalogue;

/**
 * `messages[key]` rendered in `lang` with `values` (plurals, selects), by Lingui as the site does;
 * numbered tags (`<0>…</0>`) are dropped, leaving the text a reader sees.
 */
export function render(messages: Catalogue, lang: string, key: string, values: Record<string, unknown> = {}): string {
  const text = messages[key];
  expect(text, `${lang} catalogue has ${key}`).toBeTypeOf("string");
  const i18n = setupI18n({ locale: lang, messages: { [lang]: { [key]: compileMessage(text!) } } });
  return i18n._(key, values).replace(/<\/?\d+\/?>/g, "");
}
/** A web message in `lang` with its values. */
export const message = (lang: string, key: string, values?: Record<string, unknown>) => render(catalogue(lang), lang, key, values);

export function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

export async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

export async function signIn(page: Page, email: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    data: { email, password: "password" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Creates, through POST /api/events/new as the page's signed-in event administrator, a published
 * squad tournament (MK8DX 150cc, squads of 2–4 with name and tag, registrations open) on `day`
 * ('2030-04-10', 18:00–22:00 UTC); answers its id.
 */
export async function createSquadTournament(page: Page, title: string, description: string, day: string): Promise<number> {
  const res = await page.request.post("/api/events/new", {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    multipart: {
      tournament_title: title,
      event_description: description,
      date: "specify",
      start_date: `${day}T18:00`,
      end_date: `${day}T22:00`,
      use_logo: "none",
      game_mode: "mk8dx_150",
      public: "1",
      registrations_open: "1",
      show_on_profiles: "1",
      registration_format: "2",
      minimum_players: "2",
      maximum_players: "4",
      squad_tag_required: "1",
      squad_name_required: "1",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as number;
}

/** Sets the `lang` cookie directly (as the switch does), so no account's saved language changes. */
export async function setLanguage(context: BrowserContext, lang: string): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseUrl() }]);
}

/** Every text a person reads on the page: text nodes, and aria-label, title and placeholder values. */
export async function visibleTexts(page: Page): Promise<Set<string>> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("script, style, [hidden]")) continue;
      const t = (n.textContent ?? "").trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      for (const a of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
  return new Set(texts);
}

/**
 * The page is in `lang`: each of `keys` shows its `lang` message (text or label), and no text on
 * the page is the English message of any key whose `lang` message differs (a string left in
 * English on a translated screen). Messages with placeholders are left to the first check.
 * `leftInEnglish` names keys known to be still shown in English on that page (reported, to be
 * fixed on the screen), which the second check passes over.
 */
export async function expectInLanguage(page: Page, lang: string, keys: string[], leftInEnglish: string[] = []): Promise<void> {
  const target = catalogue(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  const texts = await visibleTexts(page);
  const joined = [...texts].join("\n");
  for (const key of keys) expect(joined, `${lang} ${key}`).toContain(target[key]!.replace(/<\/?\d+>/g, ""));
  const english = Object.keys(en).filter(
    (k) => !/[{<]/.test(en[k]!) && target[k] !== en[k] && texts.has(en[k]!) && !leftInEnglish.includes(k),
  );
  expect(
    english.map((k) => `${k}: ${en[k]}`),
    `English text on the ${lang} page`,
  ).toEqual([]);
}

export async function noOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${what}`).toBeLessThanOrEqual(0);
}
