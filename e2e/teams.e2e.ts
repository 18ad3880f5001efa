import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * The team registry in Chromium against the demo dataset (issue 4 'Must show'): a leader
 * creates a team, an administrator approves it, the leader invites player@example.com, who
 * accepts and shows on the roster, on /registry/recent_transactions and on the home page;
 * joining a second team of the category asks to leave the first; a historical name offers
 * the claim; a 250 KB logo shows the 200KB message; a member who is not a leader gets 403.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** One row of the running server's database (read-only). */
function queryOne<T>(sql: string, ...args: unknown[]): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const TEAM_NAME = `Journey Karts ${stamp}`;
const TEAM_TAG = `J${stamp}`.slice(0, 5);
let teamId = 0;

async function fillNewTeam(page: Page, o: { category: string; name: string; tag: string }) {
  await page.goto("/registry/new_team");
  await page.getByLabel("Category").selectOption(o.category);
  await page.getByLabel("Team Name").fill(o.name);
  await page.getByLabel("Team Tag").fill(o.tag);
}

/** POSTs a multipart team edit from inside the page (session cookie and CSRF header as the app sends them). */
function postTeamEdit(page: Page, id: number) {
  return page.evaluate(async (teamId) => {
    const session = (await (await fetch("/api/session")).json()) as { csrfToken: string };
    const form = new FormData();
    form.append("team_color", "5");
    const res = await fetch(`/api/registry/teams/${teamId}`, {
      method: "POST",
      body: form,
      headers: { "X-CSRF-TOKEN": session.csrfToken },
    });
    return { status: res.status, body: (await res.json()) as { message: string } };
  }, id);
}

