import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, shot } from "./browser.js";
import {
  catalogue,
  createSquadTournament,
  csrf,
  expectInLanguage,
  message,
  noOverflow,
  query,
  render,
  serverCatalogue,
  setLanguage,
  signIn,
} from "./i18n-helpers.js";

/**
 * Issue #21 in Chromium, whole journeys in French and in Japanese, every page checked against the
 * message catalogues (the web's `src/locales/<area>/<lang>.json`, the server's
 * `src/i18n/messages/<lang>.json` for the notification), never against hard-coded strings:
 * 1. a new visitor with the `lang` cookie opens the home page, clicks Sign Up in the header,
 *    fills the form found by its translated labels, confirms the e-mail by the mailed link, logs
 *    in, and creates a registry profile from the tournament page's 'Create your profile';
 * 2. registers a squad through the tournament page's Register Now and the registration form,
 *    and sees the registered state (and the squad's plural 'needs # more member') on the
 *    tournament page;
 * 3. an event administrator verifies the squad (a staff action through the API): the player
 *    opens Notifications from the header's account menu (its label with the unread count, a
 *    plural) and reads the notification, rendered by the server in the reader's language;
 * 4. opens a finished demo tournament's placements: headings, column headers, the 1st place
 *    medal's name with the language's ordinal.
 * Screenshots at 375 px of the notifications and placements pages in each language
 * (`.e2e/screenshots/i18n-journey-<lang>-*.png`).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Journeys ${stamp}`;
const PASSWORD = "correct-horse-battery";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A placement as its ordinal, as `placementOrdinal` (apps/web/src/lib/i18n/format.ts) writes it:
 * code, not catalogue text; the catalogue's `ui.placement.place` wraps it.
 */
const ORDINAL: Record<string, (n: number) => string> = {
  fr: (n) => (n === 1 ? "1er" : `${n}e`),
  ja: (n) => `${n}位`,
};

