import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { SESSION_CALL } from "@site/contract";

/** What the web build's server bundle (`apps/web/src/entry-server.tsx`) exports. */
interface RenderBundle {
  prepare(): Promise<void>;
  renderPage(url: string, answers: Record<string, unknown>, site: { siteName: string; supportForumUrl: string }, lang: string): string;
}

/** Renders remembered, and for how long (ms): a countdown drawn 30 s ago is still right enough. */
const MEMO_ENTRIES = 256;
const MEMO_MS = 30_000;

/** Where the web build writes its server bundle, relative to the build (WEB_DIST). */
export const SERVER_BUNDLE = join("ssr", "entry-server.js");

/**
 * Draws pages on the server (#17 §6, "a fast first paint on phones"): the HTML of a page's first
 * screen from the same first-screen answers the page embeds, so a phone paints the page before
 * its scripts have loaded and the browser then hydrates it. Optional: without the web build's
 * `dist/ssr/entry-server.js` (tests, a build made without it) or with SERVER_RENDER=0 every
 * method is a no-op and pages are drawn by the browser as before.
 */
export class ServerRender {
  private bundle: RenderBundle | null = null;
  /**
   * A render is a function of the URL, the answers and the site's settings (and of the clock, for
   * countdowns), so the same page with the same answers is drawn once per MEMO_MS: on a busy day
   * most visitors see identical answers. Keyed by a digest, oldest entries dropped first.
   */
  private readonly memo = new Map<string, { html: string; until: number }>();

  /** `webDist`: the web build's folder; `enabled`: SERVER_RENDER. */
  constructor(
    private readonly webDist: string,
    private readonly enabled: boolean,
  ) {}

  /** Loads the bundle and resolves its lazy screens; logs and stays off when that fails. */
  async load(log: FastifyBaseLogger): Promise<void> {
    const file = join(this.webDist, SERVER_BUNDLE);
    if (!this.enabled || !existsSync(file)) return;
    try {
      const bundle = (await import(pathToFileURL(file).href)) as RenderBundle;
      await bundle.prepare();
      this.bundle = bundle;
    } catch (err) {
      log.warn({ err, file }, "the server-render bundle did not load; pages are drawn by the browser");
    }
  }

  /**
   * The HTML for inside `<div id="root">` of `url` (path and query), or "" when there is no
   * bundle or the render fails (logged: the browser then draws the page, nothing is lost).
   * `answersJson` is `JSON.stringify(answers)`, the memo's key: the caller makes it once for this
   * and for the page's `firstScreenScript`. `lang` is the page's language (#21, chosen by
   * `lib/site-language.ts`); the web bundle has every catalogue loaded.
   */
  render(
    url: string,
    answers: Record<string, unknown>,
    answersJson: string,
    site: { siteName: string; supportForumUrl: string },
    lang: string,
    log: FastifyBaseLogger,
  ): string {
    if (!this.bundle) return "";
    try {
      const key = createHash("sha1")
        .update(url)
        .update("\0")
        .update(memoText(answers, answersJson))
        .update("\0")
        .update(site.siteName)
        .update("\0")
        .update(lang)
        .digest("base64");
      const now = Date.now();
      const hit = this.memo.get(key);
      if (hit && hit.until > now) return hit.html;
      const html = this.bundle.renderPage(url, answers, site, lang);
      this.memo.delete(key);
      this.memo.set(key, { html, until: now + MEMO_MS });
      if (this.memo.size > MEMO_ENTRIES) this.memo.delete(this.memo.keys().next().value!);
      return html;
    } catch (err) {
      log.warn({ err, url }, "server render failed; the browser draws the page");
      return "";
    }
  }
}

/**
 * The answers' text as the memo sees it: without the session's CSRF token. Every visitor without
 * a cookie gets a token of their own, so keyed with it no two first visits would share a render
 * (the home page drew ~65 ms per anonymous request, #16); the drawn page never shows the token
 * (the web keeps it in memory only, `get-session.ts`), so two answers that differ only there draw
 * the same page.
 */
function memoText(answers: Record<string, unknown>, answersJson: string): string {
  const token = (answers[SESSION_CALL] as { csrfToken?: unknown } | undefined)?.csrfToken;
  return typeof token === "string" && token.length >= 16 ? answersJson.split(JSON.stringify(token)).join('""') : answersJson;
}
