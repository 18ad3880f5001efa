import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, shot } from "./browser.js";
import { catalogue, createSquadTournament, en, expectInLanguage, message, noOverflow, query, setLanguage, signIn } from "./i18n-helpers.js";

/**
 * Issue #21 in Chromium: the site in French and Japanese on the home page, a squad tournament's
 * page and its registration form (the screens translated so far), compared against the message
 * catalogues rather than hard-coded strings; `<html lang>` follows the switch and a reload keeps
 * the choice; the pseudo-locale (accented, ~40% longer) leaves no horizontal overflow at 375 px;
 * screenshots of the three screens in German and Japanese at 375 and 1280 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HOME_KEYS = [
  "shell.nav.home",
  "shell.nav.tournaments",
  "shell.nav.series",
  "shell.footer.supportForum",
  "home.news.title",
  "home.tournaments.title",
  "home.results.title",
  "home.players.title",
  "home.teams.title",
  "home.transfers.title",
  "home.videos.title",
  "home.streams.title",
  "home.social.title",
  "common.viewAll",
];
const TOURNAMENT_KEYS = [
  "tournament.info.when",
  "tournament.info.game",
  "tournament.info.gameMode",
  "tournament.info.format",
  "tournament.info.entrants",
  "tournament.info.squadSize",
  "tournament.details",
  "format.squad",
];
const FORM_KEYS = ["registration.squadName", "registration.squadTag", "registration.squadColor", "registration.registerSquad"];

describe("six languages (#21)", () => {
  let squadId = 0;
  let player = "";

  it("an event administrator makes a squad tournament open for registration", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await signIn(page, "event-admin@example.com");
    squadId = await createSquadTournament(
      page,
      `E2E i18n Squads ${Date.now().toString(36)}`,
      "A squad tournament for the language journey.",
      "2030-04-10",
    );
    // An ordinary player of the demo data, not in that tournament.
    player = query<{ email: string }>(
      `select u.email as email from users u join players p on p.user_id = u.id
       where u.state = 'active' and p.is_banned = 0 and u.email like '%@example.org' and u.language is null
         and u.id not in (select user_id from user_roles) order by u.id limit 1 offset 7`,
    )[0]!.email;
    await context.close();
  });

  it("switches the home page to French, then Japanese, without a reload; a reload keeps the choice", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page
      .getByRole("button", { name: message("en", "ui.menuSelector.current", { label: en["language.label"], value: "English" }) })
      .click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await expectInLanguage(page, "fr", HOME_KEYS);
    const fr = catalogue("fr");
    await page
      .getByRole("button", { name: message("fr", "ui.menuSelector.current", { label: fr["language.label"], value: "Français" }) })
      .click();
    await page.getByRole("menuitemradio", { name: "日本語" }).click();
    await expectInLanguage(page, "ja", HOME_KEYS);
    // Still the same document: the switch re-rendered, it did not navigate.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.reload();
    await expectInLanguage(page, "ja", HOME_KEYS);
    // The server drew the reloaded page in Japanese already (no flash of English).
    const html = await (await page.request.get("/")).text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain(catalogue("ja")["home.tournaments.title"]);
    await context.close();
  });

  it("the tournament page and the registration form in French and Japanese", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await signIn(page, player);
    for (const lang of ["fr", "ja"]) {
      await setLanguage(context, lang);
      await page.goto(`/tournaments/${squadId}`);
      await expectInLanguage(page, lang, [...TOURNAMENT_KEYS, "shell.nav.tournaments"]);
      await page.goto(`/tournaments/${squadId}/register`);
      await page.getByLabel(catalogue(lang)["registration.squadName"]!).waitFor();
      await expectInLanguage(page, lang, FORM_KEYS);
    }
    // A refusal from the server, translated from its code: the squad name is left empty (the
    // browser's own check of `required` is lifted so the server is asked).
    await page.getByLabel(catalogue("ja")["registration.squadTag"]!).fill("JP");
    await page.locator("input[required]").evaluateAll((inputs) => inputs.forEach((i) => i.removeAttribute("required")));
    await page.getByRole("button", { name: catalogue("ja")["registration.registerSquad"] }).click();
    await page.getByRole("alert").waitFor();
    const refusal = await page.getByRole("alert").innerText();
    expect(refusal).toBe(catalogue("ja")["error.registration.squad_name_required"]);
    await context.close();
  });

  it("screenshots in German and Japanese at 375 and 1280 px; the pseudo-locale overflows nothing at 375 px", async () => {
    for (const lang of ["de", "ja", "en-XA"]) {
      for (const width of lang === "en-XA" ? [375] : [375, 1280]) {
        const { context, page } = await newPage(browser, width);
        await page.goto("/");
        await signIn(page, player);
        await setLanguage(context, lang);
        for (const [name, path] of [
          ["home", "/"],
          ["tournament", `/tournaments/${squadId}`],
          ["register", `/tournaments/${squadId}/register`],
        ] as const) {
          await page.goto(path);
          await page.waitForFunction((l) => document.documentElement.lang === l, lang);
          if (name === "register") await page.locator(".registration-form").waitFor();
          await noOverflow(page, `${path} (${lang}, ${width} px)`);
          await page.screenshot({ path: shot(`i18n-${lang}-${name}-${width}`), fullPage: true });
        }
        await context.close();
      }
    }
  });
});
