import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, newPage, shot } from "./browser.js";

/**
 * Issue 7, the administrator's and the squad's side in Chromium, on two tournaments this journey
 * creates: every sortable column of the squad and player views (the order must actually change),
 * the squad-player and solo edit pages, the administrator's Register Player panel on the squad
 * page, kick / decline / change captain, the captain's Withdraw, the rejected and banned
 * blocking messages, PENDING APPROVAL and the administrator's Verify,
 * the solo 'withdrawn at check-in close' message, the manual form's recovery after a failed
 * shadow registration, and the manual panel's preview of the 10 latest registrations.
 * Data the journey only needs to exist is made through the API (what the forms send); the
 * actions under test are clicked.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

const stamp = Date.now().toString(36);
const SQUAD_TITLE = `E2E Reg Admin Squads ${stamp}`;
const SOLO_TITLE = `E2E Reg Admin Solo ${stamp}`;
const M = {
  rejected: "You have been removed from this tournament by staff and may not register at this time.",
  banned: "Your account has been banned. You may not register at this time.",
  pending: "Your registration must be approved before you can play.",
  withdrawnCheckin: "Sorry, you have been withdrawn from this tournament as you did not check in during the check-in window.",
  confirmKick: "Are you sure you want to kick this player from your squad?",
};

type Account = { email: string; name: string; id: number };

/** The id of a squad of this journey's squad tournament, by name. */
function squadIdByName(name: string): number {
  return query<{ id: number }>("select id from squads where squad_name = ? order by id desc limit 1", name)[0]!.id;
}

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Ordinary active demo accounts (no roles, plain names), skipping the ones registrations.e2e.ts takes first. */
function activePlayers(n: number): Account[] {
  return query<Account>(
    `select u.email as email, p.display_name as name, p.id as id from users u join players p on p.user_id = u.id
     where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
       and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
       and length(p.display_name) >= 5
     order by u.id desc limit ? offset 40`,
    n,
  );
}

const csrfOf = async (page: Page) => (await (await page.request.get("/api/session")).json()).csrfToken as string;

/**
 * A signed-in browser context whose `page.request` calls carry the session and CSRF token. It
 * signs in through the API the login form posts (the login page itself is covered elsewhere),
 * which keeps this journey's dozen accounts quick.
 */
