import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function query<T>(sql: string, ...args: unknown[]): T | undefined {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}

/** POSTs JSON from the page with the session's CSRF token, as the app would. */
async function postFromPage(
  page: Page,
  url: string,
  body: unknown,
): Promise<{ status: number; body: { status: string; message: string } }> {
  return page.evaluate(
    async ([u, b]) => {
      const session = await (await fetch("/api/session")).json();
      const res = await fetch(u as string, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": session.csrfToken },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [url, body] as const,
  );
}

/**
 * The journey's own player: the newest listed demo account (so it is on the home page's Newest
 * Players) whose name has a non-alphanumeric character (the registrations journey picks plain
 * names only), with no roles and no name requests. The new names keep an underscore.
 */
function journeyPlayer() {
  const p = query<{ id: number; email: string; name: string }>(
    `select p.id, u.email, p.display_name as name from players p join users u on u.id = p.user_id
     where u.state = 'active' and u.email like '%@example.org' and u.email_verified_at is not null
       and p.is_hidden = 0 and p.is_banned = 0 and p.discord_tag is not null and p.country_code not in ('ZZ', 'XX')
       and p.display_name glob '*[^A-Za-z0-9]*' and p.display_name not like '% %'
       and u.id not in (select user_id from user_roles)
       and p.id not in (select row_id from profile_changes where table_name = 'players')
     order by p.created_at desc, p.id desc limit 1`,
  );
  if (!p) throw new Error("no demo player fits the moderation journey");
  return p;
}

async function requestName(page: Page, name: string) {
  await page.goto("/registry/edit_profile");
  await page.getByRole("textbox", { name: "Display Name" }).fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/registry\/players\/\d+$/);
  await page.getByText(new RegExp(`${name} is pending approval`)).waitFor();
}

async function decide(page: Page, toValue: string, action: "Approve" | "Decline") {
  await page.goto("/registry/profile_changes");
  const row = page.locator("li.mod-item", { has: page.locator(".mod-item__to", { hasText: toValue }) });
  await row.waitFor();
  await row.getByRole("button", { name: action }).click();
  // Declining asks first, in the site's confirmation dialog.
  if (action === "Decline") await page.getByRole("dialog").getByRole("button", { name: "Decline change" }).click();
  await row.waitFor({ state: "detached" });
}

describe("moderation and administration", () => {
  const stamp = Date.now().toString(36).slice(-4);
  let player: { id: number; email: string; name: string };

  it("a declined name change leaves the name and notifies; an approved one renames everywhere", async () => {
    player = journeyPlayer();
    const declined = `Nope_${stamp}`;
    const approved = `Okay_${stamp}`;
    const p = await newPage(browser);
    await login(p.page, player.email);
    await requestName(p.page, declined);

    const m = await newPage(browser);
    await login(m.page, "mod@example.com");
    await m.page.goto("/registry/profile_changes");
    const row = m.page.locator("li.mod-item", { has: m.page.locator(".mod-item__to", { hasText: declined }) });
    await row.waitFor();
    expect(await row.getByRole("link", { name: player.name }).getAttribute("href")).toBe(`/registry/players/${player.id}`);
    // The decision buttons name their row (#17 §7).
    await row.getByRole("button", { name: `Approve ${player.name} → ${declined}`, exact: true }).waitFor();
    await row.getByRole("button", { name: `Decline ${player.name} → ${declined}`, exact: true }).waitFor();
    await m.page.screenshot({ path: shot("moderation-queue"), fullPage: true });
    await decide(m.page, declined, "Decline");

    await p.page.goto(`/registry/players/${player.id}`);
    await p.page.getByRole("heading", { name: player.name, level: 1 }).waitFor();
    await p.page.goto("/notifications");
    await p.page.getByText(new RegExp(`change from ${player.name} to ${declined} was declined`)).waitFor();

    await requestName(p.page, approved);
    await decide(m.page, approved, "Approve");

    await p.page.goto("/notifications");
    const note = p.page.locator(".notification", { hasText: "was approved" }).first();
    await note.waitFor();
    expect(await note.getByRole("link", { name: approved }).getAttribute("href")).toBe(`/registry/players/${player.id}`);
    await p.page.screenshot({ path: shot("moderation-notifications-unread"), fullPage: true });
    await p.page.goto(`/registry/players/${player.id}`);
    await p.page.getByRole("heading", { name: approved, level: 1 }).waitFor();
    await p.page.goto(`/registry/players?search=${approved}`);
    await p.page.getByRole("link", { name: approved }).first().waitFor();
    await p.page.goto("/");
    await p.page.getByTestId("panel-players").getByRole("link", { name: approved }).waitFor();
    player.name = approved;
    await p.context.close();
    await m.context.close();
  });

  it("the account menu counts the pending changes; approving one lowers the count (#17 §8)", async () => {
    const pending = () => query<{ n: number }>("select count(*) as n from profile_changes where status = 'pending'")!.n;
    const before = pending();
    expect(before).toBeGreaterThan(1);
    const m = await newPage(browser);
    await login(m.page, "mod@example.com");
    await m.page.goto("/registry/profile_changes");
    const header = m.page.getByRole("banner");
    const openMenu = async () => {
      const toggle = header.getByRole("button", { name: /^Account menu/ });
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    };
    await openMenu();
    // The badge's number is in the link's name, in words.
    await header.getByRole("link", { name: `Profile Changes, ${before} pending`, exact: true }).waitFor();
    const teams = query<{ n: number }>(
      "select (select count(*) from teams where team_status = 'unapproved') + (select count(*) from team_claims where status = 'pending') as n",
    )!.n;
    if (teams > 0) await header.getByRole("link", { name: `Team Approvals, ${teams} pending`, exact: true }).waitFor();
    await m.page.screenshot({ path: shot("moderation-menu-counts-1280") });
    await m.page.keyboard.press("Escape");

    const approve = m.page.getByRole("button", { name: /^Approve .+ → .+$/ }).first();
    await approve.click();
    await expect.poll(pending).toBe(before - 1);
    await openMenu();
    // The decision invalidates the counts: the badge follows without a reload.
    await header.getByRole("link", { name: `Profile Changes, ${before - 1} pending`, exact: true }).waitFor();
    await m.context.close();

    // The same menu on a phone: inside the opened mobile menu.
    const phone = await newPage(browser, 375);
    await login(phone.page, "mod@example.com");
    await phone.page.getByRole("button", { name: "Open menu" }).click();
    await phone.page.getByRole("button", { name: /^Account menu/ }).click();
    const phoneLink = phone.page.getByRole("link", { name: `Profile Changes, ${before - 1} pending`, exact: true });
    await phoneLink.waitFor();
    await phoneLink.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: shot("moderation-menu-counts-375") });
    await phone.context.close();

    // A player's menu has no queue and asks for no counts.
    const p = await newPage(browser);
    const asked: string[] = [];
    p.page.on("request", (r) => {
      if (r.url().includes("/api/moderation/pending_counts")) asked.push(r.url());
    });
    await login(p.page, "player@example.com");
    await p.page
      .getByRole("banner")
      .getByRole("button", { name: /^Account menu/ })
      .click();
    await p.page.getByRole("banner").getByRole("link", { name: "Edit Profile" }).waitFor();
    expect(await p.page.getByRole("link", { name: /Profile Changes/ }).count()).toBe(0);
    expect(asked).toEqual([]);
    await p.context.close();
  });

  it("the queue shows 'No pending profile changes.' once everything is decided", async () => {
    const m = await newPage(browser);
    await login(m.page, "mod@example.com");
    await m.page.goto("/registry/profile_changes");
    // Anchored: the announced messages' Dismiss buttons name the declined change too.
    const decline = m.page.getByRole("button", { name: /^Decline .+ → .+$/ });
    const empty = m.page.getByText("No pending profile changes.");
    await Promise.race([decline.first().waitFor(), empty.waitFor()]);
    for (let i = 0; i < 200 && (await decline.count()) > 0; i++) {
      const before = await decline.count();
      await decline.first().click();
      await m.page.getByRole("dialog").getByRole("button", { name: "Decline change" }).click();
      await m.page.waitForFunction((n) => document.querySelectorAll("li.mod-item").length < n, before);
    }
    await empty.waitFor();
    await m.page.screenshot({ path: shot("moderation-queue-empty") });
    await m.context.close();
  });

  it("an administrator adds a word: a profile with it is refused, a longer innocent word passes", async () => {
    const word = `zorbl${stamp}`;
    const a = await newPage(browser);
    await login(a.page, "admin@example.com");
    await a.page.goto("/admin/word_filter");
    const box = a.page.getByLabel("Blacklisted words, one per line");
    await box.waitFor();
    const before = await box.inputValue();
    await box.fill(`${before}${before && !before.endsWith("\n") ? "\n" : ""}${word}\n`);
    await a.page.getByRole("button", { name: "Save" }).click();
    await a.page.getByText("The word filter was saved.").waitFor();
    await a.page.screenshot({ path: shot("moderation-word-filter") });

    const p = await newPage(browser);
    await login(p.page, player.email);
    const refused = await postFromPage(p.page, "/api/registry/edit_profile", { profile_message: `I am ${word.toUpperCase()}!` });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The profile message contains a word that is not allowed.");
    await p.page.goto("/registry/edit_profile");
    await p.page.getByRole("textbox", { name: "Profile Message" }).fill(`Say ${word}!`);
    await p.page.getByRole("button", { name: "Save" }).click();
    await p.page.getByRole("alert").getByText("The profile message contains a word that is not allowed.").waitFor();
    await p.page.getByRole("textbox", { name: "Profile Message" }).fill(`Say ${word}ish things`);
    await p.page.getByRole("button", { name: "Save" }).click();
    await p.page.waitForURL(/\/registry\/players\/\d+$/);
    await p.page.getByText(`Say ${word}ish things`).waitFor();
    await p.context.close();
    await a.context.close();
  });

  it("the Administrator role cannot be edited; the admin adds and removes an Event Moderator", async () => {
    const a = await newPage(browser);
    await login(a.page, "admin@example.com");
    await a.page.goto("/admin/roles");
    const picker = a.page.getByLabel("Role");
    await picker.selectOption("administrate");
    await a.page.getByText("You do not have permission to edit this role").waitFor();
    const direct = await postFromPage(a.page, "/api/admin/roles", { role: "administrate", id: player.id });
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe("You do not have permission to edit this role");
    await a.page.screenshot({ path: shot("moderation-roles-administrator") });

    await picker.selectOption("event_mod");
    await a.page.getByLabel("Add Player").fill(player.name);
    await a.page.getByRole("button", { name: `Add ${player.name}` }).click();
    const holders = a.page.getByRole("list", { name: "Event Moderator holders" });
    await holders.getByRole("link", { name: player.name }).waitFor();
    await a.page.screenshot({ path: shot("moderation-roles"), fullPage: true });
    await holders.getByRole("button", { name: `Remove ${player.name}` }).click();
    await a.page.getByRole("dialog").getByRole("button", { name: "Remove role" }).click();
    await holders.getByRole("link", { name: player.name }).waitFor({ state: "detached" });
    expect(
      query<{ n: number }>(
        "select count(*) n from user_roles r join players p on p.user_id = r.user_id where p.id = ? and r.role = 'event_mod'",
        player.id,
      )?.n,
    ).toBe(0);
    await a.context.close();
  });

  it("the notifications tabs page correctly with 60 notifications", async () => {
    const a = await newPage(browser);
    await login(a.page, "admin@example.com");
    // A grant and a removal of the supporter flag notify the player (the removal as a warning).
    // Repeating them would only refresh those two unread lines (identical unread notifications
    // are not repeated, issue #15), so 60 distinct ones, 30 of them warnings, are written here.
    expect((await postFromPage(a.page, "/api/admin/roles", { role: "supporter", id: player.id })).status).toBe(200);
    expect((await postFromPage(a.page, "/api/admin/roles/remove", { role: "supporter", playerId: player.id })).status).toBe(200);
    await a.context.close();
    const db = new Database(join(dataDir(), "site.db"));
    try {
      const userId = (db.prepare("select user_id from players where id = ?").get(player.id) as { user_id: number }).user_id;
      const insert = db.prepare("insert into notifications (user_id, level, message, is_read, created_at) values (?, ?, ?, 0, ?)");
      for (let i = 0; i < 60; i++) insert.run(userId, i % 2 ? "warning" : "info", `Test notice number ${i + 1}`, Date.now() - i * 1000);
    } finally {
      db.close();
    }

    const p = await newPage(browser);
    await login(p.page, player.email);
    await p.page.goto("/notifications");
    const items = p.page.locator(".notification");
    await items.first().waitFor();
    const unread = await items.count();
    expect(unread).toBeGreaterThanOrEqual(60);
    expect(await p.page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);

    const total = query<{ n: number }>(
      "select count(*) n from notifications n join players p on p.user_id = n.user_id where p.id = ?",
      player.id,
    )!.n;
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThanOrEqual(3);
    await p.page.getByRole("tab", { name: "All" }).click();
    await p.page.getByText("Page 1").waitFor();
    expect(await items.count()).toBe(20);
    for (let n = 2; n <= pages; n++) {
      const first = await items.first().getAttribute("data-id");
      await p.page.getByRole("button", { name: "Next" }).click();
      await p.page.getByText(`Page ${n}`).waitFor();
      await p.page.waitForFunction((id) => document.querySelector(".notification")?.getAttribute("data-id") !== id, first);
      expect(await items.count()).toBe(n < pages ? 20 : total - 20 * (pages - 1));
    }
    expect(await p.page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    await p.page.getByRole("tab", { name: "Important" }).click();
    await p.page.getByText("Page 1").waitFor();
    expect(await items.count()).toBe(20);
    expect(await p.page.locator(".notification--info, .notification--success").count()).toBe(0);
    await p.page.getByRole("button", { name: "Next" }).click();
    await p.page.getByText("Page 2").waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(11);
    await p.page.screenshot({ path: shot("moderation-notifications-important"), fullPage: true });

    await p.page.getByRole("tab", { name: "Unread" }).click();
    await p.page.getByRole("button", { name: "Mark all as read" }).click();
    await p.page.getByText("No notifications.").waitFor();
    const session = await p.page.evaluate(async () => (await fetch("/api/session")).json());
    expect(session.user.unread_notifications).toBe(0);
    await p.context.close();
  });
});
