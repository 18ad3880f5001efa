import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_PAGE_SIZE } from "@site/contract";
import { dateTimeHuman } from "../src/lib/dates.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";

const dateTimeHumanOf = (isoTime: string) => dateTimeHuman(Date.parse(isoTime));

const D = await dialects();

describe.each(D)("notifications (%s)", (dialect) => {
  let t: TestApp;
  let userId: number;
  let otherId: number;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    userId = (await signedIn(t, { email: "reader@example.com", player: false, signIn: false })).userId;
    otherId = (await signedIn(t, { email: "other@example.com", player: false, signIn: false })).userId;
    // 60 notifications: every 4th is important (warning/critical), the newest 10 are read.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      user_id: userId,
      level: i % 8 === 0 ? "critical" : i % 4 === 0 ? "warning" : i % 2 ? "info" : "success",
      message: `Message <b>${i}</b>`,
      is_read: i >= 50 ? 1 : 0,
      created_at: now - (60 - i) * 1000,
    }));
    await t.database.db.insertInto("notifications").values(rows).execute();
    await t.database.db
      .insertInto("notifications")
      .values({ user_id: otherId, level: "info", message: "Not yours", is_read: 0, created_at: now })
      .execute();
  });
  afterAll(() => t.close());

  it("refuses anonymous callers", async () => {
    const c = new Client(t.app);
    await c.session();
    expect((await c.get("/api/notifications?filter=all")).statusCode).toBe(401);
    expect((await c.post("/api/notifications/read_all")).statusCode).toBe(401);
  });

  it("pages All and Important, newest first, and lists Unread without paging", async () => {
    const c = await signIn(t, "reader@example.com");
    const all1 = (await c.get("/api/notifications?filter=all&page=1")).json();
    expect(all1.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(all1.has_next_page).toBe(true);
    expect(all1.data[0]).toMatchObject({ message: "Message <b>59</b>", read: true, level: "info" });
    expect(all1.data[0].time_human).toMatch(/UTC$/);
    // The same instant as ISO, for the page's relative time (issue 17 §2).
    expect(dateTimeHumanOf(all1.data[0].time)).toBe(all1.data[0].time_human);
    const all3 = (await c.get("/api/notifications?filter=all&page=3")).json();
    expect(all3.data).toHaveLength(20);
    expect(all3.has_next_page).toBe(false);
    expect(all3.data.at(-1).message).toBe("Message <b>0</b>");

    const imp = (await c.get("/api/notifications?filter=important&page=1")).json();
    expect(imp.data).toHaveLength(15);
    expect(imp.has_next_page).toBe(false);
    expect(imp.data.every((n: { level: string }) => n.level === "warning" || n.level === "critical")).toBe(true);

    const unread = (await c.get("/api/notifications?filter=unread&page=2")).json();
    expect(unread.data).toHaveLength(50);
    expect(unread.has_next_page).toBe(false);
    expect(unread.data.every((n: { read: boolean }) => !n.read)).toBe(true);
    expect(unread.data.some((n: { message: string }) => n.message === "Not yours")).toBe(false);
  });

  it("marks one read, refuses another user's, then marks all read; the session count follows", async () => {
    const c = await signIn(t, "reader@example.com");
    expect((await c.session()).user.unread_notifications).toBe(50);
    const first = (await c.get("/api/notifications?filter=unread")).json().data[0];
    const r = await c.post(`/api/notifications/${first.id}/read`);
    expect(r.statusCode).toBe(200);
    expect(r.json().unread).toBe(49);
    const theirs = await t.database.db.selectFrom("notifications").select("id").where("user_id", "=", otherId).executeTakeFirstOrThrow();
    expect((await c.post(`/api/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    const other = await t.database.db.selectFrom("notifications").select("is_read").where("id", "=", theirs.id).executeTakeFirstOrThrow();
    expect(other.is_read).toBe(0);
    expect((await c.post("/api/notifications/read_all")).json().unread).toBe(0);
    expect((await c.session()).user.unread_notifications).toBe(0);
    expect((await c.get("/api/notifications?filter=unread")).json().data).toHaveLength(0);
    const o = await signIn(t, "other@example.com");
    expect((await o.session()).user.unread_notifications).toBe(1);
  });

  it("refuses a POST without the CSRF token", async () => {
    const c = await signIn(t, "reader@example.com");
    expect((await c.post("/api/notifications/read_all", undefined, { csrf: false })).statusCode).toBe(403);
  });
});
