import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue 8 in Chromium, on the demo's 'Team Registration Demo Cup' (Mario Kart World 150cc,
 * minimum 6): leader@ registers Neon Ninjas MK with its Academy as the secondary team and the
 * representative the rule asks for; supporter@'s five-member team sees the minimum message;
 * a member opts out and in; an administrator withdraws and re-registers a player, sets a
 * representative, verifies the team, moves it to Rejected and back, registers a shadow team
 * and supporter@'s too-small existing team (refused the second time); every blocking message
 * of 001 §5 appears for its case.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const MSG = {
  rejected: "You have been removed from this tournament by staff and may not register at this time.",
  pending_email: "You must verify your email on the MKCentral forums before registering.",
  user_invalid: "Your account is currently either unverified or inactive, and must be activated by a staff member before registering.",
  banned: "Your account has been banned. You may not register at this time.",
  no_profile: "You must create a registry profile and join a team to register for this tournament.",
  noTeams: "You must lead or manage a Mario Kart World 150cc team to register for this tournament.",
  allRejected: "All available teams that you lead or manage have been rejected entry into this tournament.",
  allRegistered: "All available teams that you lead or manage are already registered, or have been rejected entry into this tournament.",
};

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

async function noOverflow(page: Page, path: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
}

async function settled(page: Page) {
  await page.locator("main h1, main .access-note").first().waitFor();
  await page.locator(".loading").first().waitFor({ state: "detached" });
}