async function signedIn(email: string): Promise<{ page: Page; csrf: string }> {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  const res = await page.request.post("/api/auth/login", {
    headers: { "X-CSRF-TOKEN": await csrfOf(page) },
    data: { email, password: "password" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, csrf: await csrfOf(page) };
}

async function api(u: { page: Page; csrf: string }, path: string, data: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const res = await u.page.request.post(path, { headers: { "X-CSRF-TOKEN": u.csrf }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function createTournament(u: { page: Page; csrf: string }, fields: Record<string, string>): Promise<number> {
  const res = await u.page.request.post("/api/events/new", {
    headers: { "X-CSRF-TOKEN": u.csrf },
    multipart: {
      date: "specify",
      start_date: "2030-04-10T18:00",
      end_date: "2030-04-10T22:00",
      use_logo: "none",
      game_mode: "mk8dx_150",
      public: "1",
      registrations_open: "1",
      show_on_profiles: "1",
      checkin_required: "1",
      host_required: "1",
      ign_required: "1",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as number;
}

/** The texts of one column of the registrations table, found by its header's label. */
async function column(table: Locator, label: string): Promise<string[]> {
  const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.replace(/[▲▼]/g, "").trim());
  const i = headers.indexOf(label);
  expect(i, `column ${label} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  return (await table.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts()).map((s) => s.trim());
}

/** Clicks a sortable header until it sorts `dir`, then waits for the rows of that order. */
async function sortBy(table: Locator, label: string, dir: "ascending" | "descending"): Promise<void> {
  const th = table.locator("thead th", { has: table.page().getByRole("button", { name: new RegExp(`^${label}( [▲▼])?$`) }) });
  for (let i = 0; i < 2 && (await th.getAttribute("aria-sort")) !== dir; i++) await th.getByRole("button").click();
  await table.locator(`thead th[aria-sort="${dir}"]`, { hasText: label }).waitFor();
}

describe("registrations: administration, squad management and the remaining messages", () => {
  let squadT = 0;
  let soloT = 0;
  let admin: { page: Page; csrf: string };
  let people: Account[] = [];
  const squads: Record<string, number> = {};
  // P0..P5 play the squad tournament; P6, P7 the solo one; P8.. are manual registrations.
  const P = (i: number) => people[i]!;

  it("sets up a squad tournament with three squads and check-ins, and a solo tournament needing verification", async () => {
    people = activePlayers(20);
    expect(people).toHaveLength(20);
    admin = await signedIn("event-admin@example.com");
    squadT = await createTournament(admin, {
      tournament_title: SQUAD_TITLE,
      registration_format: "2",
      minimum_players: "2",
      maximum_players: "3",
      squad_tag_required: "1",
      squad_name_required: "1",
      checkin_minimum: "2",
    });
    soloT = await createTournament(admin, { tournament_title: SOLO_TITLE, registration_format: "1", verification_required: "1" });

    const users: Array<{ page: Page; csrf: string }> = [];
    for (let i = 0; i <= 5; i++) users[i] = await signedIn(P(i).email);
    const reg = (i: number, name: string, tag: string, host: boolean, mii: string) =>
      api(users[i]!, `/api/events/${squadT}/register`, { squad_name: name, squad_tag: tag, squad_color: 2, can_host: host, mii_name: mii });
    await reg(0, "Alpha Aces", "AA", true, "Zed");
    await reg(2, "Beta Blasters", "BB", false, "Amy");
    await reg(3, "Charlie Cars", "CC", true, "Mia");
    for (const [who, name] of [
      [0, "Alpha Aces"],
      [2, "Beta Blasters"],
      [3, "Charlie Cars"],
    ] as const) {
      const s = await (await users[who]!.page.request.get(`/api/events/${squadT}/register`)).json();
      squads[name] = s.registration_details.squad_id as number;
    }
    const join = async (captain: number, squad: string, i: number, host: boolean, mii: string) => {
      await api(users[captain]!, `/api/events/${squadT}/squads/${squads[squad]}/invite`, { player_id: P(i).id });
      await api(users[i]!, `/api/events/${squadT}/squads/${squads[squad]}/accept_invite`, { can_host: host, mii_name: mii });
    };
    await join(0, "Alpha Aces", 1, false, "Bob");
    await join(3, "Charlie Cars", 4, false, "Kay");
    await join(3, "Charlie Cars", 5, true, "Lou");
    await api(admin, `/api/events/${squadT}/controls`, { checkin_status: 1 });
    for (const i of [0, 3, 4]) await api(users[i]!, `/api/events/${squadT}/checkin`);
  });

  it("sorts the squad view by every column, each way", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${squadT}/registrations`);
    const table = page.locator(".registrations-table");
    await table.locator("tbody tr", { hasText: "Charlie Cars" }).waitFor();
    const names = async () => (await column(table, "Squad")).map((s) => s.replace(/^[A-Z]{2}\s+/, ""));
    const [A, B, C] = ["Alpha Aces", "Beta Blasters", "Charlie Cars"];
    // Alpha: 2 players, a host, 1 check-in; Beta: 1, no host, 0; Charlie: 3, a host, 2 (ties fall back to the squad id).
    const expected: Record<string, [string[], string[]]> = {
      Squad: [
        [A, B, C],
        [C, B, A],
      ],
      Players: [
        [B, A, C],
        [C, A, B],
      ],
      Eligible: [
        [B, A, C],
        [C, A, B],
      ],
      "Can Host": [
        [B, A, C],
        [C, A, B],
      ],
      "Checked In": [
        [B, A, C],
        [C, A, B],
      ],
      "Registered On": [
        [A, B, C],
        [C, B, A],
      ],
    };
    for (const [label, [asc, desc]] of Object.entries(expected)) {
      await sortBy(table, label, "ascending");
      await expect.poll(names, { message: `${label} ascending` }).toEqual(asc);
      await sortBy(table, label, "descending");
      await expect.poll(names, { message: `${label} descending` }).toEqual(desc);
    }
    // Last sort: Registered On descending (Charlie, Beta, Alpha); Beta alone is below the minimum of 2.
    expect(await column(table, "Eligible")).toEqual(["Yes", "No", "Yes"]);
    await page.screenshot({ path: shot("admin-squads-sorted-1280"), fullPage: true });
  });

  it("sorts the player view by every column, each way", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${squadT}/registrations`);
    await page.getByRole("button", { name: "View By Player" }).click();
    const table = page.locator(".registrations-table");
    await table.locator("tbody tr", { hasText: "Lou" }).waitFor();
    const igns = () => column(table, "In-Game Name");
    // Registration order Zed, Amy, Mia, Bob, Kay, Lou; ties fall back to the registration id.
    const expected: Record<string, [string[], string[]]> = {
      Squad: [
        ["Zed", "Bob", "Amy", "Mia", "Kay", "Lou"],
        ["Lou", "Kay", "Mia", "Amy", "Bob", "Zed"],
      ],
      "In-Game Name": [
        ["Amy", "Bob", "Kay", "Lou", "Mia", "Zed"],
        ["Zed", "Mia", "Lou", "Kay", "Bob", "Amy"],
      ],
      Eligible: [
        ["Amy", "Zed", "Bob", "Mia", "Kay", "Lou"],
        ["Lou", "Kay", "Mia", "Bob", "Zed", "Amy"],
      ],
      "Can Host": [
        ["Amy", "Bob", "Kay", "Zed", "Mia", "Lou"],
        ["Lou", "Mia", "Zed", "Kay", "Bob", "Amy"],
      ],
      "Checked In": [
        ["Amy", "Bob", "Lou", "Zed", "Mia", "Kay"],
        ["Kay", "Mia", "Zed", "Lou", "Bob", "Amy"],
      ],
      "Registered On": [
        ["Zed", "Amy", "Mia", "Bob", "Kay", "Lou"],
        ["Lou", "Kay", "Bob", "Mia", "Amy", "Zed"],
      ],
    };
    for (const [label, [asc, desc]] of Object.entries(expected)) {
      await sortBy(table, label, "ascending");
      await expect.poll(igns, { message: `${label} ascending` }).toEqual(asc);
      await sortBy(table, label, "descending");
      await expect.poll(igns, { message: `${label} descending` }).toEqual(desc);
    }
    // Player names: the demo's, so checked against their own sorted order.
    const byName = [0, 1, 2, 3, 4, 5].map((i) => P(i).name).sort((x, y) => x.localeCompare(y, "en", { sensitivity: "base" }));
    await sortBy(table, "Player", "ascending");
    await expect.poll(() => column(table, "Player")).toEqual(byName);
    await sortBy(table, "Player", "descending");
    await expect.poll(() => column(table, "Player")).toEqual([...byName].reverse());
    await page.screenshot({ path: shot("admin-players-sorted-1280"), fullPage: true });
  });

  it("edits a squad player's registration and sees the change on the squad page", async () => {
    const { page } = admin;
    const table = page.locator(".registrations-table");
    const row = table.locator("tbody tr", { hasText: "Zed" });
    await row.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(`**/tournaments/${squadT}/registrations/squads/players/${P(0).id}/edit`);
    const ign = page.getByLabel("In-Game Name");
    await expect.poll(() => ign.inputValue()).toBe("Zed");
    await ign.fill("Zoe");
    await page.getByLabel("Can Host").selectOption("0");
    await page.getByRole("button", { name: "Update Registration" }).click();
    await page.waitForURL(`**/tournaments/${squadT}/squads/${squads["Alpha Aces"]}`);
    const member = page.locator(".squad-members tbody tr", { hasText: P(0).name });
    await member.getByText("Zoe").waitFor();
    expect((await member.innerText()).split("\t").map((s) => s.trim())).toContain("No");
  });

  it("administrator registers a player straight into a squad from the squad page", async () => {
    const { page } = admin;
    // Alpha Aces has 2 of 3 players and no invitations; P19 is nobody else's in this journey.
    await page.goto(`/tournaments/${squadT}/squads/${squads["Alpha Aces"]}`);
    const panel = page.getByRole("region", { name: "Register Player" });
    await panel.getByRole("combobox", { name: "Search Players to Register" }).fill(P(19).name);
    await panel
      .getByRole("option")
      .filter({ hasText: new RegExp(`(^|\\s)${P(19).name}$`) })
      .first()
      .click();
    await panel.getByRole("checkbox", { name: "Can Host" }).check();
    await panel.getByLabel("In-Game Name").fill("Nia");
    await panel.getByRole("button", { name: "Register", exact: true }).click();
    await panel.getByRole("status").getByText("Player registered.").waitFor();
    const row = page.locator(".squad-members tbody tr", { hasText: P(19).name });
    await row.getByText("Nia").waitFor();
    expect((await row.innerText()).split("\t").map((s) => s.trim())).toContain("Yes");
    // Now 3 of 3: the form goes, as the invite box does.
    await page.getByText("You have invited the maximum number of players to this squad.").waitFor();
    expect(await panel.getByRole("button", { name: "Register", exact: true }).count()).toBe(0);
  });

  it("administrator changes a captain; the new captain kicks a player after the confirmation", async () => {
    const { page } = admin;
    const charlie = `/tournaments/${squadT}/squads/${squads["Charlie Cars"]}`;
    await page.goto(charlie);
    const kay = page.locator(".squad-members tbody tr", { hasText: P(4).name });
    await kay.getByRole("button", { name: "Make Captain" }).click();
    await kay.getByText("Captain").waitFor();
    await page
      .locator(".squad-members tbody tr", { hasText: P(3).name })
      .getByRole("button", { name: "Make Captain" })
      .waitFor();

    const cap = await signedIn(P(4).email);
    await cap.page.goto(charlie);
    const lou = cap.page.locator(".squad-members tbody tr", { hasText: P(5).name });
    // Only the administrator changes captains.
    expect(await cap.page.getByRole("button", { name: "Make Captain" }).count()).toBe(0);
    // Dismissing the confirmation (the site's dialog, was the browser's confirm()) keeps the player.
    await lou.getByRole("button", { name: "Kick" }).click();
    const ask = cap.page.getByRole("dialog", { name: new RegExp(`^Kick ${P(5).name} from `) });
    await ask.getByText(M.confirmKick).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await cap.page.waitForTimeout(300);
    expect(await lou.count()).toBe(1);
    await lou.getByRole("button", { name: "Kick" }).click();
    await ask.getByRole("button", { name: `Kick ${P(5).name}` }).click();
    await lou.waitFor({ state: "detached" });
    // The kicked player is withdrawn.
    const kicked = await signedIn(P(5).email);
    await kicked.page.goto(`/tournaments/${squadT}/register`);
    await kicked.page.getByRole("button", { name: "Register Squad" }).waitFor();
  });

  it("an invitee declines; the captain withdraws the squad", async () => {
    const beta = `/tournaments/${squadT}/squads/${squads["Beta Blasters"]}`;
    const cap = await signedIn(P(2).email);
    await api(cap, `/api/events/${squadT}/squads/${squads["Beta Blasters"]}/invite`, { player_id: P(6).id });
    const inv = await signedIn(P(6).email);
    // The invitation shows on the tournament page with Accept and Decline (#17 §3).
    await inv.page.goto(`/tournaments/${squadT}`);
    const invitation = inv.page.locator(".reg-invitation", { hasText: "Beta Blasters" });
    await invitation.getByRole("button", { name: "Decline" }).click();
    await inv.page.getByRole("dialog").getByRole("button", { name: "Decline invitation" }).click();
    await invitation.waitFor({ state: "detached" });
    await cap.page.goto(beta);
    await cap.page.getByText("No invitations.").waitFor();

    // The captain's Withdraw withdraws the squad.
    await cap.page.goto(`/tournaments/${squadT}`);
    await cap.page.getByText("REGISTERED", { exact: true }).waitFor();
    await cap.page.getByRole("button", { name: "Withdraw" }).click();
    await cap.page.getByRole("dialog").getByRole("button", { name: "Withdraw squad" }).click();
    await cap.page.getByRole("link", { name: "Register Now!" }).waitFor();
    await cap.page.goto(beta);
    await cap.page.getByText("This squad has withdrawn from this tournament.").waitFor();
    const { page } = admin;
    await page.goto(`/tournaments/${squadT}/registrations`);
    const table = page.locator(".registrations-table");
    await table.locator("tbody tr", { hasText: "Alpha Aces" }).waitFor();
    expect(await table.locator("tbody tr", { hasText: "Beta Blasters" }).count()).toBe(0);
    await page.getByLabel("Status").selectOption("withdrawn");
    await table.locator("tbody tr", { hasText: "Beta Blasters" }).waitFor();

    await page.goto(`/tournaments/${squadT}/logs`);
    await page.locator(".logs-table tbody tr").first().waitFor();
    const logs = (await page.locator(".logs-table tbody tr").allInnerTexts()).join("\n");
    for (const text of [
      "Changed the captain of squad Charlie Cars",
      `Kicked ${P(5).name} from squad Charlie Cars`,
      `${P(6).name} declined the invitation of squad Beta Blasters`,
      `${P(2).name} withdrew their squad`,
      `Edited the registration of ${P(0).name}`,
      `Manually added ${P(19).name} to squad Alpha Aces`,
    ])
      expect(logs, text).toContain(text);
  });

  it("solo: PENDING APPROVAL until the administrator verifies; the solo edit page; rejected and banned messages", async () => {
    const six = await signedIn(P(6).email);
    await six.page.goto(`/tournaments/${soloT}/register`);
    // The register page's tournament info includes the dates (001 §2).
    await six.page.locator(".register-info").getByText(/2030/).first().waitFor();
    await six.page.getByLabel("Can Host").selectOption("1");
    await six.page.getByLabel("In-Game Name").fill("Six");
    await six.page.getByRole("button", { name: "Register", exact: true }).click();
    await six.page.getByText("PENDING APPROVAL").waitFor();
    await six.page.getByText(M.pending).waitFor();
    await six.page.screenshot({ path: shot("solo-pending-approval-1280"), fullPage: true });
    const seven = await signedIn(P(7).email);
    await api(seven, `/api/events/${soloT}/register`, { can_host: false, mii_name: "Seven" });

    const { page } = admin;
    await page.goto(`/tournaments/${soloT}/registrations`);
    const table = page.locator(".registrations-table");
    const sixRow = table.locator("tbody tr", { hasText: P(6).name });
    await sixRow.getByRole("button", { name: "Verify" }).click();
    await sixRow.getByRole("button", { name: "Verify" }).waitFor({ state: "detached" });
    await six.page.reload();
    await six.page.getByText("REGISTERED", { exact: true }).waitFor();
    expect(await six.page.getByText(M.pending).count()).toBe(0);

    // The solo edit page: status, can host, in-game name.
    await table
      .locator("tbody tr", { hasText: P(7).name })
      .getByRole("link", { name: "Edit" })
      .click();
    await page.waitForURL(`**/tournaments/${soloT}/registrations/players/${P(7).id}/edit`);
    const ign = page.getByLabel("In-Game Name");
    await expect.poll(() => ign.inputValue()).toBe("Seven");
    await ign.fill("Seven2");
    await page.getByLabel("Can Host").selectOption("1");
    await page.getByRole("button", { name: "Update Registration" }).click();
    await page.waitForURL(`**/tournaments/${soloT}/registrations`);
    const sevenRow = table.locator("tbody tr", { hasText: P(7).name });
    await sevenRow.getByText("Seven2").waitFor();

    // Rejected: moved by the administrator, the player sees the blocking message.
    await sevenRow.getByRole("button", { name: "Move" }).click();
    await sevenRow.getByRole("dialog", { name: "Move player to:" }).getByRole("button", { name: "Rejected" }).click();
    await sevenRow
      .page()
      .getByRole("dialog", { name: /^Move .* to Rejected\?$/ })
      .getByRole("button", { name: "Move to Rejected" })
      .click();
    await sevenRow.waitFor({ state: "detached" });
    await seven.page.goto(`/tournaments/${soloT}/register`);
    await seven.page.getByText(M.rejected).waitFor();
    expect(await seven.page.getByRole("button", { name: "Register", exact: true }).count()).toBe(0);

    // Banned: a demo account with a ban.
    const [banned] = query<{ email: string }>(
      `select u.email as email from users u join players p on p.user_id = u.id where u.state = 'banned' order by u.id limit 1`,
    );
    expect(banned, "the demo data has a banned account").toBeTruthy();
    const b = await signedIn(banned!.email);
    await b.page.goto(`/tournaments/${soloT}/register`);
    await b.page.getByText(M.banned).waitFor();
  });

  it("solo: a player who did not check in sees the withdrawal message when check-ins close", async () => {
    await api(admin, `/api/events/${soloT}/controls`, { checkin_status: 1 });
    const six = await signedIn(P(6).email);
    await six.page.goto(`/tournaments/${soloT}`);
    await six.page.getByRole("button", { name: "Check In Now" }).waitFor();
    await api(admin, `/api/events/${soloT}/controls`, { checkin_status: 2 });
    await six.page.reload();
    await six.page.getByText(M.withdrawnCheckin).waitFor();
    await six.page.screenshot({ path: shot("solo-withdrawn-at-close-1280"), fullPage: true });
  });

  it("manual registration: the 10 latest rows, and the recovery after a failed shadow squad registration", async () => {
    const { page } = admin;
    // Eleven registrations, the newest last.
    for (let i = 8; i <= 18; i++) await api(admin, `/api/events/${soloT}/register_player`, { player_id: P(i).id, mii_name: `M${i}` });
    await page.goto(`/tournaments/${soloT}/registrations`);
    const manual = page.getByRole("region", { name: "Manually Register Player" });
    const latest = manual.getByLabel("Latest registrations").locator("li");
    await expect.poll(() => latest.count()).toBe(10);
    expect(await latest.first().innerText()).toContain(P(18).name);
    expect((await latest.allInnerTexts()).join("\n")).not.toContain(P(8).name);

    // Squads: a new shadow player with no squad name. The player is made, the squad registration
    // refused; the form switches to the existing player with the new one preselected (001 §4).
    await page.goto(`/tournaments/${squadT}/registrations`);
    const squadManual = page.getByRole("region", { name: "Manually Register Squad" });
    const shadow = `Shadow ${stamp}`;
    await squadManual.getByRole("radio", { name: "Register with New Shadow Player" }).check();
    await squadManual.getByLabel("Registry Name").fill(shadow);
    await squadManual.getByLabel("Country").selectOption("JP");
    await squadManual.getByLabel("Squad Tag").fill("SH");
    await squadManual.getByRole("button", { name: "Register Squad" }).click();
    await squadManual.getByRole("alert").getByText("Squad name is required.").waitFor();
    expect(await squadManual.getByRole("radio", { name: "Register with Existing Player" }).isChecked()).toBe(true);
    await squadManual.getByText(shadow).first().waitFor();
    await page.screenshot({ path: shot("manual-shadow-recovery-1280"), fullPage: true });
    // Completing the form registers the preselected shadow player (no second shadow player is made).
    await squadManual.getByLabel("Squad Name").fill("Shadow Squadron");
    await squadManual.getByRole("button", { name: "Register Squad" }).click();
    await page.locator(".registrations-table tbody tr", { hasText: "Shadow Squadron" }).waitFor();
    await expect.poll(() => squadManual.getByLabel("Latest registrations").locator("li").first().innerText()).toContain("Shadow Squadron");
    expect(await squadManual.getByRole("alert").count()).toBe(0);
    await page.goto(`/tournaments/${squadT}/squads/${squadIdByName("Shadow Squadron")}`);
    await page.locator(".squad-members tbody tr", { hasText: shadow }).getByText("Captain").waitFor();
    expect(query<{ n: number }>("select count(*) as n from players where display_name = ?", shadow)[0]!.n).toBe(1);
  });
});
