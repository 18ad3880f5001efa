import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, newPage, shot } from "./browser.js";

/**
 * Issue #22 §1 in Chromium: a squad tournament capped at two squads fills up, a third squad
 * registers through the form and lands on the waitlist ("You are on the waitlist (position 1)"),
 * the organiser sees it in the registrations page's Waitlist, a registered squad's captain
 * withdraws, and the waiting squad is promoted in the same write: its captain sees the
 * notification and REGISTERED. Screenshots at 1280 and 375 px of the waiting registrant, the
 * organiser's Waitlist and the promoted captain's notification.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Waitlist ${stamp}`;

type Account = { email: string; name: string };

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Ordinary active demo accounts with a listed, unbanned player and a plain name (no staff roles). */
function activePlayers(n: number): Account[] {
  return query<Account>(
    `select u.email as email, p.display_name as name from users u join players p on p.user_id = u.id
     where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
       and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
       and length(p.display_name) >= 5
     order by u.id asc limit ?`,
    n,
  );
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

/** Signs in through the API the login form posts (the form has its own journey). */
async function login(page: Page, email: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    headers: { "X-CSRF-TOKEN": await csrf(page) },
    data: { email, password: "password" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function registerSquad(page: Page, id: number, name: string, tag: string): Promise<void> {
  await page.goto(`/tournaments/${id}/register`);
  await page.getByLabel("Squad Name").fill(name);
  await page.getByLabel("Squad Tag").fill(tag);
  await page.getByRole("button", { name: "Register Squad" }).click();
  await page.getByRole("link", { name: new RegExp(name) }).waitFor();
}

describe("capacity and waitlist", () => {
  let id = 0;
  let people: Account[] = [];

  it("an organiser caps a squad tournament at two squads in the form; two squads fill it", async () => {
    people = activePlayers(3);
    expect(people).toHaveLength(3);
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    const res = await page.request.post("/api/events/new", {
      headers: { "X-CSRF-TOKEN": await csrf(page) },
      multipart: {
        tournament_title: TITLE,
        date: "specify",
        start_date: "2030-04-10T18:00",
        end_date: "2030-04-10T22:00",
        use_logo: "none",
        game_mode: "mk8dx_150",
        registration_format: "2",
        minimum_players: "1",
        maximum_players: "4",
        squad_tag_required: "1",
        squad_name_required: "1",
        public: "1",
        registrations_open: "1",
        show_on_profiles: "1",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    id = (await res.json()).id as number;
    // The cap goes in through the tournament form's own field.
    await page.goto(`/tournaments/${id}/edit`);
    await page.getByLabel("Maximum Squads").fill("2");
    await page.getByRole("button", { name: "Save Tournament" }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${id}`);
    await context.close();

    for (const [i, name, tag] of [
      [0, "Grid Wolves", "GW"],
      [1, "Apex Owls", "AO"],
    ] as const) {
      const p = await newPage(browser);
      await login(p.page, people[i]!.email);
      await registerSquad(p.page, id, name, tag);
      await p.page.getByText("REGISTERED").waitFor();
      await p.context.close();
    }
    const t = await newPage(browser);
    await t.page.goto(`/tournaments/${id}`);
    await t.page.getByText("Registrations (2 / 2)").waitFor();
    await t.context.close();
  });

  it("a third squad registers past the cap and is told its place on the waitlist", async () => {
    for (const width of [1280, 375]) {
      const p = await newPage(browser, width);
      await login(p.page, people[2]!.email);
      if (width === 1280) await registerSquad(p.page, id, "Late Lynx", "LL");
      else await p.page.goto(`/tournaments/${id}/register`);
      await p.page.getByText("WAITLISTED").waitFor();
      await p.page.getByText("You are on the waitlist (position 1).").waitFor();
      await p.page.screenshot({ path: shot(`waitlist-registrant-${width}`), fullPage: true });
      await p.context.close();
    }
  });

  it("the organiser sees the Waitlist in the registrations page", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await login(page, "event-admin@example.com");
      await page.goto(`/tournaments/${id}/registrations`);
      await page.getByLabel("Status").selectOption("waitlisted");
      const row = page.locator(".waitlist-table tbody tr", { hasText: "Late Lynx" });
      await row.waitFor();
      await page.getByText("2 / 2 registered · 1 waiting").waitFor();
      expect(await row.locator("td").first().innerText()).toBe("1");
      await row.getByRole("button", { name: "Promote" }).waitFor();
      await page.screenshot({ path: shot(`waitlist-organiser-${width}`), fullPage: true });
      await context.close();
    }
  });

  it("a registered squad withdraws; the waiting squad is promoted, its captain notified and REGISTERED", async () => {
    const cap = await newPage(browser);
    await login(cap.page, people[0]!.email);
    await cap.page.goto(`/tournaments/${id}/register`);
    await cap.page.getByRole("button", { name: "Withdraw" }).click();
    await cap.page.getByRole("dialog").getByRole("button", { name: "Withdraw squad" }).click();
    await cap.page.getByRole("button", { name: "Register Squad" }).waitFor();
    await cap.context.close();

    for (const width of [1280, 375]) {
      const p = await newPage(browser, width);
      await login(p.page, people[2]!.email);
      await p.page.goto("/notifications");
      await p.page.getByText(/your squad Late Lynx has been promoted from the waitlist and is now registered/).waitFor();
      await p.page.screenshot({ path: shot(`waitlist-promoted-notification-${width}`), fullPage: true });
      await p.page.goto(`/tournaments/${id}/register`);
      await p.page.getByText("REGISTERED", { exact: true }).waitFor();
      expect(await p.page.getByText("WAITLISTED").count()).toBe(0);
      await p.page.screenshot({ path: shot(`waitlist-promoted-${width}`), fullPage: true });
      await p.context.close();
    }
    const rows = query<{ status: string; n: number }>(
      "select status, count(*) as n from squads where tournament_id = ? group by status order by status",
      id,
    );
    expect(rows).toEqual([
      { status: "registered", n: 2 },
      { status: "withdrawn", n: 1 },
    ]);
  });
});

/**
 * Issue #22 §1 for team tournaments: an organiser caps a team tournament at one team in the form
 * ('Maximum Teams'); team A registers, team B's leader registers through the form and is told the
 * waitlist place; the organiser sees B in the Waitlist; A's leader withdraws A on screen and B is
 * promoted in the same write: B's leader sees the notification and REGISTERED.
 */
describe("capacity and waitlist: team tournament", () => {
  type Team = { id: number; team_name: string; email: string; rep_id: number; rep_name: string };
  let id = 0;
  let teams: Team[] = [];

  it("caps a team tournament at one team; the first team registers", async () => {
    // Approved teams of the mode with one active leader (so one representative is asked) and a plain member.
    teams = query<Team>(
      `select t.id as id, t.team_name as team_name, u.email as email, rp.id as rep_id, rp.display_name as rep_name
         from teams t
         join team_memberships m on m.team_id = t.id and m.left_at is null and m.is_leader = 1
         join players p on p.id = m.player_id join users u on u.id = p.user_id
         join team_memberships rm on rm.team_id = t.id and rm.left_at is null and rm.is_leader = 0
         join players rp on rp.id = rm.player_id
        where t.category = 'mk8dx_150' and t.team_status = 'approved' and t.is_historical = 0 and t.is_shadow = 0
          and t.primary_team_id is null and u.state = 'active' and p.is_banned = 0 and rp.is_banned = 0
          and u.email <> 'leader@example.com'
          and (select count(*) from team_memberships x where x.team_id = t.id and x.left_at is null and x.is_leader = 1) = 1
          and (select count(*) from team_memberships x where x.team_id = t.id and x.left_at is null) >= 3
        group by t.id order by t.id desc limit 2`,
    );
    expect(teams).toHaveLength(2);
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    const res = await page.request.post("/api/events/new", {
      headers: { "X-CSRF-TOKEN": await csrf(page) },
      multipart: {
        tournament_title: `E2E Team Waitlist ${stamp}`,
        date: "specify",
        start_date: "2030-05-10T18:00",
        end_date: "2030-05-10T22:00",
        use_logo: "none",
        game_mode: "mk8dx_150",
        registration_format: "0",
        minimum_players: "2",
        public: "1",
        registrations_open: "1",
        show_on_profiles: "1",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    id = (await res.json()).id as number;
    await page.goto(`/tournaments/${id}/edit`);
    await page.getByLabel("Maximum Teams").fill("1");
    await page.getByRole("button", { name: "Save Tournament" }).click();
    await page.waitForURL((u) => u.pathname === `/tournaments/${id}`);
    await context.close();

    const a = teams[0]!;
    const p = await newPage(browser);
    await login(p.page, a.email);
    const reg = await p.page.request.post(`/api/events/${id}/register`, {
      headers: { "X-CSRF-TOKEN": await csrf(p.page) },
      data: { team_id: a.id, rep1: a.rep_id },
    });
    expect(reg.status(), await reg.text()).toBe(200);
    expect((await reg.json()).message).toBe("Your team has been registered.");
    await p.context.close();
  });

  it("the second team registers through the form and waits, with its place", async () => {
    const b = teams[1]!;
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await login(page, b.email);
      await page.goto(`/tournaments/${id}/register`);
      if (width === 1280) {
        await page.getByLabel("Representative 1").selectOption({ label: b.rep_name });
        // The answer's message is what the toast shows (for 5 s: on a busy machine the toast can be
        // gone before it is looked for, so the answer itself is checked, then the lasting status).
        const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/api/events/${id}/`));
        await page.getByRole("button", { name: "Register" }).click();
        expect(((await (await answer).json()) as { message?: string }).message).toBe(
          "The tournament is full: your team is on the waitlist (position 1).",
        );
      }
      await page.locator(".team-withdraw").getByText("WAITLISTED (position 1)").waitFor();
      await page.screenshot({ path: shot(`waitlist-team-registrant-${width}`), fullPage: true });
      await context.close();
    }
    const org = await newPage(browser);
    await login(org.page, "event-admin@example.com");
    await org.page.goto(`/tournaments/${id}/registrations`);
    await org.page.getByLabel("Status").selectOption("waitlisted");
    await org.page.locator(".waitlist-table tbody tr", { hasText: b.team_name }).waitFor();
    await org.page.screenshot({ path: shot("waitlist-team-organiser-1280"), fullPage: true });
    await org.context.close();
  });

  it("the registered team withdraws on screen; the waiting team is promoted and its leader notified", async () => {
    const [a, b] = [teams[0]!, teams[1]!];
    const la = await newPage(browser);
    await login(la.page, a.email);
    await la.page.goto(`/tournaments/${id}/register`);
    await la.page.locator(".team-withdraw").getByRole("button", { name: "Withdraw" }).click();
    await la.page.getByRole("dialog").getByRole("button", { name: "Withdraw team" }).click();
    await la.page.getByText(`${a.team_name} withdrawn from`).waitFor();
    await la.context.close();

    const lb = await newPage(browser);
    await login(lb.page, b.email);
    await lb.page.goto("/notifications");
    await lb.page.getByText(new RegExp(`${b.team_name} has been promoted from the waitlist and is now registered`)).waitFor();
    await lb.page.screenshot({ path: shot("waitlist-team-promoted-notification-1280"), fullPage: true });
    await lb.page.goto(`/tournaments/${id}/register`);
    await lb.page
      .locator(".team-withdraw")
      .getByText(/^(REGISTERED|PENDING APPROVAL)$/)
      .waitFor();
    await lb.context.close();
    expect(
      query<{ team_id: number; status: string }>(
        "select team_id, status from team_registrations where tournament_id = ? order by team_id",
        id,
      ).sort((x, y) => x.team_id - y.team_id),
    ).toEqual(
      [
        { team_id: a.id, status: "withdrawn" },
        { team_id: b.id, status: "registered" },
      ].sort((x, y) => x.team_id - y.team_id),
    );
  });
});
