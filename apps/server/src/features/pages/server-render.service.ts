import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";

/** What the web build's server bundle (`apps/web/src/entry-server.tsx`) exports. */
interface RenderBundle {
  prepare(): Promise<void>;
  renderPage(url: string, answers: Record<string, unknown>, site: { siteName: string; supportForumUrl: string }): string;
}

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
   */
  render(
    url: string,
    answers: Record<string, unknown>,
    site: { siteName: string; supportForumUrl: string },
    log: FastifyBaseLogger,
  ): string {
    if (!this.bundle) return "";
    try {
      return this.bundle.renderPage(url, answers, site);
    } catch (err) {
      log.warn({ err, url }, "server render failed; the browser draws the page");
      return "";
    }
  }
}
