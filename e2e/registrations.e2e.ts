import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, newPage, shot } from "./browser.js";

/**
 * Issue 7 in Chromium: solo and squad registration on two tournaments this journey creates
 * (unique titles, so the demo tournaments other journeys count are untouched). Squad: register,
 * invite, accept, cancel an invitation, check-in open/close with the withdrawal of a squad below
 * the minimum, the administrator's lists, sorts, moves, check-in, manual shadow squad, FFA sheet
 * and the logs. Solo: register, check in, admin move. Blocking messages by account state.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const SQUAD_TITLE = `E2E Reg Squads ${stamp}`;
const SOLO_TITLE = `E2E Reg Solo ${stamp}`;

type Account = { email: string; name: string };

/** Read-only look at the running server's SQLite file. */
function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Ordinary active demo accounts with a listed, unbanned player and a plain ASCII name (no staff roles). */
function activePlayers(n: number): Account[] {
  return query<Account>(
    `select u.email as email, p.display_name as name from users u join players p on p.user_id = u.id
     where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
       and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
       and length(p.display_name) >= 5
     order by u.id desc limit ?`,
    n,
  );
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

/**
 * Signs the page's context in through the API the login form posts (the form itself is covered
 * by the accounts journey): this journey switches between a dozen accounts.
 */
async function login(page: Page, email: string, password = "password"): Promise<void> {
  const res = await page.request.post("/api/auth/login", { headers: { "X-CSRF-TOKEN": await csrf(page) }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Creates a tournament through POST /api/events/new (multipart, what the web form sends). */
async function createTournament(page: Page, fields: Record<string, string>): Promise<number> {
  const res = await page.request.post("/api/events/new", {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    multipart: {
      date: "specify",
      start_date: "2030-03-10T18:00",
      end_date: "2030-03-10T22:00",
      use_logo: "none",
      game_mode: "mk8dx_150",
      public: "1",
      registrations_open: "1",
      show_on_profiles: "1",
      checkin_required: "1",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as number;
}

async function controls(page: Page, id: number, body: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/api/events/${id}/controls`, {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function noOverflow(page: Page, path: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
}

describe("solo and squad registration", () => {
  let squadId = 0;
  let soloId = 0;
  let captainSquad = 0;
  const [a, b, c, d, e] = [0, 1, 2, 3, 4];
  let people: Account[] = [];

  it("event administrator creates a squad and a solo tournament with check-ins", async () => {
    people = activePlayers(5);
    expect(people).toHaveLength(5);
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    squadId = await createTournament(page, {
      tournament_title: SQUAD_TITLE,
      registration_format: "2",
      minimum_players: "3",
      maximum_players: "4",
      squad_tag_required: "1",
      squad_name_required: "1",
      checkin_minimum: "2",
    });
    soloId = await createTournament(page, { tournament_title: SOLO_TITLE, registration_format: "1" });
    await context.close();
  });

  it("player@example.com registers a squad, invites two players who accept; one invitation is cancelled", async () => {
    const cap = await newPage(browser);
    await login(cap.page, "player@example.com");
    await cap.page.goto(`/tournaments/${squadId}/register`);
    await cap.page.getByLabel("Squad Name").fill("Rainbow Racers");
    await cap.page.getByLabel("Squad Tag").fill("RR");
    await cap.page.screenshot({ path: shot("register-1280"), fullPage: true });
    await cap.page.getByRole("button", { name: "Register Squad" }).click();
    const squadLink = cap.page.getByRole("link", { name: /Rainbow Racers/ });
    await squadLink.waitFor();
    await cap.page.getByText("Your squad needs 2 more member(s) to be eligible.").waitFor();
    captainSquad = Number(/squads\/(\d+)/.exec((await squadLink.getAttribute("href")) ?? "")?.[1]);
    expect(captainSquad).toBeGreaterThan(0);

    // Invite three, then cancel one after the confirmation.
    await cap.page.goto(`/tournaments/${squadId}/squads/${captainSquad}`);
    for (const i of [a, b, c]) {
      await cap.page.getByLabel("Invite a player").fill(people[i]!.name);
      const row = cap.page.locator(".invite-panel li", { hasText: people[i]!.name });
      await row.getByRole("button", { name: "Invite" }).click();
      await cap.page.locator(".invited-list li", { hasText: people[i]!.name }).waitFor();
    }
    // Members (1) plus invited (3) reach the maximum of 4.
    await cap.page.getByText("You have invited the maximum number of players to this squad.").waitFor();
    // The site's confirmation dialog (was the browser's confirm()).
    await cap.page.locator(".invited-list li", { hasText: people[c]!.name }).getByRole("button", { name: "Cancel" }).click();
    await cap.page
      .getByRole("dialog", { name: `Cancel ${people[c]!.name}'s invitation?` })
      .getByRole("button", { name: "Cancel invitation" })
      .click();
    await cap.page.locator(".invited-list li", { hasText: people[c]!.name }).waitFor({ state: "detached" });

    // The two invitees accept on the register page.
    for (const i of [a, b]) {
      const inv = await newPage(browser);
      await login(inv.page, people[i]!.email);
      await inv.page.goto(`/tournaments/${squadId}/register`);
      // One form at a time (#17 §3): joining the squad that invited them is the preselected choice.
      await inv.page.getByText(/invited you to their squad|You have been invited to join/).waitFor();
      expect(await inv.page.getByRole("radio", { name: /^Join .*Rainbow Racers/ }).isChecked()).toBe(true);
      await inv.page.getByRole("button", { name: "Join Squad" }).click();
      await inv.page.getByRole("link", { name: /Rainbow Racers/ }).waitFor();
      await inv.context.close();
    }

    // Eligible: three members, no members hint.
    await cap.page.reload();
    for (const i of [a, b]) await cap.page.getByRole("link", { name: people[i]!.name }).waitFor();
    expect(await cap.page.getByText(/more member\(s\) to be eligible/).count()).toBe(0);
    await cap.page.screenshot({ path: shot("squad-page-1280"), fullPage: true });
    await cap.page.goto(`/tournaments/${squadId}/registrations`);
    const row = cap.page.locator(".registrations-table tbody tr", { hasText: "Rainbow Racers" });
    await row.waitFor();
    expect(await row.locator("td").nth(2).innerText()).toBe("Yes");
    await cap.context.close();
  });

  it("a second squad registers; check-in opens, two check in, and the squad below the minimum is withdrawn at close", async () => {
    const other = await newPage(browser);
    await login(other.page, people[d]!.email);
    await other.page.goto(`/tournaments/${squadId}/register`);
    await other.page.getByLabel("Squad Name").fill("Lonely Karts");
    await other.page.getByLabel("Squad Tag").fill("LK");
    await other.page.getByRole("button", { name: "Register Squad" }).click();
    await other.page.getByRole("link", { name: /Lonely Karts/ }).waitFor();

    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    await admin.page.goto(`/tournaments/${squadId}/controls`);
    await admin.page.getByRole("group", { name: "Check-in status" }).getByRole("button", { name: "Open", exact: true }).click();
    await admin.page
      .getByRole("group", { name: "Check-in status" })
      .getByRole("button", { name: "Open", exact: true, pressed: true })
      .waitFor();

    // The captain and the first member check in themselves.
    for (const email of ["player@example.com", people[a]!.email]) {
      const p = await newPage(browser);
      await login(p.page, email);
      await p.page.goto(`/tournaments/${squadId}`);
      await p.page.getByRole("button", { name: "Check In Now" }).click();
      await p.page.getByText("CHECKED IN").waitFor();
      await p.page.getByRole("button", { name: "Check Out" }).waitFor();
      if (email === "player@example.com") await p.page.screenshot({ path: shot("tournament-status-1280"), fullPage: true });
      await p.context.close();
    }

    // The administrator checks the third member in from the player view.
    await admin.page.goto(`/tournaments/${squadId}/registrations`);
    await admin.page.getByRole("button", { name: "View By Player" }).click();
    const third = admin.page.locator(".registrations-table tbody tr", { hasText: people[b]!.name });
    await third.getByRole("button", { name: "Check In" }).click();
    await third.getByRole("button", { name: "Check Out" }).waitFor();

    await admin.page.goto(`/tournaments/${squadId}/controls`);
    await admin.page.getByRole("group", { name: "Check-in status" }).getByRole("button", { name: "Closed", exact: true }).click();
    await admin.page
      .getByRole("group", { name: "Check-in status" })
      .getByRole("button", { name: "Closed", exact: true, pressed: true })
      .waitFor();

    await other.page.goto(`/tournaments/${squadId}`);
    await other.page
      .getByText(
        "Sorry, you have been withdrawn from this tournament as your squad did not meet the minimum required check-ins during the check-in window.",
      )
      .waitFor();
    await other.context.close();

    await admin.page.goto(`/tournaments/${squadId}/registrations`);
    await admin.page.locator(".registrations-table tbody tr", { hasText: "Rainbow Racers" }).waitFor();
    expect(await admin.page.locator(".registrations-table tbody tr", { hasText: "Lonely Karts" }).count()).toBe(0);
    await admin.page.getByLabel("Status").selectOption("withdrawn");
    await admin.page.locator(".registrations-table tbody tr", { hasText: "Lonely Karts" }).waitFor();
    await admin.context.close();
  });

  it("administrator views by squad and by player, sorts, registers a shadow squad, moves it, edits, downloads the FFA sheet", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${squadId}/registrations`);
    const table = page.locator(".registrations-table");
    await table.locator("tbody tr").first().waitFor();

    // Manual New Shadow Squad.
    await page.getByRole("radio", { name: "Register New Shadow Squad" }).check();
    const manual = page.getByRole("region", { name: "Manually Register Squad" });
    await manual.getByLabel("Squad Name").fill("Shadow Drift");
    await manual.getByLabel("Squad Tag").fill("SD");
    await manual.getByRole("button", { name: "Register Squad" }).click();
    await table.locator("tbody tr", { hasText: "Shadow Drift" }).waitFor();
    expect(await manual.getByLabel("Squad Name").inputValue()).toBe("");

    // Sorting by squad-view columns.
    for (const label of ["Squad", "Players", "Eligible", "Checked In", "Registered On"]) {
      await table.locator("th button", { hasText: label }).first().click();
      await table.locator(`th[aria-sort="ascending"]`, { hasText: label }).waitFor();
      await table.locator("th button", { hasText: label }).first().click();
      await table.locator(`th[aria-sort="descending"]`, { hasText: label }).waitFor();
    }
    const names = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(names.length).toBe(2);
    await page.screenshot({ path: shot("registrations-squads-1280"), fullPage: true });

    // By player, sorted by player name.
    await page.getByRole("button", { name: "View By Player" }).click();
    await table.locator("tbody tr", { hasText: people[a]!.name }).waitFor();
    await table.locator("th button", { hasText: "Player" }).click();
    await table.locator(`th[aria-sort="ascending"]`, { hasText: "Player" }).waitFor();
    const players = (await table.locator("tbody tr td:nth-child(4)").allInnerTexts()).map((s) => s.trim());
    expect(players).toEqual([...players].sort((x, y) => x.localeCompare(y, undefined, { sensitivity: "base" })));
    await page.screenshot({ path: shot("registrations-players-1280"), fullPage: true });

    // Move the shadow squad to Withdrawn.
    await page.getByRole("button", { name: "View By Squad" }).click();
    const shadowRow = table.locator("tbody tr", { hasText: "Shadow Drift" });
    await shadowRow.getByRole("button", { name: "Move" }).click();
    await shadowRow.getByRole("dialog", { name: "Move squad to:" }).getByRole("button", { name: "Withdrawn" }).click();
    await page
      .getByRole("dialog", { name: /^Move .* to Withdrawn\?$/ })
      .getByRole("button", { name: "Move to Withdrawn" })
      .click();
    await shadowRow.waitFor({ state: "detached" });

    // Edit the squad registration.
    await table.locator("tbody tr", { hasText: "Rainbow Racers" }).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(`**/tournaments/${squadId}/registrations/squads/${captainSquad}/edit`);
    const tag = page.getByLabel("Squad Tag");
    await expect.poll(() => tag.inputValue()).toBe("RR");
    await tag.fill("RRX");
    await page.getByRole("button", { name: "Update Registration" }).click();
    await page.waitForURL(`**/tournaments/${squadId}/registrations`);
    await table.locator("tbody tr", { hasText: "RRX" }).waitFor();

    // FFA sheet: a TSV of the registered, checked-in squads' players.
    const res = await page.request.get(`/tournaments/${squadId}/mogi_sheet.tsv`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/tab-separated-values");
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]!.split("\t")).toEqual(["Squad Tag", "Squad Name", "Player", "In-Game Name", "Friend Code", "Can Host", "Checked In"]);
    expect(lines.length).toBe(4);
    expect(lines.slice(1).every((l) => l.startsWith("RRX\tRainbow Racers\t"))).toBe(true);
    await context.close();
  });

  it("solo tournament: register, check in, and the administrator moves the player to Withdrawn", async () => {
    const solo = await newPage(browser);
    await login(solo.page, people[e]!.email);
    await solo.page.goto(`/tournaments/${soloId}/register`);
    await solo.page.getByRole("button", { name: "Register", exact: true }).click();
    await solo.page.getByText("REGISTERED", { exact: true }).waitFor();
    await solo.page.getByText("Remember to check in").waitFor();

    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    await controls(admin.page, soloId, { checkin_status: 1 });

    await solo.page.goto(`/tournaments/${soloId}`);
    await solo.page.getByRole("button", { name: "Check In Now" }).click();
    await solo.page.getByText("CHECKED IN").waitFor();

    await admin.page.goto(`/tournaments/${soloId}/registrations`);
    const row = admin.page.locator(".registrations-table tbody tr", { hasText: people[e]!.name });
    await row.waitFor();
    expect(await row.innerText()).toContain("Yes");
    await row.getByRole("button", { name: "Move" }).click();
    await row.getByRole("dialog", { name: "Move player to:" }).getByRole("button", { name: "Withdrawn" }).click();
    await admin.page
      .getByRole("dialog", { name: /^Move .* to Withdrawn\?$/ })
      .getByRole("button", { name: "Move to Withdrawn" })
      .click();
    await row.waitFor({ state: "detached" });
    await admin.page.getByLabel("Status").selectOption("withdrawn");
    await admin.page.locator(".registrations-table tbody tr", { hasText: people[e]!.name }).waitFor();

    // Manual registration: an existing player through the picker, then a new shadow player.
    await admin.page.getByLabel("Status").selectOption("registered");
    const manual = admin.page.getByRole("region", { name: "Manually Register Player" });
    await manual.getByRole("combobox", { name: "Search Players" }).fill(people[c]!.name);
    await manual
      .getByRole("option", { name: new RegExp(people[c]!.name) })
      .first()
      .click();
    await manual.getByRole("button", { name: "Register Player" }).click();
    await admin.page.locator(".registrations-table tbody tr", { hasText: people[c]!.name }).waitFor();
    await manual.getByRole("combobox", { name: "Search Players" }).waitFor();
    const shadowName = `Shadow ${stamp}`;
    await manual.getByRole("radio", { name: "Register with New Shadow Player" }).check();
    await manual.getByLabel("Registry Name").fill(shadowName);
    await manual.getByLabel("Country").selectOption("JP");
    await manual.getByRole("button", { name: "Register Player" }).click();
    await admin.page.locator(".registrations-table tbody tr", { hasText: shadowName }).waitFor();
    expect(await manual.getByLabel("Registry Name").inputValue()).toBe("");

    await admin.page.goto(`/tournaments/${soloId}/logs`);
    await admin.page.locator(".logs-table tbody tr").first().waitFor();
    const logs = (await admin.page.locator(".logs-table tbody tr").allInnerTexts()).join("\n");
    expect(logs).toContain(`Moved ${people[e]!.name}`);
    expect(logs).toMatch(new RegExp(`${people[e]!.name}.*(check|Check)`));
    await admin.context.close();
    await solo.context.close();
  });

  it("shows the blocking message for each account state", async () => {
    // A fresh verified account without a profile (new@example.com may have been given one by another journey).
    const none = await newPage(browser);
    const email = `noprofile${stamp}@example.com`;
    await none.page.goto("/signup");
    await none.page.getByLabel("Email").fill(email);
    await none.page.getByLabel("Password").fill("correct-horse-battery");
    await none.page.getByRole("button", { name: "Sign Up" }).click();
    await none.page.getByText("Check your email for a verification link.").waitFor();
    const [mail] = query<{ body_text: string }>("select body_text from outbox where to_address = ? order by id desc limit 1", email);
    const link = new URL(/https?:\/\/\S+\/verify_email\?token=[\w-]+/.exec(mail!.body_text)![0]);
    await none.page.goto(link.pathname + link.search);
    await none.page.getByText("Your email has been verified. You can now log in.").waitFor();
    await login(none.page, email, "correct-horse-battery");
    await none.page.goto(`/tournaments/${squadId}/register`);
    await none.page.getByText("To register, you must first create a registry profile.").waitFor();
    await none.context.close();

    const [pending] = query<{ email: string }>(
      `select u.email as email from users u join players p on p.user_id = u.id
       where u.state = 'pending_email' and p.is_banned = 0 order by u.id limit 1`,
    );
    expect(pending).toBeTruthy();
    const pp = await newPage(browser);
    await login(pp.page, pending!.email);
    await pp.page.goto(`/tournaments/${soloId}/register`);
    await pp.page.getByText("You must verify your email on the MKCentral forums before registering.").waitFor();
    await pp.context.close();

    const [inactive] = query<{ email: string }>(
      `select u.email as email from users u join players p on p.user_id = u.id
       where u.state = 'inactive' and p.is_banned = 0 order by u.id limit 1`,
    );
    if (inactive) {
      const ip = await newPage(browser);
      await login(ip.page, inactive.email);
      await ip.page.goto(`/tournaments/${soloId}/register`);
      await ip.page
        .getByText("Your account is currently either unverified or inactive, and must be activated by a staff member before registering.")
        .waitFor();
      await ip.context.close();
    }
  });

  it("writes every squad action to the tournament log", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${squadId}/logs`);
    await page.locator(".logs-table tbody tr").first().waitFor();
    const logs = (await page.locator(".logs-table tbody tr").allInnerTexts()).join("\n");
    for (const text of [
      `Invited ${people[a]!.name}`,
      `Invited ${people[b]!.name}`,
      `Cancelled the invitation of ${people[c]!.name}`,
      `${people[a]!.name} joined squad Rainbow Racers`,
      `${people[b]!.name} joined squad Rainbow Racers`,
      "Withdrew squad Lonely Karts",
      "Moved squad Shadow Drift",
      "Changed check-in status",
    ]) {
      expect(logs, text).toContain(text);
    }
    await page.screenshot({ path: shot("registration-logs-1280"), fullPage: true });
    await context.close();
  });

  it("has no horizontal overflow on the registration screens at 375 px", async () => {
    const { context, page } = await newPage(browser, 375);
    await login(page, "event-admin@example.com");
    for (const [name, path] of [
      ["tournament-status", `/tournaments/${squadId}`],
      ["register", `/tournaments/${squadId}/register`],
      ["squad-page", `/tournaments/${squadId}/squads/${captainSquad}`],
      ["registrations-solo", `/tournaments/${soloId}/registrations`],
    ] as const) {
      await page.goto(path);
      await page.locator("main h1, main .access-note").first().waitFor();
      await page.locator(".loading").first().waitFor({ state: "detached" });
      await noOverflow(page, path);
      await page.screenshot({ path: shot(`${name}-375`), fullPage: true });
    }
    await page.goto(`/tournaments/${squadId}/registrations`);
    await page.locator(".registrations-table tbody tr").first().waitFor();
    await page.screenshot({ path: shot("registrations-squads-375"), fullPage: true });
    await page.getByRole("button", { name: "View By Player" }).click();
    await noOverflow(page, "registrations by player");
    await page.screenshot({ path: shot("registrations-players-375"), fullPage: true });
    await context.close();
  });
});
