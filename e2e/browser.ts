import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const SCREENSHOTS = resolve(import.meta.dirname, "../.e2e/screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

/** Debian's Chromium with the flags this machine needs (no outside network). */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const baseUrl = () => inject("baseUrl");
export const dataDir = () => inject("dataDir");

/**
 * Makes `page.goto` and `page.reload` return once the page is interactive: a page drawn on the
 * server (#17 §6) is visible before its scripts have hydrated it (`<html data-ready>` marks the
 * end; until then the site ignores clicks). Answers that are not the web app (JSON, a file) have
 * no `#root` and return at once.
 */
export function awaitReady(page: Page): Page {
  const ready = () =>
    page.waitForFunction(() => !document.getElementById("root") || document.documentElement.dataset.ready !== undefined, null, {
      timeout: 30_000,
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
  return page;
}

/** A fresh browser context (no cookies) at `width`×900. */
export async function newPage(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 } });
  const page = awaitReady(await context.newPage());
  return { context, page };
}

export async function login(page: Page, email: string, password = "password"): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

export const shot = (name: string) => join(SCREENSHOTS, `${name}.png`);
