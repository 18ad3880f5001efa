import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_DISABLE_AFTER, WEBHOOK_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueDeliveries } from "../src/features/webhooks/webhook-delivery.service.js";
import { enqueueWebhookEvent, testPayload } from "../src/features/webhooks/webhook-events.service.js";
import { claimDue } from "../src/features/webhooks/webhooks.repository.js";
import { addMember, createPlayer, createTeam, createTournament } from "./factories.js";
import { Client, createSecondNode, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, grantSeriesRole, postForm, tournamentForm } from "./tournament-helpers.js";

/**
 * Outgoing webhooks (issue #20 §5) against a real HTTP receiver in this process (node:http on
 * 127.0.0.1, port 0; the app runs with WEBHOOK_ALLOW_PRIVATE=1 so it may call it). The worker's
 * timer is off in tests; each test runs `runDueDeliveries` itself, with an injected clock to step
 * over the backoff.
 */

const D = await dialects();

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The test receiver: records every request; `answers[path]` is a queue of statuses (default 200). */
class Receiver {
  received: Received[] = [];
  answers = new Map<string, number[]>();
  private server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const path = req.url ?? "/";
      this.received.push({ path, headers: req.headers, body });
      const status = this.answers.get(path)?.shift() ?? 200;
      res.statusCode = status;
      if (status === 429) res.setHeader("retry-after", "120");
      res.end("ok");
    });
  });
  url = "";
  async start() {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** What a receiver does to trust a JSON delivery: recompute the HMAC over "timestamp.body" and compare in constant time. */
function verify(secret: string, r: Received): boolean {
  const ts = String(r.headers["x-webhook-timestamp"]);
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(`${ts}.${r.body}`).digest("hex")}`);
  const got = Buffer.from(String(r.headers["x-webhook-signature"]));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

describe.each(D)("outgoing webhooks (%s)", (dialect) => {
  let t: TestApp;
  let rx: Receiver;
  let admin: SignedIn;
  let outsider: SignedIn;
  let anon: Client;
  let series: number;
  let T: number;

  beforeAll(async () => {
    rx = new Receiver();
    await rx.start();
    t = await createTestApp(dialect, { WEBHOOK_ALLOW_PRIVATE: "1", PUBLIC_URL: "https://racing.example" });
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    outsider = await signedIn(t);
    anon = new Client(t.app);
    await anon.session();
    series = await createSeries(t.database);
    T = await createTournament(t.database, {
      title: "Cup *Bold* @everyone",
      tournament_series_id: series,
      registrations_open: 0,
      event_format: 1,
    });
  });
  afterAll(async () => {
    await t?.close();
    await rx?.close();
  });

  const hooks = (scope: string, id: number) => `/api/webhooks/${scope}/${id}`;
  const create = (c: Client, scope: string, id: number, body: object) => c.post(hooks(scope, id), body);
  const run = (o: Parameters<typeof runDueDeliveries>[1] = {}, app = t) => runDueDeliveries(app.app.ctx, { random: () => 0.5, ...o });
  const log = async (scope: string, id: number, hookId: number) =>
    (await admin.c.get(`${hooks(scope, id)}/${hookId}/deliveries`)).json().data;

  it("registrations opening reaches a Discord hook (an embed, escaped, no mentions) and a signed JSON hook", async () => {
    const discord = await create(admin.c, "tournament", T, {
      url: `${rx.url}/discord`,
      format: "discord",
      events: ["registrations.opened"],
    });
    expect(discord.statusCode).toBe(200);
    expect(discord.json().secret).toBeNull();
    const json = await create(admin.c, "series", series, {
      url: `${rx.url}/json`,
      format: "json",
      events: ["registrations.opened", "checkin.opened"],
    });
    expect(json.statusCode).toBe(200);
    const secret = json.json().secret as string;
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    // The secret is shown once: the list never carries it.
    expect(JSON.stringify((await admin.c.get(hooks("series", series))).json())).not.toContain(secret);

    expect((await admin.c.post(`/api/events/${T}/controls`, { registrations_open: true })).statusCode).toBe(200);
    // Durable: the deliveries were written with the change, before any worker ran.
    const queued = await t.database.db.selectFrom("webhook_deliveries").select(["status", "kind"]).execute();
    expect(queued).toEqual([
      { status: "pending", kind: "registrations.opened" },
      { status: "pending", kind: "registrations.opened" },
    ]);

    expect(await run()).toMatchObject({ claimed: 2, delivered: 2 });
    const [d] = rx.at("/discord");
    const body = JSON.parse(d!.body);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0].title).toBe("Registrations are open: Cup \\*Bold\\* \\@everyone");
    expect(body.embeds[0].url).toBe(`https://racing.example/tournaments/${T}`);

    const [j] = rx.at("/json");
    expect(verify(secret, j!)).toBe(true);
    expect(verify("whsec_wrong", j!)).toBe(false);
    const event = JSON.parse(j!.body);
    expect(event).toMatchObject({ event: "registrations.opened", data: { tournament: { id: T, title: "Cup *Bold* @everyone" } } });
    expect(j!.headers["x-webhook-id"]).toMatch(/^\d+$/);

    const rows = await log("series", series, json.json().webhook.id);
    expect(rows).toMatchObject([{ kind: "registrations.opened", status: "delivered", attempts: 1, last_status_code: 200 }]);
    // Nothing left to deliver.
    expect((await run()).claimed).toBe(0);
  });

  it("a tournament created open in the series, or opened by its edit form, reaches the series' hooks once", async () => {
    const before = rx.at("/json").length;
    const made = await postForm(admin.c, "/api/events/new", tournamentForm({ series: String(series), tournament_title: "Form Cup" }));
    expect(made.statusCode).toBe(200);
    const closed = await postForm(admin.c, "/api/events/new", tournamentForm({ series: String(series), registrations_open: false }));
    const C = closed.json().id as number;
    // Saving the form again without opening sends nothing; opening by the form does.
    const edit = `/api/events/${C}`;
    expect((await postForm(admin.c, edit, tournamentForm({ series: String(series), registrations_open: false }))).statusCode).toBe(200);
    expect((await postForm(admin.c, edit, tournamentForm({ series: String(series), registrations_open: true }))).statusCode).toBe(200);
    expect((await postForm(admin.c, edit, tournamentForm({ series: String(series), registrations_open: true }))).statusCode).toBe(200);
    await run();
    const got = rx
      .at("/json")
      .slice(before)
      .map((r) => JSON.parse(r.body).data.tournament.id);
    expect(got.sort()).toEqual([made.json().id, C].sort());
  });

  it("retries with backoff (500, 500, then 200) and the log shows the attempts", async () => {
    const res = await create(admin.c, "tournament", T, { url: `${rx.url}/flaky`, format: "json", events: ["placements.final"] });
    const id = res.json().webhook.id as number;
    rx.answers.set("/flaky", [500, 500]);
    expect((await admin.c.post(`${hooks("tournament", T)}/${id}/test`)).json().message).toBe(M.testQueued);
    const t0 = Date.now();
    expect(await run({ now: t0 })).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await log("tournament", T, id);
    expect(row).toMatchObject({ kind: "test", status: "failed", attempts: 1, last_status_code: 500, last_error: "HTTP 500" });
    expect(Date.parse(row.next_attempt_at) - t0).toBe(30_000);
    // Not due before the backoff passed.
    expect((await run({ now: t0 + 29_000 })).claimed).toBe(0);
    expect(await run({ now: t0 + 30_000 })).toMatchObject({ claimed: 1, retrying: 1 });
    [row] = await log("tournament", T, id);
    expect(Date.parse(row.next_attempt_at) - (t0 + 30_000)).toBe(120_000);
    expect(await run({ now: t0 + 150_000 })).toMatchObject({ claimed: 1, delivered: 1 });
    [row] = await log("tournament", T, id);
    expect(row).toMatchObject({ status: "delivered", attempts: 3, last_status_code: 200, next_attempt_at: null });
    const got = rx.at("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers["x-webhook-id"])).size).toBe(1);
  });

  it("disables a hook after repeated failed deliveries and notifies its creator", async () => {
    const res = await create(admin.c, "tournament", T, { url: `${rx.url}/gone`, format: "discord", events: ["placements.final"] });
    const id = res.json().webhook.id as number;
    rx.answers.set("/gone", Array(10).fill(410));
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER; i++) await admin.c.post(`${hooks("tournament", T)}/${id}/test`);
    expect(await run()).toMatchObject({ claimed: WEBHOOK_DISABLE_AFTER, dead: WEBHOOK_DISABLE_AFTER, disabled: 1 });
    const hook = (await admin.c.get(hooks("tournament", T))).json().data.find((h: { id: number }) => h.id === id);
    expect(hook).toMatchObject({
      enabled: false,
      consecutive_failures: WEBHOOK_DISABLE_AFTER,
      disabled_reason: `Disabled after ${WEBHOOK_DISABLE_AFTER} failed deliveries in a row.`,
    });
    const notes = await t.database.db
      .selectFrom("notifications")
      .select(["message", "level"])
      .where("user_id", "=", admin.userId)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.level).toBe("warning");
    expect(notes[0]!.message).toContain(`/webhooks/tournament/${T}`);
    expect((await admin.c.post(`${hooks("tournament", T)}/${id}/test`)).statusCode).toBe(400);
    // Enabling again clears the count.
    const on = await admin.c.post(`${hooks("tournament", T)}/${id}`, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
  });

  it("a delivery left delivering by a dead node is sent again once its lease passed", async () => {
    const res = await create(admin.c, "tournament", T, { url: `${rx.url}/lease`, format: "json", events: ["placements.final"] });
    const id = res.json().webhook.id as number;
    await admin.c.post(`${hooks("tournament", T)}/${id}/test`);
    const t0 = Date.now() + 1;
    // A node claims it and dies before recording anything.
    const claimed = await claimDue(t.database.db, dialect, t0, t0 + 60_000, 10);
    expect(claimed).toHaveLength(1);
    expect((await run({ now: t0 + 59_000 })).claimed).toBe(0);
    expect(await run({ now: t0 + 60_000 })).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await log("tournament", T, id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(rx.at("/lease")).toHaveLength(1);
  });

  it("two workers on one database deliver each event exactly once; one event enqueued twice is one delivery", async () => {
    const b = await createSecondNode(t, { WEBHOOK_ALLOW_PRIVATE: "1" });
    try {
      const res = await create(admin.c, "series", series, { url: `${rx.url}/race`, format: "json", events: ["placements.final"] });
      const id = res.json().webhook.id as number;
      for (let i = 0; i < 40; i++) {
        await t.database.db.transaction().execute(async (trx) => {
          // Both nodes "observe" each event: the second enqueue is a no-op.
          expect(await enqueueWebhookEvent(trx, { seriesId: series }, "test", `race:${i}`, testPayload("x", null), { onlyHook: id })).toBe(
            1,
          );
          expect(await enqueueWebhookEvent(trx, { seriesId: series }, "test", `race:${i}`, testPayload("x", null), { onlyHook: id })).toBe(
            0,
          );
        });
      }
      const drain = async (node: TestApp) => {
        let n = 0;
        for (;;) {
          const r = await run({ limit: 3 }, node);
          n += r.claimed;
          if (r.claimed === 0) return n;
        }
      };
      const [na, nb] = await Promise.all([drain(t), drain(b)]);
      expect(na + nb).toBe(40);
      const ids = rx.at("/race").map((r) => r.headers["x-webhook-id"]);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      if (dialect === "postgres") expect(Math.min(na, nb)).toBeGreaterThan(0);
    } finally {
      await b.close();
    }
  });

  it("a scheduled check-in opening is sent once although every node scans for it", async () => {
    await create(admin.c, "series", series, { url: `${rx.url}/sched`, format: "json", events: ["checkin.opened"] });
    await new Promise((r) => setTimeout(r, 5));
    const now = Date.now();
    const S = await createTournament(t.database, {
      tournament_series_id: series,
      checkin_required: 1,
      checkin_opens_at: now - 1,
      checkin_closes_at: now + 3_600_000,
    });
    const b = await createSecondNode(t, { WEBHOOK_ALLOW_PRIVATE: "1" });
    try {
      await Promise.all([run({ now }), run({ now }, b)]);
      await run({ now });
      const got = rx.at("/sched").map((r) => JSON.parse(r.body));
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ event: "checkin.opened", data: { tournament: { id: S }, scheduled: true } });
    } finally {
      await b.close();
    }
  });

  it("a published round, a submitted table (with its image) and saved placements reach the hooks with names; the same list saved again does not", async () => {
    const F = await createTournament(t.database, {
      title: "FFA Hooked",
      event_format: 1,
      tournament_series_id: series,
      start_date: Date.now() - 3600_000,
    });
    const res = await create(admin.c, "tournament", F, {
      url: `${rx.url}/ffa`,
      format: "json",
      events: ["round.published", "room.table_submitted", "placements.final"],
    });
    expect(res.statusCode).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await createPlayer(t.database, { display_name: `Hook${i}`, country_code: "US" });
      ids.push(p);
      await t.database.db
        .insertInto("registrations")
        .values({
          tournament_id: F,
          player_id: p,
          status: "registered",
          can_host: i === 0 ? 1 : 0,
          registered_at: Date.now() - 100_000 + i,
        })
        .execute();
    }
    expect((await admin.c.post(`/api/events/${F}/rounds`, { races: 4, room_size: 12, seed: 7 })).statusCode).toBe(200);
    expect((await admin.c.post(`/api/events/${F}/rounds/1/publish`)).statusCode).toBe(200);
    const totals = ids.map((player_id, k) => ({ player_id, total: 60 - k }));
    const table = await admin.c.post(`/api/events/${F}/rounds/1/rooms/1/table`, { mode: "totals", totals, confirm_mismatch: true });
    expect(table.json()).toMatchObject({ saved: true });
    const placements = ids.map((entrant_id, i) => ({ entrant_id, placement: i + 1, placement_upper_bound: null, dq: false, title: null }));
    expect((await admin.c.post(`/api/events/${F}/placements`, { placements, total_registrations_override: null })).statusCode).toBe(200);
    expect((await admin.c.post(`/api/events/${F}/placements`, { placements, total_registrations_override: null })).statusCode).toBe(200);
    await run();
    const got = rx.at("/ffa").map((r) => JSON.parse(r.body));
    expect(got.map((g) => g.event).sort()).toEqual(["placements.final", "room.table_submitted", "round.published"]);
    const tableEvent = got.find((g) => g.event === "room.table_submitted");
    expect(tableEvent.data.room.image_url).toBe(`https://racing.example/api/events/${F}/rounds/1/rooms/1/table.png`);
    expect(tableEvent.data.room.results[0]).toEqual({ rank: 1, name: "Hook0", total: 60 });
    const round = got.find((g) => g.event === "round.published");
    expect(round.data.rooms).toHaveLength(1);
    expect(round.data.rooms[0].host).toBe("Hook0");
    expect(round.data.rooms[0].entrants).toHaveLength(12);
    const final = got.find((g) => g.event === "placements.final");
    expect(final.data.placements[0]).toMatchObject({ placement: 1, name: "Hook0", text: "1" });
  });

  it("a team's leader hears of players leaving; members and outsiders may not manage the team's hooks", async () => {
    const leader = await signedIn(t);
    const member = await signedIn(t);
    const A = await createTeam(t.database, { team_name: "Hook Team" });
    await addMember(t.database, A, leader.playerId, { is_leader: 1 });
    await addMember(t.database, A, member.playerId);
    expect((await create(member.c, "team", A, { url: `${rx.url}/team`, format: "json", events: ["team.transfer"] })).statusCode).toBe(403);
    expect(
      (await create(leader.c, "team", A, { url: `${rx.url}/team`, format: "json", events: ["placements.final"] })).json().message,
    ).toBe(M.eventsForScope);
    expect((await create(leader.c, "team", A, { url: `${rx.url}/team`, format: "json", events: ["team.transfer"] })).statusCode).toBe(200);
    expect((await member.c.post(`/api/registry/teams/${A}/leave`)).statusCode).toBe(200);
    await run();
    const [got] = rx.at("/team").map((r) => JSON.parse(r.body));
    expect(got).toMatchObject({ event: "team.transfer", data: { direction: "left", team: { id: A }, player: { name: member.name } } });
  });

  it("refuses other people: anonymous 401, not an owner 403, another scope's hook 404", async () => {
    expect((await anon.get(hooks("tournament", T))).statusCode).toBe(401);
    expect((await outsider.c.get(hooks("tournament", T))).statusCode).toBe(403);
    expect(
      (await create(outsider.c, "series", series, { url: `${rx.url}/x`, format: "json", events: ["placements.final"] })).statusCode,
    ).toBe(403);
    expect((await outsider.c.get(hooks("team", 999999))).statusCode).toBe(404);
    const mine = (await admin.c.get(hooks("tournament", T))).json().data[0].id as number;
    // The series' organizer administrates T (its hooks) but does not edit the series (its hooks).
    const organizer = await signedIn(t);
    await grantSeriesRole(t.database, series, organizer.userId, "series_mod");
    expect((await organizer.c.get(hooks("tournament", T))).statusCode).toBe(200);
    expect((await organizer.c.get(hooks("series", series))).statusCode).toBe(403);
    // A hook addressed through a scope it does not belong to is not found, even for its owner.
    const U = await createTournament(t.database, {});
    expect((await admin.c.get(`${hooks("tournament", U)}/${mine}/deliveries`)).statusCode).toBe(404);
    expect((await outsider.c.post(`${hooks("tournament", T)}/${mine}/delete`)).statusCode).toBe(403);
    expect((await admin.c.post(`${hooks("tournament", T)}/${mine}/delete`)).json().message).toBe(M.deleted);
  });

  it("without WEBHOOK_ALLOW_PRIVATE: http, loopback and private addresses are refused, at registration and at delivery", async () => {
    const strict = await createSecondNode(t);
    try {
      const c = new Client(strict.app);
      await c.login(admin.email);
      const refuse = async (url: string, message: string, format = "json") => {
        const r = await create(c, "tournament", T, { url, format, events: ["placements.final"] });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().message, url).toBe(message);
      };
      await refuse(`${rx.url}/x`, M.https);
      await refuse("https://127.0.0.1/x", M.privateAddress);
      await refuse("https://[::1]/x", M.privateAddress);
      await refuse("https://169.254.169.254/latest", M.privateAddress);
      await refuse("https://localhost/x", M.privateAddress);
      await refuse("https://example.com/hook", M.discordOnly, "discord");
      // A hook stored while allowed (or a name that later resolves privately) is refused when delivered.
      const r = await create(admin.c, "tournament", T, { url: `${rx.url}/strict`, format: "json", events: ["placements.final"] });
      const id = r.json().webhook.id as number;
      await admin.c.post(`${hooks("tournament", T)}/${id}/test`);
      await run({}, strict);
      expect(rx.at("/strict")).toHaveLength(0);
      expect((await log("tournament", T, id))[0]).toMatchObject({ status: "failed", last_error: "Refused: not https." });
      const r2 = await create(admin.c, "tournament", T, {
        url: `https://127.0.0.1:1/strict`,
        format: "json",
        events: ["placements.final"],
      });
      const id2 = r2.json().webhook.id as number;
      await admin.c.post(`${hooks("tournament", T)}/${id2}/test`);
      await run({}, strict);
      expect((await log("tournament", T, id2))[0]).toMatchObject({ status: "failed", last_error: "Refused: not a public address." });
      // A name is resolved when connecting and every address checked (DNS rebinding): localhost is refused.
      const r3 = await create(admin.c, "tournament", T, {
        url: `https://localhost:1/strict`,
        format: "json",
        events: ["placements.final"],
      });
      const id3 = r3.json().webhook.id as number;
      await admin.c.post(`${hooks("tournament", T)}/${id3}/test`);
      await run({}, strict);
      expect((await log("tournament", T, id3))[0]).toMatchObject({
        status: "failed",
        last_error: "Refused: the host resolved to a private address.",
      });
    } finally {
      await strict.close();
    }
  });

  it("limits hooks per scope", async () => {
    const V = await createTournament(t.database, {});
    for (let i = 0; i < 10; i++)
      expect(
        (await create(admin.c, "tournament", V, { url: `${rx.url}/n${i}`, format: "json", events: ["placements.final"] })).statusCode,
      ).toBe(200);
    expect(
      (await create(admin.c, "tournament", V, { url: `${rx.url}/n10`, format: "json", events: ["placements.final"] })).json().message,
    ).toBe(M.tooMany);
  });
});
