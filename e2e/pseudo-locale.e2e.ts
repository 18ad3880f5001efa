import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, shot } from "./browser.js";
import { en, query, setLanguage, signIn, visibleTexts } from "./i18n-helpers.js";

/**
 * Issue #21 §5 on every main screen: the pseudo-locale `en-XA` (every letter accented, each
 * message ~40% longer, chosen by the `lang` cookie) at 375 px leaves no horizontal overflow and
 * no message id (a raw catalogue key) in sight, signed out, as a player and as an administrator;
 * each screen's screenshot goes to .e2e/screenshots (`pseudo-<screen>-375.png`, a few also at
 * 1280 px) to be looked at for text cut off or overlapping, which no measure catches.
 * i18n.e2e.ts covers home, a squad tournament's page and its registration form. The desktop
 * header is also checked in every language at 768, 820, 900, 1024, 1200 and 1280 px, signed out
 * and as an administrator (it overflowed in English at 1024-1199 px, in German and French up to
 * 1280 px, and signed out in German, French, Spanish and the pseudo-locale at 768-900 px).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LANG = "en-XA";

/** The demo data's pages with something on them (README "Demo accounts", apps/server/src/seed/demo). */
function demo() {
  const one = <T>(sql: string, ...args: unknown[]): T => {
    const row = query<T>(sql, ...args)[0];
    expect(row, sql).toBeDefined();
    return row!;
  };
  const tournament = (title: string) => one<{ id: number }>("select id from tournaments where title = ?", title).id;
  const showdown = tournament("MK8DX FFA Showdown #1");
  return {
    showdown,
    duos: tournament("200cc Duos Showdown"),
    showdown2: tournament("MK8DX FFA Showdown #2"),
    teamCup: tournament("Team Registration Demo Cup"),
    series: one<{ url_slug: string }>(
      "select s.url_slug from tournament_series s join tournaments t on t.tournament_series_id = s.id where t.id = ?",
      showdown,
    ).url_slug,
    player: one<{ id: number }>("select p.id from players p join users u on u.id = p.user_id where u.email = 'player@example.com'").id,
    team: one<{ id: number }>(
      `select m.team_id as id from team_memberships m join players p on p.id = m.player_id join users u on u.id = p.user_id
       where u.email = 'leader@example.com' and m.left_at is null order by m.team_id limit 1`,
    ).id,
    news: one<{ id: number }>("select id from news_posts where published = 1 order by created_at desc limit 1").id,
  };
}

/** Every catalogue key, and the shape of one (`area.screen.word`): a message the page failed to find shows its id. */
const KEYS = new Set(Object.keys(en));
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+){2,}$/;

