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

/** A fresh browser context (no cookies) at `width`×900. */
export async function newPage(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 } });
  const page = await context.newPage();
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