describe("team registry", () => {
  it("creates a team, gets it approved, invites a player who accepts, and shows the transfer everywhere", async () => {
    // The leader creates the team: it starts unapproved and the creator leads it.
    const leader = await newPage(browser);
    await login(leader.page, "leader@example.com");
    await fillNewTeam(leader.page, { category: "mk8dx_150", name: TEAM_NAME, tag: TEAM_TAG });
    await leader.page.getByLabel("Team Colour").selectOption("22");
    await leader.page.getByRole("textbox", { name: "Team Description" }).fill("We race **fast**.");
    await leader.page.getByRole("button", { name: "Create Team" }).click();
    await leader.page.waitForURL(/\/registry\/teams\/\d+$/);
    teamId = Number(/(\d+)$/.exec(leader.page.url())![1]);
    await leader.page.getByText("This team is waiting for approval by a moderator.").waitFor();
    await leader.page.getByRole("heading", { name: new RegExp(TEAM_NAME) }).waitFor();
    await leader.page.getByText("No Logo Available").waitFor();
    expect(queryOne<{ team_status: string }>("select team_status from teams where id = ?", teamId).team_status).toBe("unapproved");

    // An administrator approves it from the team page.
    const admin = await newPage(browser);
    await login(admin.page, "admin@example.com");
    await admin.page.goto(`/registry/teams/${teamId}`);
    await admin.page.getByRole("button", { name: "Approve Team" }).click();
    await admin.page.getByText("The team was approved.").waitFor();
    await admin.context.close();
    expect(queryOne<{ team_status: string }>("select team_status from teams where id = ?", teamId).team_status).toBe("approved");

    // The leader invites player@example.com (DemoPlayer) from the roster panel.
    await leader.page.reload();
    await leader.page.getByLabel("Invite a Player").fill("DemoPlayer");
    await leader.page.getByRole("button", { name: "Invite DemoPlayer" }).click();
    await leader.page.getByText("DemoPlayer was invited.").waitFor();
    await leader.page.getByRole("region", { name: "Pending Invitations" }).getByRole("link", { name: "DemoPlayer" }).waitFor();
    await leader.page.screenshot({ path: shot("team-leader-1280"), fullPage: true });
    await leader.context.close();

    // The player sees the invitation on the teams list, accepts it on the team page and is on the roster.
    const player = await newPage(browser);
    await login(player.page, "player@example.com");
    await player.page.goto("/registry/teams/category/all");
    await player.page.getByTestId("my-invitations").getByRole("link", { name: TEAM_NAME }).click();
    await player.page.waitForURL(`**/registry/teams/${teamId}`);
    // player@ already plays MK8DX 150cc for a demo team: accepting asks to leave that team first (000 §4).
    const current = queryOne<{ team_name: string } | undefined>(
      `select t.team_name from team_memberships m join teams t on t.id = m.team_id join players p on p.id = m.player_id
       join users u on u.id = p.user_id where u.email = 'player@example.com' and m.left_at is null and t.category = 'mk8dx_150'
       and t.team_status in ('approved', 'banned')`,
    );
    await player.page.getByRole("button", { name: "Accept Invitation" }).click();
    if (current) {
      const dialog = player.page.getByRole("alertdialog");
      await dialog.getByText("Leave your current team first?").waitFor();
      expect(await dialog.textContent()).toContain(current.team_name);
      await player.page.screenshot({ path: shot("team-accept-confirm-leave-1280") });
      await dialog.getByRole("button", { name: "Leave and continue" }).click();
    }
    await player.page.getByText(`You joined ${TEAM_NAME}.`).waitFor();
    await player.page.getByTestId("team-roster").getByRole("link", { name: "DemoPlayer" }).waitFor();
    await player.context.close();

    // A visitor sees the transfer first on the recent transfers page and on the home page.
    const visitor = await newPage(browser);
    await visitor.page.goto("/registry/recent_transactions");
    const first = visitor.page.locator("li.transfer").first();
    await first.waitFor();
    expect(await first.textContent()).toContain("DemoPlayer");
    expect(await first.textContent()).toContain(TEAM_TAG);
    await visitor.page.goto("/");
    const home = visitor.page.getByTestId("panel-transfers").getByRole("listitem").first();
    await home.waitFor();
    expect(await home.textContent()).toContain("DemoPlayer");
    expect(await home.textContent()).toContain(TEAM_TAG);
    await visitor.context.close();
  });

  it("asks to leave the current team before joining a second team of the same category", async () => {
    expect(teamId).toBeGreaterThan(0);
    const other = queryOne<{ id: number; team_name: string }>(
      `select id, team_name from teams where category = 'mk8dx_150' and team_status = 'approved' and is_historical = 0 and is_shadow = 0
       and recruitment_status = 'recruiting' and id != ? order by id limit 1`,
      teamId,
    );
    const { context, page } = await newPage(browser, 375);
    await login(page, "player@example.com");
    await page.goto(`/registry/teams/${other.id}`);
    await page.getByRole("button", { name: "Request to Join" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Leave your current team first?").waitFor();
    expect(await dialog.textContent()).toContain(TEAM_NAME);
    await page.screenshot({ path: shot("team-confirm-leave-375") });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(queryOne<{ n: number }>("select count(*) n from transfers where to_team_id = ? and status = 'requested'", other.id).n).toBe(0);

    await page.getByRole("button", { name: "Request to Join" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave and continue" }).click();
    await page.getByText("Your request to join was sent to the team's leaders.").waitFor();
    // Still on the first team until the other team's leaders accept.
    expect(
      queryOne<{ n: number }>(
        "select count(*) n from team_memberships m join players p on p.id = m.player_id join users u on u.id = p.user_id where u.email = 'player@example.com' and m.team_id = ? and m.left_at is null",
        teamId,
      ).n,
    ).toBe(1);
    await context.close();
  });

  it("refuses the edit call to a member who is not a leader (403)", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "player@example.com");
    await page.goto(`/registry/teams/${teamId}/edit`);
    await page.getByText("Only the team's leaders can edit the team.").waitFor();
    const r = await postTeamEdit(page, teamId);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Only the team's leaders can edit the team.");
    await context.close();
  });

  it("offers a claim when the name is a historical team's, and shows the 200KB message for a 250 KB logo", async () => {
    const hist = queryOne<{ id: number; team_name: string; category: string }>(
      "select id, team_name, category from teams where is_historical = 1 order by id limit 1",
    );
    const { context, page } = await newPage(browser);
    await login(page, "leader@example.com");
    await fillNewTeam(page, { category: hist.category, name: hist.team_name, tag: "OLD" });
    await page.getByRole("button", { name: "Create Team" }).click();
    await page.getByText("A historical team with this name already exists").waitFor();
    await page.screenshot({ path: shot("team-claim-1280"), fullPage: true });
    await page.getByRole("button", { name: "Send a Claim Request" }).click();
    await page.getByText("Your claim was sent to the moderators.").waitFor();
    expect(
      queryOne<{ n: number }>(
        "select count(*) n from team_claims c join users u on u.id = c.user_id where c.team_id = ? and u.email = 'leader@example.com' and c.status = 'pending'",
        hist.id,
      ).n,
    ).toBe(1);

    await fillNewTeam(page, { category: "mkw_vs_race", name: `Big Logo ${stamp}`, tag: "BIG" });
    await page.getByLabel("Upload a logo").check();
    await page.getByLabel("Logo File").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.alloc(250 * 1024, 7) });
    await page.getByRole("button", { name: "Create Team" }).click();
    await page.getByText("The logo exceeds the maximum size of 200KB.").waitFor();
    await context.close();
  });

  it("looks right at 1280 and 375 px: no horizontal overflow on the team page and the form", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await login(page, "leader@example.com");
      for (const [path, name] of [
        [`/registry/teams/${teamId}`, "team-page"],
        ["/registry/new_team", "team-new"],
      ] as const) {
        await page.goto(path);
        await page.locator("h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: shot(`${name}-${width}`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow of ${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });
});
