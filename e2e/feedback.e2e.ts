import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, newPage, shot } from "./browser.js";

/**
 * Web journeys item 4, "Feedback on every action", in Chromium: on a squad tournament this
 * journey creates, player@example.com captains a squad with two mates; the captain's Withdraw
 * asks in the site's confirmation dialog, which says the whole squad goes and names the mates;
 * the button is disabled with 'Withdrawing…' while its request is in flight; the result is
 * announced in the polite live region. Screenshots of the dialog at 1280 and 375 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Feedback ${stamp}`;

type Account = { email: string; name: string };

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** Ordinary demo accounts with a listed, unbanned player (not the ones other journeys take first). */
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

async function login(page: Page, email: string): Promise<void> {
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

describe("feedback on actions", () => {
  let tournament = 0;
  let mates: Account[] = [];

  it("sets up a squad tournament where player@example.com captains a squad of three", async () => {
    mates = activePlayers(2);
    expect(mates).toHaveLength(2);
    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    const res = await admin.page.request.post("/api/events/new", {
      headers: { "X-CSRF-TOKEN": await csrf(admin.page) },
      multipart: {
        tournament_title: TITLE,
        date: "specify",
        start_date: "2030-04-10T18:00",
        end_date: "2030-04-10T22:00",
        use_logo: "none",
        game_mode: "mk8dx_150",
        public: "1",
        registrations_open: "1",
        show_on_profiles: "1",
        registration_format: "2",
        minimum_players: "2",
        maximum_players: "4",
        squad_name_required: "1",
        squad_tag_required: "1",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    tournament = (await res.json()).id as number;
    await admin.context.close();

    const cap = await newPage(browser);
    await login(cap.page, "player@example.com");
    await post(cap.page, `/api/events/${tournament}/register`, { squad_name: "Feedback Five", squad_tag: "FF", squad_color: 1 });
    const status = (await (await cap.page.request.get(`/api/events/${tournament}/register`)).json()) as {
      registration_details: { squad_id: number };
    };
    const squadId = status.registration_details.squad_id;
    const ids = query<{ id: number; email: string }>(
      `select p.id as id, u.email as email from players p join users u on u.id = p.user_id where u.email in (?, ?)`,
      mates[0]!.email,
      mates[1]!.email,
    );
    for (const m of ids) await post(cap.page, `/api/events/${tournament}/squads/${squadId}/invite`, { player_id: m.id });
    await cap.context.close();
    for (const m of mates) {
      const p = await newPage(browser);
      await login(p.page, m.email);
      await post(p.page, `/api/events/${tournament}/squads/${squadId}/accept_invite`, {});
      await p.context.close();
    }
  });

  it("the captain's Withdraw names the squad mates, is disabled while in flight, and is announced", async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, width);
      await login(page, "player@example.com");
      await page.goto(`/tournaments/${tournament}/register`);
      await page.getByText("REGISTERED", { exact: true }).waitFor();
      const withdraw = page.getByRole("button", { name: "Withdraw", exact: true });
      await withdraw.click();
      const dialog = page.getByRole("dialog", { name: `Withdraw [FF] Feedback Five from ${TITLE}?` });
      await dialog.waitFor();
      await dialog.getByText("whole squad").waitFor();
      const names = await dialog.getByTestId("withdraw-mates").getByRole("listitem").allInnerTexts();
      expect(names.sort()).toEqual(mates.map((m) => m.name).sort());
      // Focus is inside the dialog, on the safe choice.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      await page.screenshot({ path: shot(`feedback-withdraw-confirm-${width}`) });

      if (width === 375) {
        // Escape cancels: nothing is sent and the button is back.
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        await withdraw.waitFor();
        await context.close();
        continue;
      }

      // Hold the request so the in-flight state can be seen.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      let posts = 0;
      await page.route(`**/api/events/${tournament}/withdraw`, async (route) => {
        posts++;
        await gate;
        await route.continue();
      });
      await dialog.getByRole("button", { name: "Withdraw squad" }).click();
      const busy = page.getByRole("button", { name: "Withdrawing…" });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await page.screenshot({ path: shot("feedback-withdrawing-1280") });
      release();
      const polite = page.locator('[aria-live="polite"]');
      await polite.getByText("You have withdrawn from this tournament.").waitFor();
      await page.screenshot({ path: shot("feedback-toast-1280") });
      expect(posts).toBe(1);
      const left = query<{ n: number }>(
        `select count(*) n from registrations r join squads s on s.id = r.squad_id where r.tournament_id = ? and s.squad_name = ? and r.status = 'registered'`,
        tournament,
        "Feedback Five",
      );
      expect(left[0]!.n).toBe(0);
      await context.close();
    }
  });

  it("the squad page and its invite search use the site's panels", async () => {
    const { context, page } = await newPage(browser, 1280);
    await login(page, "leader@example.com");
    await page.goto(`/tournaments/${tournament}/register`);
    await page.getByLabel("Squad Name").fill("Panel Pals");
    await page.getByLabel("Squad Tag").fill("PP");
    await page.getByRole("button", { name: "Register Squad" }).click();
    const link = page.getByRole("link", { name: /Panel Pals/ });
    await link.waitFor();
    await link.click();
    await page.getByLabel("Invite a player").fill(mates[0]!.name.slice(0, 4));
    await page.locator(".invite-panel li").first().waitFor();
    await page.screenshot({ path: shot("feedback-squad-page-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: shot("feedback-squad-page-375"), fullPage: true });
    await context.close();
  });
});
