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

/** One read of the running server's SQLite file (the demo data is deterministic but ids are not assumed). */
function query<T>(sql: string, ...args: unknown[]): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

/** A 64×32 PNG, for the background upload. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDD6uksVH5ErYh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbvCTB/sUGJfeUbabAAAAAElFTkSuQmCC",
  "base64",
);

/** POSTs JSON from the page with the session's CSRF token, as the app would; returns status and body. */
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

describe("player registry", () => {
  it("new@example.com creates a profile; a used friend code asks first, No keeps the form, Yes saves", async () => {
    const used = query<{ fc: string; name: string }>(
      "select h.fc, p.display_name as name from friend_code_history h join players p on p.id = h.player_id join users u on u.id = p.user_id where u.email = 'leader@example.com' and h.fc_type = 'switch'",
    );
    const { context, page } = await newPage(browser);
    await login(page, "new@example.com");
    await page.goto("/registry/edit_profile");
    await page.getByRole("heading", { name: "Create Your Profile" }).waitFor();
    await page.getByRole("textbox", { name: "Display Name" }).fill("E2E Newcomer");
    await page.getByRole("combobox", { name: "Country" }).selectOption("FR");
    await page.getByRole("textbox", { name: "Discord Tag" }).fill("newcomer#0420");
    await page.getByRole("textbox", { name: "Switch Friend Code" }).fill(`SW-${used.fc}`);
    await page.getByRole("button", { name: "Create Profile" }).click();

    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("The following friend codes and IDs have been previously used by another player:").waitFor();
    await dialog.getByText(`Switch: SW-${used.fc}`).waitFor();
    expect(await dialog.textContent()).toContain(used.name);
    await dialog.getByText("Do you still want to continue?").waitFor();
    await page.screenshot({ path: shot("players-fc-conflict") });
    await dialog.getByRole("button", { name: "No" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("textbox", { name: "Display Name" }).inputValue()).toBe("E2E Newcomer");
    expect(await page.getByRole("textbox", { name: "Switch Friend Code" }).inputValue()).toBe(`SW-${used.fc}`);
    expect(new URL(page.url()).pathname).toBe("/registry/edit_profile");

    await page.getByRole("button", { name: "Create Profile" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(/\/registry\/players\/\d+$/);
    await page.getByRole("heading", { name: "E2E Newcomer", level: 1 }).waitFor();
    await page.getByText("Your profile has been created.").waitFor();
    await page.getByText(`SW-${used.fc}`).waitFor();
    await page.getByRole("link", { name: "Edit Profile" }).waitFor();
    await context.close();
  });

  it("player@example.com: locked country and codes, the upsell, a pending name change, then a refusal with the date", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "player@example.com");
    await page.goto("/registry/edit_profile");
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    // Locked values are read-only text with the ticket hint, not editable inputs.
    expect(await page.getByRole("textbox", { name: "Country" }).isEditable()).toBe(false);
    expect(await page.getByRole("textbox", { name: "Switch Friend Code" }).isEditable()).toBe(false);
    expect(await page.getByRole("textbox", { name: "Switch Friend Code" }).getAttribute("aria-describedby")).toBeTruthy();
    await page
      .getByRole("note")
      .getByText(/can only be changed by staff once set/)
      .waitFor();
    await page.getByRole("note").getByRole("link", { name: "support forum" }).waitFor();
    await page.getByTestId("supporter-upsell").getByRole("link", { name: "Become a supporter" }).waitFor();
    await page.screenshot({ path: shot("players-edit-locked"), fullPage: true });

    // Country and codes cannot be changed by calling the server directly either.
    const direct = await postFromPage(page, "/api/registry/edit_profile", { country: "FR" });
    expect(direct.status).toBe(403);

    const name = page.getByRole("textbox", { name: "Display Name" });
    await name.fill("DemoPlayerRenamed");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/registry\/players\/\d+$/);
    await page.getByRole("heading", { name: "DemoPlayer", level: 1 }).waitFor();
    await page.getByText(/Name change to DemoPlayerRenamed is pending approval\./).waitFor();

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("textbox", { name: "Display Name" }).fill("DemoPlayerAgain");
    await page.getByRole("button", { name: "Save" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^You can change your name again on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    expect(new URL(page.url()).pathname).toBe("/registry/edit_profile");
    await context.close();
  });

  it("supporter@example.com sets border, theme and background and sees them on the profile", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await login(page, "supporter@example.com");
      await page.goto("/registry/edit_profile");
      const swatches = page.getByRole("group", { name: "Profile Border Colour" });
      await swatches.waitFor();
      await swatches.getByTitle("Ruby").click();
      await page.getByRole("combobox", { name: "Theme" }).selectOption("volcano");
      await page.getByText("Upload an image (up to 8MB)").click();
      await page.getByLabel("Background image").setInputFiles({ name: "bg.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/registry\/players\/\d+$/);
      const profile = page.getByTestId("player-page");
      await profile.waitFor();
      expect(await profile.getAttribute("data-theme")).toBe("volcano");
      expect(await page.locator("[data-border]").getAttribute("data-border")).toBe("47");
      expect(await page.locator("[data-background]").getAttribute("data-background")).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);
      await page.screenshot({ path: shot(`players-supporter-${width}`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it("an administrator creates a shadow player and edits any player; a non-admin gets 403 from the admin call", async () => {
    const target = query<{ id: number; name: string }>(
      "select id, display_name as name from players where user_id > 7 and is_hidden = 0 and is_banned = 0 order by id limit 1",
    );
    const { context, page } = await newPage(browser);
    await login(page, "admin@example.com");
    await page.goto("/registry/players");
    await page.getByRole("link", { name: "New Player" }).click();
    await page.getByRole("textbox", { name: "Registry Name" }).fill("E2E Ghost");
    await page.getByRole("combobox", { name: "Country" }).selectOption("BR");
    await page.getByRole("button", { name: "Create Shadow Player" }).click();
    await page.waitForURL(/\/registry\/players\/\d+$/);
    await page.getByRole("heading", { name: "E2E Ghost", level: 1 }).waitFor();
    await page.getByText("Shadow Player", { exact: true }).waitFor();
    const picker = await page.evaluate(async () => (await fetch("/api/registry/players/all?search=E2E Ghost")).json());
    expect(picker.data).toEqual([expect.objectContaining({ name: "E2E Ghost", country_code: "BR", is_shadow: true })]);

    await page.goto(`/registry/players/${target.id}`);
    await page.getByRole("link", { name: "Edit Player" }).click();
    await page.getByRole("heading", { name: `Edit Player: ${target.name}` }).waitFor();
    await page.getByRole("combobox", { name: "Country" }).selectOption("NZ");
    await page.getByRole("textbox", { name: "Profile Message" }).fill("Edited by an administrator.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(new RegExp(`/registry/players/${target.id}$`));
    await page.getByText("Edited by an administrator.").waitFor();
    await page.getByText("New Zealand").first().waitFor();
    await context.close();

    const player = await newPage(browser);
    await login(player.page, "player@example.com");
    const refused = await postFromPage(player.page, `/api/registry/players/${target.id}`, { profile_message: "hijack" });
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe("error");
    const shadow = await postFromPage(player.page, "/api/registry/players/new", { shadow: true, display_name: "Sneaky", country: "FR" });
    expect(shadow.status).toBe(403);
    await player.context.close();
  });

  it("shows a hidden player to staff only", async () => {
    const hidden = query<{ id: number; name: string }>(
      "select id, display_name as name from players where is_hidden = 1 order by id limit 1",
    );
    const anon = await newPage(browser);
    await anon.page.goto(`/registry/players/${hidden.id}`);
    await anon.page.getByRole("heading", { name: "Player not found" }).waitFor();
    await anon.context.close();

    const mod = await newPage(browser);
    await login(mod.page, "mod@example.com");
    await mod.page.goto(`/registry/players/${hidden.id}`);
    await mod.page.getByRole("heading", { name: hidden.name, level: 1 }).waitFor();
    await mod.page.getByText("Hidden", { exact: true }).waitFor();
    await mod.context.close();
  });
});