const HOME_KEYS = [
  "shell.nav.home",
  "shell.nav.tournaments",
  "shell.nav.series",
  "home.tournaments.title",
  "home.results.title",
  "account.logIn",
  "account.signUp",
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

describe("journeys in French and Japanese (#21)", () => {
  let tournamentId = 0;
  /** A finished demo tournament whose 1st place is not tied. */
  let placed = { id: 0, type: "" };

  beforeAll(async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await signIn(page, "event-admin@example.com");
    tournamentId = await createSquadTournament(page, TITLE, "A squad tournament for the language journeys.", "2030-05-10");
    await context.close();
    [placed] = query<{ id: number; type: string }>(
      `select p.tournament_id as id, p.entrant_type as type from placements p join tournaments t on t.id = p.tournament_id
       where p.placement = 1 and p.placement_upper_bound is null and t.published = 1 and t.end_date < ?
       order by (select count(*) from placements q where q.tournament_id = p.tournament_id) desc limit 1`,
      Date.now(),
    ) as [typeof placed];
    expect(placed, "a demo tournament with placements").toBeTruthy();
  });

  describe.each([
    { lang: "fr", squad: "Les Bolides", tag: "LB", country: "FR" },
    { lang: "ja", squad: "Kaminari Racers", tag: "KR", country: "JP" },
  ])("in $lang", ({ lang, squad, tag, country }) => {
    const t = catalogue(lang);
    const email = `journey-${lang}-${stamp}@example.com`;
    const name = `J${lang}${stamp}`.slice(0, 20);
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser));
      await setLanguage(context, lang);
    });
    afterAll(async () => {
      await context?.close();
    });

    it("signs up from the header, confirms the e-mail, logs in and creates a registry profile", async () => {
      await page.goto("/");
      await expectInLanguage(page, lang, HOME_KEYS);
      await page.getByRole("banner").getByRole("link", { name: t["account.signUp"], exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/signup");
      await page.getByLabel(t["auth.email"]!, { exact: true }).waitFor();
      await expectInLanguage(page, lang, ["account.signUp", "auth.email", "auth.password"]);
      await page.getByLabel(t["auth.email"]!, { exact: true }).fill(email);
      await page.getByLabel(t["auth.password"]!, { exact: true }).fill(PASSWORD);
      await page.getByRole("main").getByRole("button", { name: t["account.signUp"], exact: true }).click();
      await page.getByText(t["auth.signup.done"]!, { exact: true }).waitFor();
      await expectInLanguage(page, lang, ["auth.signup.done", "account.logIn"]);

      // The mailed link, from the running server's outbox (as the other journeys read it).
      const [mail] = query<{ body_text: string }>("select body_text from outbox where to_address = ? order by id desc limit 1", email);
      const link = new URL(/https?:\/\/\S+\/verify_email\?token=[\w-]+/.exec(mail!.body_text)![0]);
      await page.goto(link.pathname + link.search);
      await page.getByText(t["ui.verifyEmail.done"]!, { exact: true }).waitFor();
      await expectInLanguage(page, lang, ["ui.verifyEmail.done", "account.logIn"]);

      await page.getByRole("main").getByRole("link", { name: t["account.logIn"], exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/login");
      await page.getByLabel(t["auth.email"]!, { exact: true }).waitFor();
      await expectInLanguage(page, lang, ["account.logIn", "auth.email", "auth.password", "auth.login.forgot"]);
      await page.getByLabel(t["auth.email"]!, { exact: true }).fill(email);
      await page.getByLabel(t["auth.password"]!, { exact: true }).fill(PASSWORD);
      await page.getByRole("main").getByRole("button", { name: t["account.logIn"], exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/");
      // Signed in: the account menu, named in the language (a plural message, rendered from the catalogue).
      await page.getByRole("button", { name: message(lang, "account.menuLabel", { name: email, unread: 0 }), exact: true }).waitFor();

      // Registering needs a registry profile: the tournament page offers to create one.
      await page.goto(`/tournaments/${tournamentId}`);
      const create = page.getByRole("link", { name: t["ui.noProfile.create"], exact: true });
      await create.waitFor();
      await expectInLanguage(page, lang, [...TOURNAMENT_KEYS, "error.registration.no_profile", "ui.noProfile.create"]);
      await create.click();
      await page.waitForURL((u) => u.pathname === "/registry/edit_profile");
      await page.getByRole("heading", { name: t["players.own.create"], exact: true }).waitFor();
      await page.getByRole("textbox", { name: t["players.form.displayName"], exact: true }).waitFor();
      await expectInLanguage(page, lang, [
        "players.own.create",
        "players.form.general",
        "players.form.displayName",
        "players.form.country",
        "players.form.discordTag",
        "players.profile.friendCodes",
        "players.form.create",
      ]);
      await page.getByRole("textbox", { name: t["players.form.displayName"], exact: true }).fill(name);
      await page.getByRole("combobox", { name: t["players.form.country"], exact: true }).selectOption(country);
      await page.getByRole("textbox", { name: t["players.form.discordTag"], exact: true }).fill(`${name.toLowerCase()}#1234`);
      await page.getByRole("button", { name: t["players.form.create"], exact: true }).click();
      // Back on the tournament page it came from, now offering registration.
      await page.waitForURL((u) => u.pathname === `/tournaments/${tournamentId}`);
      await page.getByRole("link", { name: t["registration.registerNow"], exact: true }).waitFor();
      await expectInLanguage(page, lang, [...TOURNAMENT_KEYS, "registration.registerNow"]);
    });

    it("registers a squad through the tournament page and the registration form, and sees it registered", async () => {
      await page.getByRole("link", { name: t["registration.registerNow"], exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/tournaments/${tournamentId}/register`);
      const squadName = page.getByLabel(t["registration.squadName"]!, { exact: true });
      await squadName.waitFor();
      await expectInLanguage(page, lang, [
        "registration.squadName",
        "registration.squadTag",
        "registration.squadColor",
        "registration.registerSquad",
      ]);
      await squadName.fill(squad);
      await page.getByLabel(t["registration.squadTag"]!, { exact: true }).fill(tag);
      await page.getByRole("button", { name: t["registration.registerSquad"], exact: true }).click();
      await page.getByText(t["registration.status.registered"]!, { exact: true }).waitFor();
      await expectInLanguage(page, lang, ["registration.status.registered", "registration.status.captain"]);

      await page.goto(`/tournaments/${tournamentId}`);
      const status = page.getByRole("region", { name: t["registration.panelLabel"], exact: true });
      await status.getByText(t["registration.status.registered"]!, { exact: true }).waitFor();
      await status.getByRole("link", { name: `[${tag}] ${squad}` }).waitFor();
      // One more member wanted (squads of 2 to 4): the plural in the language.
      expect(await status.innerText()).toContain(message(lang, "registration.squad.needsMembers", { count: 1 }));
      await expectInLanguage(page, lang, [
        ...TOURNAMENT_KEYS,
        "registration.status.registered",
        "registration.status.captain",
        "registration.squad.invitePlayers",
      ]);
    });

    it("reads the notification of a staff action in the language, from the account menu", async () => {
      // An event administrator verifies the squad: its members are told so.
      const [row] = query<{ id: number }>("select id from squads where tournament_id = ? and squad_name = ?", tournamentId, squad);
      const admin = await newPage(browser);
      await admin.page.goto("/");
      await signIn(admin.page, "event-admin@example.com");
      const res = await admin.page.request.post(`/api/events/${tournamentId}/move_squad`, {
        headers: { "X-CSRF-TOKEN": await csrf(admin.page) },
        data: { status: "registered", squad_id: row!.id },
      });
      expect(res.status(), await res.text()).toBe(200);
      await admin.context.close();

      await page.goto("/");
      const menu = page.getByRole("button", { name: message(lang, "account.menuLabel", { name, unread: 1 }), exact: true });
      await menu.click();
      await page.getByRole("link", { name: new RegExp(`^${escape(t["account.notifications"]!)}`) }).click();
      await page.waitForURL((u) => u.pathname === "/notifications");
      const item = page.locator(".notification").filter({ hasText: squad });
      await item.waitFor();
      // The server's catalogue in the reader's language (the tournament is a link in the HTML).
      const expected = render(serverCatalogue(lang), lang, "squad.verified", { squad, tournament: TITLE });
      expect(expected).not.toBe(render(serverCatalogue("en"), "en", "squad.verified", { squad, tournament: TITLE }));
      expect((await item.locator(".notification__message").textContent())?.trim()).toBe(expected);
      await item.getByRole("link", { name: TITLE }).waitFor();
      await expectInLanguage(page, lang, [
        "notifications.title",
        "notifications.filter.unread",
        "notifications.filter.important",
        "notifications.filter.all",
        "notifications.markAllRead",
        "notifications.markRead",
      ]);
      await page.setViewportSize({ width: 375, height: 900 });
      await noOverflow(page, `/notifications (${lang}, 375 px)`);
      await page.screenshot({ path: shot(`i18n-journey-${lang}-notifications-375`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Read: marked read, the Unread tab is empty, the header's count gone.
      await item.getByRole("button", { name: t["notifications.markRead"], exact: true }).click();
      await page.getByText(t["notifications.empty"]!, { exact: true }).waitFor();
      await page.getByRole("button", { name: message(lang, "account.menuLabel", { name, unread: 0 }), exact: true }).waitFor();
      await expectInLanguage(page, lang, ["notifications.title", "notifications.empty"]);
    });

    it("sees a finished tournament's placements in the language", async () => {
      await page.goto(`/tournaments/${placed.id}/placements`);
      const table = page.locator(".placements-table");
      await table.waitFor();
      const entrant = { team: "placements.table.team", player: "placements.table.player" }[placed.type] ?? "placements.table.squad";
      await expectInLanguage(page, lang, [
        "placements.final",
        "placements.backToTournament",
        "placements.downloadCsv",
        "placements.table.placement",
        "placements.table.title",
        entrant,
      ]);
      // Column headers, in order.
      const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim());
      expect(headers[0]).toContain(t["placements.table.placement"]);
      expect(headers[1]).toContain(t[entrant]);
      // The total (a number in the message) and the 1st place medal, named with the language's ordinal.
      const total = (await page.locator(".placements__total").innerText()).trim();
      expect(total).toBe(message(lang, "placements.totalEntrants", { count: Number(/\d+/.exec(total)![0]) }));
      await table
        .getByRole("img", { name: message(lang, "ui.placement.place", { ordinal: ORDINAL[lang]!(1) }), exact: true })
        .first()
        .waitFor();
      expect(await table.getByRole("img", { name: message("en", "ui.placement.place", { ordinal: "1st" }) }).count()).toBe(0);
      await page.setViewportSize({ width: 375, height: 900 });
      await noOverflow(page, `/tournaments/${placed.id}/placements (${lang}, 375 px)`);
      await page.screenshot({ path: shot(`i18n-journey-${lang}-placements-375`), fullPage: true });
    });
  });
});