/** Texts a person reads on the page (`visibleTexts`) and its title, holding a message id. */
async function messageIds(page: Page): Promise<string[]> {
  const texts = [...(await visibleTexts(page)), await page.title()];
  return texts.filter((t) =>
    t
      .split(/\s+/)
      .map((w) => w.replace(/^[("'«]+|[)"'».,:;!?]+$/g, ""))
      .some((w) => KEYS.has(w) || KEY_SHAPE.test(w)),
  );
}

/** The elements reaching past the right edge (the deepest ones), to name what overflows. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")].filter((el) => el.getBoundingClientRect().right > width + 0.5);
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 8)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}`;
        return `${name} [${Math.round(r.left)}–${Math.round(r.right)}] "${(el.textContent ?? "").trim().slice(0, 40)}"`;
      });
  });
}

/** Opens `path` in the pseudo-locale and waits for its data (no loading indicator left). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction((l) => document.documentElement.lang === l, LANG);
  // Live screens keep a connection open: network quiet is waited for, not required.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector(".loading, [aria-busy='true']"), null, { timeout: 15_000 }).catch(() => {});
}

/**
 * `path` in the pseudo-locale at the page's width: no horizontal overflow, no message id, a
 * full-page screenshot. Soft checks, so one run reports every screen.
 */
async function check(page: Page, name: string, path: string, width: number): Promise<void> {
  await open(page, path);
  const what = `${path} (${LANG}, ${width} px)`;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `horizontal overflow on ${what}: ${(await overflowing(page)).join("; ")}`).toBeLessThanOrEqual(0);
  expect.soft(await messageIds(page), `message ids on ${what}`).toEqual([]);
  await page.screenshot({ path: shot(`pseudo-${name}-${width}`), fullPage: true });
}

type Screen = readonly [name: string, path: string];

describe("the pseudo-locale on every main screen (#21 §5)", () => {
  let d: ReturnType<typeof demo>;
  beforeAll(() => {
    d = demo();
  });

  const signedOut = (): Screen[] => [
    ["tournaments", "/tournaments"],
    ["tournaments-past", "/tournaments?tab=past"],
    ["tournaments-historical", "/tournaments?tab=historical"],
    ["tournament-ffa", `/tournaments/${d.showdown}`],
    ["registrations-solo", `/tournaments/${d.showdown}/registrations`],
    ["registrations-squads", `/tournaments/${d.duos}/registrations`],
    ["registrations-teams", `/tournaments/${d.teamCup}/registrations`],
    ["placements", `/tournaments/${d.showdown}/placements`],
    ["placements-squads", `/tournaments/${d.duos}/placements`],
    ["rounds", `/tournaments/${d.showdown}/rounds`],
    ["round-1", `/tournaments/${d.showdown}/rounds/1`],
    ["live", `/tournaments/${d.showdown}/live`],
    ["series-list", "/tournaments/series"],
    ["series", `/tournaments/series/${d.series}`],
    ["players", "/registry/players"],
    ["player", `/registry/players/${d.player}`],
    ["teams", "/registry/teams/category/all"],
    ["team", `/registry/teams/${d.team}`],
    ["transfers", "/registry/recent_transactions"],
    ["news-post", `/news/${d.news}`],
    ["login", "/login"],
    ["signup", "/signup"],
    ["not-found", "/no/such/page"],
  ];
  const asPlayer = (): Screen[] => [
    ["player-home", "/"],
    ["notifications", "/notifications"],
    ["edit-profile", "/registry/edit_profile"],
    ["my-tournaments", "/tournaments/mine"],
    ["live-your-room", `/tournaments/${d.showdown2}/live`],
    ["rounds-your-room", `/tournaments/${d.showdown2}/rounds/1`],
    ["tournament-your-room", `/tournaments/${d.showdown2}`],
  ];
  const asAdmin = (): Screen[] => [
    ["admin-word-filter", "/admin/word_filter"],
    ["admin-roles", "/admin/roles"],
    ["admin-media", "/admin/media"],
    ["admin-audit", "/admin/audit"],
    ["admin-bans", "/admin/bans"],
    ["admin-points-tables", "/admin/points-tables"],
    ["admin-proposals", "/admin/tournament-proposals"],
    ["admin-profile-changes", "/registry/profile_changes"],
    ["admin-team-approvals", "/registry/team_approvals"],
    ["news", "/news"],
    ["admin-tournament-controls", `/tournaments/${d.showdown2}/controls`],
  ];

  async function visit(account: string | null, screens: Screen[], width = 375): Promise<void> {
    const { context, page } = await newPage(browser, width);
    await page.goto("/");
    if (account) await signIn(page, account);
    await setLanguage(context, LANG);
    for (const [name, path] of screens) await check(page, name, path, width);
    await context.close();
  }

  it("signed out at 375 px", { timeout: 240_000 }, async () => {
    await visit(null, signedOut());
  });

  it("as a player at 375 px", { timeout: 120_000 }, async () => {
    await visit("player@example.com", asPlayer());
  });

  it("as an administrator at 375 px", { timeout: 180_000 }, async () => {
    await visit("admin@example.com", asAdmin());
  });

  it("the mobile menu open, signed in as an administrator, at 375 px", async () => {
    const { context, page } = await newPage(browser, 375);
    await page.goto("/");
    await signIn(page, "admin@example.com");
    await setLanguage(context, LANG);
    await open(page, "/tournaments");
    await page.locator(".menu-toggle").click();
    await page.locator("#site-menu .dropdown__toggle").last().click();
    const what = `the open menu (${LANG}, 375 px)`;
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), what).toBeLessThanOrEqual(0);
    expect.soft(await messageIds(page), `message ids on ${what}`).toEqual([]);
    await page.screenshot({ path: shot("pseudo-menu-admin-375"), fullPage: true });
    await context.close();
  });

  it(
    "the desktop header fits on one line from 768 to 1280 px in every language, signed out and signed in",
    { timeout: 420_000 },
    async () => {
      for (const account of [null, "admin@example.com"]) {
        for (const width of [768, 820, 900, 1024, 1200, 1280]) {
          const { context, page } = await newPage(browser, width);
          if (account) {
            await page.goto("/");
            await signIn(page, account);
          }
          for (const lang of ["en", "fr", "de", "es", "pt", "ja", LANG]) {
            await setLanguage(context, lang);
            await page.goto("/tournaments");
            await page.waitForFunction((l) => document.documentElement.lang === l, lang);
            const what = `/tournaments (${lang}, ${width} px, ${account ?? "signed out"})`;
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect.soft(overflow, `horizontal overflow on ${what}: ${(await overflowing(page)).join("; ")}`).toBeLessThanOrEqual(0);
            // One line: every visible link and button of the header lies within its bar (a wrapped item would not).
            const outside = await page.evaluate(() => {
              const bar = document.querySelector(".site-header__inner")!.getBoundingClientRect();
              return [...document.querySelectorAll<HTMLElement>(".site-header__inner a, .site-header__inner button")]
                .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 1)
                .filter((el) => {
                  const r = el.getBoundingClientRect();
                  return r.top < bar.top - 0.5 || r.bottom > bar.bottom + 0.5;
                })
                .map((el) => (el.textContent ?? "").trim().slice(0, 30));
            });
            expect.soft(outside, `header items off its line on ${what}`).toEqual([]);
            // The brand's mark is not covered by the nav (it shrank under it at 768-1199 px).
            const gap = await page.evaluate(() => {
              const mark = document.querySelector(".brand__mark")?.getBoundingClientRect();
              const nav = document.querySelector(".main-nav")?.getBoundingClientRect();
              return mark && nav ? nav.left - mark.right : 0;
            });
            expect.soft(gap, `brand mark covered by the nav on ${what}`).toBeGreaterThanOrEqual(0);
          }
          await context.close();
        }
      }
    },
  );

  it("a few screens at 1280 px", { timeout: 120_000 }, async () => {
    await visit(
      null,
      [
        ["tournaments", "/tournaments"],
        ["tournament-ffa", `/tournaments/${d.showdown}`],
        ["registrations-squads", `/tournaments/${d.duos}/registrations`],
        ["live", `/tournaments/${d.showdown}/live`],
        ["series", `/tournaments/series/${d.series}`],
        ["player", `/registry/players/${d.player}`],
        ["team", `/registry/teams/${d.team}`],
      ],
      1280,
    );
    await visit("admin@example.com", [["admin-roles", "/admin/roles"]], 1280);
  });
});
