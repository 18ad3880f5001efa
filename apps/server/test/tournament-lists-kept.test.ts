import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue #16: the public tournament lists are kept (also with the micro-cache off, as here) until
 * a write through the services clears `tournaments:`, a new tournament appears, or the clock
 * changes a list (a start, an end, a registration close), whichever comes first; the answer is
 * never older than that.
 */
describe.each(await dialects())("kept tournament lists (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    anon = new Client(t.app);
    admin = await signedIn(t, { roles: ["event_admin"] });
  });
  afterAll(() => t.close());

  type Card = { id: number; title: string; registrations_open: boolean };
  const latest = async () => (await anon.get("/api/tournaments?tab=latest")).json() as { upcoming: Card[]; ongoing: Card[] };
  const where = (lists: { upcoming: Card[]; ongoing: Card[] }, id: number) =>
    lists.upcoming.some((c) => c.id === id) ? "upcoming" : lists.ongoing.some((c) => c.id === id) ? "ongoing" : "absent";

  it("moves a tournament from upcoming to ongoing when it starts, with no write in between", async () => {
    const id = await createTournament(t.database, {
      title: "Starts Soon",
      start_date: Date.now() + 1200,
      end_date: Date.now() + 3_600_000,
    });
    expect(where(await latest(), id)).toBe("upcoming");
    await sleep(1300);
    expect(where(await latest(), id)).toBe("ongoing");
  });

  it("is kept between writes, and a write through the services shows at once", async () => {
    const id = await createTournament(t.database, { title: "Kept Cup", registrations_open: 0 });
    const before = (await latest()).upcoming.find((c) => c.id === id)!;
    expect(before).toMatchObject({ title: "Kept Cup", registrations_open: false });
    // A change made behind the services' back (hand-run SQL) is not seen while the answer is kept…
    await t.database.db.updateTable("tournaments").set({ title: "Renamed By Hand" }).where("id", "=", id).execute();
    expect((await latest()).upcoming.find((c) => c.id === id)!.title).toBe("Kept Cup");
    // …but any write through a service clears it: the next read has both changes.
    expect((await admin.c.post(`/api/events/${id}/controls`, { registrations_open: true })).statusCode).toBe(200);
    expect((await latest()).upcoming.find((c) => c.id === id)).toMatchObject({ title: "Renamed By Hand", registrations_open: true });
  });

  it("keeps the anonymous tournament page until a write or its scheduled registration close, and flips on time", async () => {
    const id = await createTournament(t.database, {
      title: "Closing Soon",
      event_format: 1,
      registrations_open: 1,
      registrations_close_at: Date.now() + 1200,
    });
    const page = async () => (await anon.get(`/api/events/${id}`)).json() as { title: string; registrations_open: boolean };
    let statements = 0;
    const stop = t.database.observeQueries!(() => statements++);
    expect(await page()).toMatchObject({ title: "Closing Soon", registrations_open: true });
    const computed = statements;
    statements = 0;
    expect(await page()).toMatchObject({ registrations_open: true });
    stop();
    // Kept: one statement (the data version) instead of the page's reads.
    if (dialect === "sqlite") expect(statements).toBe(1);
    expect(computed).toBeGreaterThan(1);
    // A hand-run change is a committed write: seen at once.
    await t.database.db.updateTable("tournaments").set({ title: "Closing Soon (renamed)" }).where("id", "=", id).execute();
    expect((await page()).title).toBe("Closing Soon (renamed)");
    // The scheduled close passes with no write: the page flips.
    await sleep(1300);
    expect(await page()).toMatchObject({ title: "Closing Soon (renamed)", registrations_open: false });
  });

  it("lists a tournament added outside the services at once (the newest id is part of the key)", async () => {
    await latest();
    const id = await createTournament(t.database, { title: "Imported Cup" });
    expect(where(await latest(), id)).toBe("upcoming");
  });
});
