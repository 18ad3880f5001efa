import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Web journeys item 3, "No dead ends in the registration funnel", in Chromium on tournaments this
 * journey creates (a squad one and a team one for leader@'s Mario Kart World 150cc team):
 * - a new account without a profile clicks Register Now, gets "Create your profile", creates it
 *   and lands back on the register page it came from, now with the form;
 * - an anonymous visitor's "Log in" carries next= and returns to the register page;
 * - an invited player sees the invitation on the tournament page (Accept / Decline), and the
 *   register page shows one form at a time (join the squad that invited them, or create one);
 *   joining shows the status instead of a red 'already registered';
 * - leader@ registers the team, withdraws it and registers it again; the status shows each time;
 * - the joined tournament's card says "Registered ✓" and My Tournaments (account menu) lists it.
 * Screenshots of the invited player's register page at 1280 and 375 px in /tmp/funnel-shots.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = "/tmp/funnel-shots";
mkdirSync(SHOTS, { recursive: true });
const stamp = Date.now().toString(36);
const SQUAD_TITLE = `E2E Funnel Squad ${stamp}`;
const TEAM_TITLE = `E2E Funnel Team ${stamp}`;
const NO_PROFILE = "To register, you must first create a registry profile.";

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

async function apiLogin(page: Page, email: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    data: { email, password: "password" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function post(page: Page, path: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await page.request.post(path, { headers: { "X-CSRF-TOKEN": await csrf(page) }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** 'YYYY-MM-DDTHH:mm' of a day `days` from now at 19:00 UTC (the tournament form's local field, read as UTC). */
const dayFromNow = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().slice(0, 16);
};

async function noOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

describe("registration funnel without dead ends", () => {
  let squadT = 0;
  let teamT = 0;
  let invited = { email: "", name: "", id: 0 };
  const fresh = { email: `funnel${stamp}@example.com`, password: "correct-horse-battery", name: `Fun${stamp}`.slice(0, 20) };

  it("sets up a squad tournament (player@ captains a squad and invites a player) and a team tournament", async () => {
    const admin = await newPage(browser);
    await apiLogin(admin.page, "event-admin@example.com");
    const create = async (fields: Record<string, string>) => {
      const res = await admin.page.request.post("/api/events/new", {
        headers: { "X-CSRF-TOKEN": await csrf(admin.page) },
        multipart: {
          date: "specify",
          start_date: dayFromNow(3),
          end_date: dayFromNow(3, 23),
          use_logo: "none",
          public: "1",
          registrations_open: "1",
          show_on_profiles: "1",
          ...fields,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).id as number;
    };
    squadT = await create({
      tournament_title: SQUAD_TITLE,
      game_mode: "mk8dx_150",
      registration_format: "2",
      minimum_players: "2",
      maximum_players: "4",
      squad_name_required: "1",
      squad_tag_required: "1",
    });
    teamT = await create({ tournament_title: TEAM_TITLE, game_mode: "mkworld_150", registration_format: "0", minimum_players: "2" });
    await admin.context.close();

    [invited] = query<{ email: string; name: string; id: number }>(
      `select u.email as email, p.display_name as name, p.id as id from users u join players p on p.user_id = u.id
       where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
         and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
         and length(p.display_name) >= 5
       order by u.id desc limit 1`,
    ) as [typeof invited];
    expect(invited).toBeTruthy();
    const cap = await newPage(browser);
    await apiLogin(cap.page, "player@example.com");
    await post(cap.page, `/api/events/${squadT}/register`, { squad_name: "Funnel Five", squad_tag: "FF", squad_color: 3 });
    const status = (await (await cap.page.request.get(`/api/events/${squadT}/register`)).json()) as {
      registration_details: { squad_id: number };
    };
    await post(cap.page, `/api/events/${squadT}/squads/${status.registration_details.squad_id}/invite`, { player_id: invited.id });
    await cap.context.close();
  });

  it("a player without a profile: Register Now → Create your profile → back on the register page with the form", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    await page.getByLabel("Email").fill(fresh.email);
    await page.getByLabel("Password").fill(fresh.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Check your email for a verification link.").waitFor();
    const [mail] = query<{ body_text: string }>("select body_text from outbox where to_address = ? order by id desc limit 1", fresh.email);
    const link = new URL(/https?:\/\/\S+\/verify_email\?token=[\w-]+/.exec(mail!.body_text)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByText("Your email has been verified. You can now log in.").waitFor();
    await login(page, fresh.email, fresh.password);

    // The tournament page itself already offers the way forward.
    await page.goto(`/tournaments/${squadT}`);
    await page.getByText(NO_PROFILE).waitFor();
    expect(await page.getByRole("link", { name: "Create your profile" }).getAttribute("href")).toBe(
      `/registry/edit_profile?next=${encodeURIComponent(`/tournaments/${squadT}`)}`,
    );
    // From the listing's Register Now, to the register page, to the profile form.
    await page.goto(`/tournaments?search=${encodeURIComponent(SQUAD_TITLE)}`);
    const card = page.getByRole("article").filter({ hasText: SQUAD_TITLE });
    await card.getByRole("link", { name: "Register Now" }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${squadT}/register`);
    await page.getByText(NO_PROFILE).waitFor();
    await page.screenshot({ path: join(SHOTS, "no-profile-register-1280.png"), fullPage: true });
    await page.getByRole("link", { name: "Create your profile" }).click();
    await page.waitForURL(
      (u) => u.pathname === "/registry/edit_profile" && u.searchParams.get("next") === `/tournaments/${squadT}/register`,
    );
    await page.getByRole("textbox", { name: "Display Name" }).fill(fresh.name);
    await page.getByRole("combobox", { name: "Country" }).selectOption("FR");
    await page.getByRole("textbox", { name: "Discord Tag" }).fill(`${fresh.name.toLowerCase()}#1234`);
    await page.getByRole("button", { name: "Create Profile" }).click();
    // Back where the player came from, and the form is there now.
    await page.waitForURL((u) => u.pathname === `/tournaments/${squadT}/register`);
    await page.getByRole("button", { name: "Register Squad" }).waitFor();
    expect(await page.getByText(NO_PROFILE).count()).toBe(0);
    await context.close();
  });

  it("an anonymous visitor's Log in link carries next= and comes back to the register page", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/tournaments/${squadT}/register`);
    const logIn = page.getByRole("main").getByRole("link", { name: "Log in", exact: true });
    await logIn.waitFor();
    expect(await logIn.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/tournaments/${squadT}/register`)}`);
    await logIn.click();
    await page.getByLabel("Email").fill(invited.email);
    await page.getByLabel("Password").fill("password");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${squadT}/register`);
    await context.close();
  });

  it("an invited player sees the invitation on the tournament page and one form at a time on the register page", async () => {
    const { context, page } = await newPage(browser);
    await login(page, invited.email);
    await page.goto(`/tournaments/${squadT}`);
    const box = page.getByRole("group", { name: "Invitation to [FF] Funnel Five" });
    await box.waitFor();
    await box.getByText("invited you to their squad").waitFor();
    await box.getByRole("button", { name: "Decline" }).waitFor();
    await page.screenshot({ path: join(SHOTS, "invited-tournament-1280.png"), fullPage: true });
    await box.getByRole("link", { name: "Accept" }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${squadT}/register`);

    const choice = page.getByRole("group", { name: "How do you want to enter?" });
    await choice.waitFor();
    expect(await choice.getByRole("radio", { name: /Join \[FF\] Funnel Five/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Join Squad" }).waitFor();
    expect(await page.locator("main form").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Register Squad" }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "invited-register-1280.png"), fullPage: true });

    await choice.getByRole("radio", { name: /Create my own squad/ }).check();
    await page.getByRole("button", { name: "Register Squad" }).waitFor();
    expect(await page.getByRole("button", { name: "Join Squad" }).count()).toBe(0);
    expect(await page.locator("main form").count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, "invited-register-create-1280.png"), fullPage: true });

    await page.setViewportSize({ width: 375, height: 900 });
    await choice.getByRole("radio", { name: /Join \[FF\] Funnel Five/ }).check();
    await page.getByRole("button", { name: "Join Squad" }).waitFor();
    await noOverflow(page);
    await page.screenshot({ path: join(SHOTS, "invited-register-375.png"), fullPage: true });
    await page.screenshot({ path: shot("funnel-invited-register-375"), fullPage: true });

    // Joining shows the status, not a red 'already registered'.
    await page.getByRole("button", { name: "Join Squad" }).click();
    await page
      .getByText("REGISTERED", { exact: true })
      .or(page.getByText("PENDING APPROVAL", { exact: true }))
      .waitFor();
    await page.getByRole("link", { name: "[FF] Funnel Five" }).waitFor();
    expect(await page.getByText("You are already registered for this tournament.").count()).toBe(0);
    expect(await page.locator(".form-error, .reg-blocking").count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "invited-joined-375.png"), fullPage: true });
    await context.close();
  });

  it("a card says Registered ✓ and My Tournaments (account menu) lists the tournament", async () => {
    const { context, page } = await newPage(browser);
    await login(page, invited.email);
    await page.goto(`/tournaments?search=${encodeURIComponent(SQUAD_TITLE)}`);
    const card = page.getByRole("article").filter({ hasText: SQUAD_TITLE });
    await card.getByText("Registered ✓").waitFor();
    expect(await card.getByRole("link", { name: "Register Now" }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "card-registered-1280.png") });
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("link", { name: "My Tournaments" }).click();
    await page.waitForURL((u) => u.pathname === "/tournaments/mine");
    const current = page.getByRole("region", { name: "Ongoing and upcoming" });
    const row = current.getByRole("listitem").filter({ hasText: SQUAD_TITLE });
    await row.waitFor();
    await row.getByRole("link", { name: "[FF] Funnel Five" }).waitFor();
    await page.screenshot({ path: join(SHOTS, "my-tournaments-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await noOverflow(page);
    await page.screenshot({ path: join(SHOTS, "my-tournaments-375.png"), fullPage: true });
    await context.close();
  });

  it("leader@ registers the team, withdraws it and registers it again; the status shows each time", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "leader@example.com");
    const register = async () => {
      await page.getByRole("button", { name: "Register", exact: true }).waitFor();
      const rep1 = page.getByLabel("Representative 1");
      if ((await rep1.count()) > 0 && (await rep1.getAttribute("required")) !== null) {
        const value = await rep1.locator("option").nth(1).getAttribute("value");
        await rep1.selectOption(value!);
      }
      const rep2 = page.getByLabel("Representative 2", { exact: true });
      if ((await rep2.count()) > 0) {
        const value = await rep2.locator("option").nth(1).getAttribute("value");
        await rep2.selectOption(value!);
      }
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const row = page.locator(".team-withdraw tbody tr").first();
      await row.waitFor();
      await row.getByText(/^(REGISTERED|PENDING APPROVAL)$/).waitFor();
      expect(await page.getByText(/already registered, or have been rejected/).count()).toBe(0);
    };
    await page.goto(`/tournaments/${teamT}`);
    await page.getByRole("link", { name: "Register Now!" }).click();
    await register();
    await page.screenshot({ path: join(SHOTS, "team-registered-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Withdraw team" }).click();
    // The withdrawn team is offered again, marked, while registrations are open.
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.screenshot({ path: join(SHOTS, "team-after-withdraw-1280.png"), fullPage: true });
    const team = page.getByRole("combobox", { name: "Team", exact: true });
    await team.waitFor();
    expect(await team.locator("option", { hasText: "(withdrawn)" }).count()).toBeGreaterThan(0);
    await team.selectOption({ label: (await team.locator("option", { hasText: "(withdrawn)" }).first().innerText()).trim() });
    await page.screenshot({ path: join(SHOTS, "team-withdrawn-1280.png"), fullPage: true });
    await register();
    await page.goto(`/tournaments/${teamT}`);
    await page.getByText(/^(REGISTERED|PENDING APPROVAL)$/).waitFor();
    await context.close();
  });
});