describe("team registration", () => {
  let T = 0;
  let teamId = 0;
  let member = { email: "", name: "" };
  let other = { email: "", name: "" };

  it("finds the demo team tournament", () => {
    const [t] = query<{ id: number }>("select id from tournaments where title = 'Team Registration Demo Cup'");
    expect(t).toBeTruthy();
    T = t!.id;
    const [team] = query<{ id: number }>(
      `select t.id from teams t join team_memberships m on m.team_id = t.id join players p on p.id = m.player_id
       join users u on u.id = p.user_id where u.email = 'leader@example.com' and m.left_at is null and m.is_leader = 1
       and t.category = 'mkworld_150'`,
    );
    teamId = team!.id;
    const members = query<{ email: string; name: string }>(
      `select u.email as email, p.display_name as name from team_memberships m join players p on p.id = m.player_id
       join users u on u.id = p.user_id where m.team_id = ? and m.left_at is null and m.is_leader = 0 and m.is_manager = 0
       and u.state = 'active' and p.is_banned = 0 and u.email like '%@example.org' order by p.id`,
      teamId,
    );
    expect(members.length).toBeGreaterThanOrEqual(2);
    [member, other] = [members[0]!, members[1]!];
  });

  it("a team with too few eligible members sees the spec's message and no Register button", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "supporter@example.com");
    await page.goto(`/tournaments/${T}/register`);
    await page
      .getByText(/^The selected team has only \d+ eligible members, which does not meet the minimum of 6 members needed to register/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Register" }).count()).toBe(0);
    await page.screenshot({ path: shot("team-register-too-few-1280"), fullPage: true });
    await context.close();
  });

  it("leader@ registers the team with a secondary team and the representative the rule asks for", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "leader@example.com");
    await page.goto(`/tournaments/${T}`);
    await page.getByRole("link", { name: "Register Now!" }).click();
    await page.getByLabel("Secondary Team (optional)").waitFor();
    await page.getByLabel("Secondary Team (optional)").selectOption({ label: "Neon Ninjas MK Academy" });
    // leader@ leads both teams: one leader, so representative 1 is required and 2 optional.
    const rep1 = page.getByLabel("Representative 1");
    expect(await rep1.getAttribute("required")).not.toBeNull();
    await rep1.selectOption({ label: member.name });
    await page.screenshot({ path: shot("team-register-form-1280"), fullPage: true });
    await page.getByRole("button", { name: "Register" }).click();
    // The registered team shows its status beside Withdraw, not the red 'already registered' (#17 §3).
    await page
      .locator(".team-withdraw")
      .getByText(/^(REGISTERED|PENDING APPROVAL)$/)
      .waitFor();
    expect(await page.getByText(MSG.allRegistered).count()).toBe(0);
    await page.getByRole("button", { name: "Withdraw" }).waitFor();
    await page.getByText("You are registered with").waitFor();
    await page.goto(`/tournaments/${T}`);
    await page.getByText("Thanks for Registering!").waitFor();
    await page.getByText("PENDING APPROVAL").waitFor();
    await page.getByText("Verification Pending").waitFor();
    await page.getByText("Your registration must be approved before you can play.").waitFor();
    await page.screenshot({ path: shot("team-tournament-pending-1280"), fullPage: true });
    await page.goto(`/tournaments/${T}/teams/${teamId}/eligible_players`);
    await page.getByText("This team has not yet been verified and is not yet eligible to play in this tournament.").waitFor();
    const row = page.locator("tr", { hasText: member.name });
    await row.getByText("Representative").waitFor();
    await context.close();
  });

  it("a member opts out, sees OPTED OUT, then opts in", async () => {
    const { context, page } = await newPage(browser);
    await login(page, other.email);
    await page.goto(`/tournaments/${T}/register`);
    await page.getByRole("button", { name: "Opt Out" }).click();
    // The site's confirmation dialog (was the browser's confirm()).
    await page
      .getByRole("dialog", { name: /^Opt out of / })
      .getByRole("button", { name: "Opt out" })
      .click();
    await page.getByRole("button", { name: "Opt In" }).waitFor();
    await page.goto(`/tournaments/${T}`);
    await page.getByText("OPTED OUT").waitFor();
    expect(await page.getByText("Thanks for Registering!").count()).toBe(0);
    await page.screenshot({ path: shot("team-tournament-opted-out-1280"), fullPage: true });
    await page.goto(`/tournaments/${T}/register`);
    await page.getByRole("button", { name: "Opt In" }).click();
    await page.getByRole("button", { name: "Opt Out" }).waitFor();
    await page.goto(`/tournaments/${T}`);
    await page.getByText("PENDING APPROVAL").waitFor();
    await context.close();
  });

  it("an administrator withdraws and re-registers a player, sets a representative and verifies the team", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${T}/teams/${teamId}/eligible_players`);
    const row = page.locator("tr", { hasText: other.name });
    await row.getByRole("button", { name: "Withdraw Player" }).click();
    await row.getByRole("button", { name: "Re-Register Player" }).waitFor();
    await row.getByText("Withdrawn").waitFor();
    await row.getByRole("button", { name: "Re-Register Player" }).click();
    await row.getByRole("button", { name: "Withdraw Player" }).waitFor();
    await row.getByRole("button", { name: "Set as Representative" }).click();
    await row.getByRole("button", { name: "Remove Representative" }).waitFor();
    // The leader's row offers no representative action.
    const leaderRow = page.locator("tr", { hasText: "DemoLeader" });
    expect(await leaderRow.getByRole("button", { name: /Representative/ }).count()).toBe(0);
    await page.screenshot({ path: shot("team-eligible-players-admin-1280"), fullPage: true });
    await page.getByRole("button", { name: "Verify Team" }).click();
    await page.getByText("This team has not yet been verified").waitFor({ state: "detached" });
    await context.close();

    const leader = await newPage(browser);
    await login(leader.page, "leader@example.com");
    await leader.page.goto(`/tournaments/${T}`);
    await leader.page.getByText("REGISTERED", { exact: true }).waitFor();
    expect(await leader.page.getByText("PENDING APPROVAL").count()).toBe(0);
    await leader.context.close();
  });

  it("an administrator moves the team to Rejected and back to Registered", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${T}/registrations`);
    const row = page.locator(".registrations-table tbody tr", { hasText: "Neon Ninjas MK" });
    await row.getByText("with Neon Ninjas MK Academy").waitFor();
    await row.getByRole("button", { name: "Move" }).click();
    await row.getByRole("dialog", { name: "Move team to:" }).getByRole("button", { name: "Rejected" }).click();
    await page
      .getByRole("dialog", { name: /^Move .* to Rejected\?$/ })
      .getByRole("button", { name: "Move to Rejected" })
      .click();
    await row.waitFor({ state: "detached" });
    await page.getByLabel("Status").selectOption("rejected");
    const rejected = page.locator(".registrations-table tbody tr", { hasText: "Neon Ninjas MK" });
    await rejected.waitFor();
    await page.screenshot({ path: shot("team-registrations-rejected-1280"), fullPage: true });

    // While rejected: the member is removed by staff; the leader's only team is rejected.
    const m = await newPage(browser);
    await login(m.page, member.email);
    await m.page.goto(`/tournaments/${T}/register`);
    await m.page.getByText(MSG.rejected).waitFor();
    await m.context.close();
    const l = await newPage(browser);
    await login(l.page, "leader@example.com");
    await l.page.goto(`/tournaments/${T}/register`);
    await l.page.getByText(MSG.allRejected).waitFor();
    await l.context.close();

    await rejected.getByRole("button", { name: "Move" }).click();
    await rejected.getByRole("dialog", { name: "Move team to:" }).getByRole("button", { name: "Registered" }).click();
    await rejected.waitFor({ state: "detached" });
    await page.getByLabel("Status").selectOption("registered");
    await page.locator(".registrations-table tbody tr", { hasText: "Neon Ninjas MK" }).waitFor();
    await context.close();
  });

  it("an administrator registers a shadow team manually", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${T}/registrations`);
    const panel = page.locator("section", { has: page.getByRole("heading", { name: "Manually Register Team" }) });
    await panel.getByLabel("New Shadow Team").first().check();
    const name = `Ghost ${stamp}`.slice(0, 30);
    await panel.getByLabel("Team Name").fill(name);
    await panel.getByLabel("Team Tag").fill("GHO");
    await panel.getByRole("button", { name: "Register Team" }).click();
    await panel.getByText(`${name} has been registered.`).waitFor();
    await page.locator(".registrations-table tbody tr", { hasText: name }).waitFor();
    await page.screenshot({ path: shot("team-registrations-admin-1280"), fullPage: true });
    await page.goto(`/tournaments/${T}/logs`);
    await page.locator(".logs-table tbody tr").first().waitFor();
    const logs = (await page.locator(".logs-table tbody tr").allInnerTexts()).join("\n");
    for (const text of ["registered Neon Ninjas MK with Neon Ninjas MK Academy", "Verified Neon Ninjas MK", `Manually registered ${name}`])
      expect(logs, text).toContain(text);
    await context.close();
  });

  it("an administrator registers an existing team manually (below the minimum), and its manager sees it registered", async () => {
    // supporter@'s team of the tournament's category has 5 members: too few to register itself.
    const [team] = query<{ id: number; team_name: string }>(
      `select t.id, t.team_name from team_memberships m
         join teams t on t.id = m.team_id
         join players p on p.id = m.player_id
         join users u on u.id = p.user_id
       where u.email = 'supporter@example.com' and m.left_at is null
         and t.category = (select game_mode from tournaments where id = ?)`,
      T,
    );
    expect(team, "supporter@'s team of the category").toBeDefined();
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${T}/registrations`);
    const panel = page.locator("section", { has: page.getByRole("heading", { name: "Manually Register Team" }) });
    await panel.getByLabel("Existing Team").first().check();
    await panel.getByLabel("Team", { exact: true }).fill(team!.team_name.slice(0, 12));
    const choice = panel.getByLabel("Team result");
    await choice.locator("option", { hasText: team!.team_name }).first().waitFor({ state: "attached" });
    await choice.selectOption({ label: (await choice.locator("option", { hasText: team!.team_name }).first().innerText()).trim() });
    await panel.getByRole("button", { name: "Register Team" }).click();
    await panel.getByText(`${team!.team_name} has been registered.`).waitFor();
    await page.locator(".registrations-table tbody tr", { hasText: team!.team_name }).waitFor();
    // Registering it again is refused with the server's message, and nothing is lost.
    await panel.getByLabel("Team", { exact: true }).fill(team!.team_name.slice(0, 12));
    await choice.locator("option", { hasText: team!.team_name }).first().waitFor({ state: "attached" });
    await choice.selectOption({ label: (await choice.locator("option", { hasText: team!.team_name }).first().innerText()).trim() });
    await panel.getByRole("button", { name: "Register Team" }).click();
    await panel.getByRole("alert").waitFor();
    expect(await panel.getByRole("alert").innerText()).toMatch(/already registered/);
    expect(
      query("select team_id from team_registrations where tournament_id = ? and team_id = ? and status = 'registered'", T, team!.id).length,
    ).toBeGreaterThan(0);
    await context.close();

    const supporter = await newPage(browser);
    await login(supporter.page, "supporter@example.com");
    await supporter.page.goto(`/tournaments/${T}/register`);
    // Their team is registered (by staff): its status shows, not the 'already registered' message (#17 §3).
    await supporter.page
      .locator(".team-withdraw")
      .getByText(/^(REGISTERED|PENDING APPROVAL)$/)
      .waitFor();
    await supporter.context.close();
  });

  it("shows each blocking message for its case", async () => {
    // no_profile: a fresh verified account without a registry profile.
    const none = await newPage(browser);
    const email = `teamnoprofile${stamp}@example.com`;
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
    await none.page.goto(`/tournaments/${T}/register`);
    await none.page.getByText(MSG.no_profile).waitFor();
    await none.context.close();

    for (const [state, message] of [
      ["pending_email", MSG.pending_email],
      ["inactive", MSG.user_invalid],
    ] as const) {
      const [acc] = query<{ email: string }>(
        `select u.email as email from users u join players p on p.user_id = u.id where u.state = ? and p.is_banned = 0 order by u.id limit 1`,
        state,
      );
      if (!acc) continue;
      const p = await newPage(browser);
      await login(p.page, acc.email);
      await p.page.goto(`/tournaments/${T}/register`);
      await p.page.getByText(message).waitFor();
      await p.context.close();
    }

    // No team to lead or manage in the category.
    const [free] = query<{ email: string; id: number }>(
      `select u.email as email, p.id as id from users u join players p on p.user_id = u.id
       where u.state = 'active' and p.is_banned = 0 and u.email like '%@example.org'
         and u.id not in (select user_id from user_roles)
         and p.id not in (select player_id from team_memberships where left_at is null)
       order by u.id desc limit 2`,
    );
    const np = await newPage(browser);
    await login(np.page, free!.email);
    await np.page.goto(`/tournaments/${T}/register`);
    await np.page.getByText(MSG.noTeams).waitFor();
    await np.page.screenshot({ path: shot("team-register-no-teams-1280"), fullPage: true });

    // banned: an administrator bans that player, who then sees the ban message.
    const admin = await newPage(browser);
    await login(admin.page, "admin@example.com");
    const res = await admin.page.request.post("/api/admin/bans", {
      headers: { "X-CSRF-TOKEN": await csrf(admin.page) },
      data: { player_id: free!.id, reason: "e2e team registration" },
    });
    expect(res.status()).toBe(200);
    await np.page.reload();
    await np.page.getByText(MSG.banned).waitFor();
    await admin.page.request.post("/api/admin/bans/remove", {
      headers: { "X-CSRF-TOKEN": await csrf(admin.page) },
      data: { player_id: free!.id },
    });
    await admin.context.close();
    await np.context.close();
  });

  it("has no horizontal overflow on the team screens at 375 px", async () => {
    const { context, page } = await newPage(browser, 375);
    await login(page, "event-admin@example.com");
    for (const [name, path] of [
      ["team-tournament", `/tournaments/${T}`],
      ["team-register", `/tournaments/${T}/register`],
      ["team-registrations", `/tournaments/${T}/registrations`],
      ["team-eligible-players", `/tournaments/${T}/teams/${teamId}/eligible_players`],
      ["team-edit-registration", `/tournaments/${T}/registrations/teams/${teamId}/edit`],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await noOverflow(page, path);
      await page.screenshot({ path: shot(`${name}-375`), fullPage: true });
    }
    await context.close();
  });
});
