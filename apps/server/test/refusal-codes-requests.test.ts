import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_FEED_NOT_FOUND_MESSAGE, NO_START_DATE_MESSAGE, UNKNOWN_ERROR_MESSAGE } from "@site/contract";
import { ROUTE_ACCESS } from "../src/features/permissions/route-access.js";
import { AppError, MALFORMED_FORM_MESSAGE, NUL_MESSAGE, registerErrorHandler } from "../src/lib/errors.js";
import { consumeOrRefuse, MemoryLimiterStore, TOO_MANY_INVITATIONS } from "../src/lib/limiter.js";
import { createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { multipart, postForm } from "./tournament-helpers.js";

const D = await dialects();

/**
 * The remaining refusals carry codes (#21): the error handler's own answers (schema validation,
 * malformed forms, Fastify's 4xx, text with U+0000), the form readers, uploads, profile saves,
 * the calendar, notifications, the route table's 403s and the registry lists. The English
 * `message` of each is unchanged; `code` and `params` name the web catalogue's `error.<code>`.
 */
describe.each(D)("request, upload, profile and registry refusals have codes (%s)", (dialect) => {
  let t: TestApp;
  let plain: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    plain = await signedIn(t);
  });
  afterAll(() => t.close());

  it("schema validation: 400 validation.invalid naming the field, the zod message unchanged", async () => {
    const res = await plain.c.get("/api/calendar/tournaments.ics?game=gta");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: "game: Unknown game.", code: "validation.invalid", params: { field: "game" } });
  });

  it("Fastify's own 4xx: invalid JSON, an empty JSON body, a body over the limit, an unparsed media type", async () => {
    const send = (payload: string, type: string) =>
      plain.c.request({ method: "POST", url: "/api/notifications/read_all", payload, headers: { "content-type": type } });
    const broken = await send("{", "application/json");
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      status: "error",
      message: "Body is not valid JSON but content-type is set to 'application/json'",
      code: "request.invalid_json",
    });
    const empty = await send("", "application/json");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "request.empty_json" });
    const huge = await send(JSON.stringify({ pad: "x".repeat(1024 * 1024) }), "application/json");
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: "error", message: "Request body is too large", code: "request.body_too_large" });
    const xml = await send("<a/>", "text/xml");
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ status: "error", message: "Unsupported Media Type", code: "request.unsupported_media" });
  });

  it("a state-changing request without the browser's CSRF token: 403 auth.session_expired", async () => {
    const res = await plain.c.post("/api/notifications/read_all", {}, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: "error",
      message: "Your session has expired. Reload the page and try again.",
      code: "auth.session_expired",
    });
  });

  it("text holding U+0000: 400 request.nul, in a JSON body and in a multipart form", async () => {
    const json = await plain.c.post("/api/registry/edit_profile", { display_name: "a\u0000b" });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ status: "error", message: NUL_MESSAGE, code: "request.nul" });
    const form = await postForm(plain.c, "/api/registry/edit_profile", { display_name: "a\u0000b" });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ status: "error", message: NUL_MESSAGE, code: "request.nul" });
  });

  it("form readers: a malformed multipart body, the profile form's media type, a JSON body that is no object", async () => {
    const { payload, headers } = await multipart({ display_name: "Cut" });
    const cut = await plain.c.request({
      method: "POST",
      url: "/api/registry/edit_profile",
      payload: payload.subarray(0, payload.length - 20),
      headers,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ status: "error", message: MALFORMED_FORM_MESSAGE, code: "request.malformed_form" });
    const text = await plain.c.request({
      method: "POST",
      url: "/api/registry/edit_profile",
      payload: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      status: "error",
      message: "Send the profile form as application/json or multipart/form-data.",
      code: "request.form_type",
      params: { form: "profile" },
    });
    const list = await plain.c.request({
      method: "POST",
      url: "/api/registry/edit_profile",
      payload: "[]",
      headers: { "content-type": "application/json" },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({
      status: "error",
      message: "Send the profile form as a JSON object of its fields.",
      code: "request.form_not_object",
      params: { form: "profile" },
    });
  });

  it("uploads: not multipart, not an image, over the cap, an unknown image", async () => {
    const notForm = await plain.c.post("/api/uploads?purpose=team_logo", { file: "x" });
    expect(notForm.statusCode).toBe(415);
    expect(notForm.json()).toEqual({
      status: "error",
      message: "Send the image as multipart/form-data in the field 'file'.",
      code: "uploads.multipart_required",
    });
    const text = await postForm(plain.c, "/api/uploads?purpose=team_logo", {}, { field: "file", data: Buffer.from("not an image") });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      status: "error",
      message: "The file is not a supported image (JPEG, PNG, WebP or GIF).",
      code: "uploads.not_image",
    });
    const big = await postForm(plain.c, "/api/uploads?purpose=team_logo", {}, { field: "file", data: Buffer.alloc(201 * 1024, 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      status: "error",
      message: "The logo exceeds the maximum size of 200KB.",
      code: "uploads.too_large",
      params: { size: 200, unit: "KB" },
    });
    const missing = await plain.c.get("/uploads/0123456789abcdef0123456789abcdef.webp");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "error", message: "Image not found.", code: "uploads.image_not_found" });
  });

  it("profile saves and reads: supporter fields, a missing player", async () => {
    const me = await signedIn(t);
    const supporter = await me.c.post("/api/registry/edit_profile", { border_color: 41 });
    expect(supporter.statusCode).toBe(403);
    expect(supporter.json()).toEqual({
      status: "error",
      message: "Only supporters can change the border colour, theme and background.",
      code: "players.supporter_only",
    });
    const missing = await plain.c.get("/api/registry/players/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "error", message: "Player not found.", code: "players.not_found" });
  });

  it("calendar: a tournament without a start date, an unknown personal feed", async () => {
    const undated = await createTournament(t.database, { start_date: null, end_date: null });
    const noDate = await plain.c.get(`/api/events/${undated}/calendar.ics`);
    expect(noDate.statusCode).toBe(404);
    expect(noDate.json()).toEqual({ status: "error", message: NO_START_DATE_MESSAGE, code: "calendar.no_start_date" });
    const feed = await plain.c.get(`/api/calendar/u/${"A".repeat(43)}.ics`);
    expect(feed.statusCode).toBe(404);
    expect(feed.json()).toEqual({ status: "error", message: CALENDAR_FEED_NOT_FOUND_MESSAGE, code: "calendar.feed_not_found" });
  });

  it("notifications, the route table's 403 and the registry lists", async () => {
    const note = await plain.c.post("/api/notifications/999999/read");
    expect(note.statusCode).toBe(404);
    expect(note.json()).toEqual({ status: "error", message: "Notification not found.", code: "notifications.not_found" });
    const bans = await plain.c.get("/api/admin/bans");
    expect(bans.statusCode).toBe(403);
    expect(bans.json()).toEqual({
      status: "error",
      message: "Only moderators and administrators can ban players or activate accounts.",
      code: "moderation.ban_forbidden",
    });
    const category = await plain.c.get("/api/registry/teams/category/nope");
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ status: "error", message: "Unknown team category.", code: "teams.unknown_category" });
    const status = await plain.c.get("/api/registry/teams/category/all?status=banned");
    expect(status.statusCode).toBe(403);
    expect(status.json()).toEqual({
      status: "error",
      message: "Only moderators and administrators can list teams by status.",
      code: "teams.status_staff",
    });
    const team = await plain.c.get("/api/registry/teams/999999");
    expect(team.statusCode).toBe(404);
    expect(team.json()).toEqual({ status: "error", message: "Team not found.", code: "teams.not_found" });
  });
});

describe("rate limits carry their reason's code and the minutes (#21)", () => {
  it("a known message gets its code; a caller's reason keeps its params; minutes are a number", async () => {
    const store = new MemoryLimiterStore();
    const spec = { name: "codes_test", points: 1, durationSec: 120 };
    const refusal = async (reason?: { code: string; params?: Record<string, number> }, message = TOO_MANY_INVITATIONS) => {
      await consumeOrRefuse(store, spec, "k", message, reason).catch(() => undefined);
      return consumeOrRefuse(store, spec, "k", message, reason).then(
        () => null,
        (e: unknown) => e as AppError,
      );
    };
    const known = await refusal();
    expect(known?.message).toBe(`${TOO_MANY_INVITATIONS} Try again in 2 minutes.`);
    expect(known?.messageCode).toEqual({ code: "rate_limited.invitations", params: { minutes: 2 } });
    const own = await refusal({ code: "markdown.rate", params: { max: 30 } }, "You may preview at most 30 times a minute.");
    expect(own?.messageCode).toEqual({ code: "markdown.rate", params: { max: 30, minutes: 2 } });
    const other = await refusal(undefined, "Something else.");
    expect(other?.messageCode).toEqual({ code: "rate_limited.other", params: { minutes: 2 } });
  });
});

describe("the route table's own refusals carry codes (#21)", () => {
  it("every row with a message names the code of that message", () => {
    for (const [route, access] of Object.entries(ROUTE_ACCESS))
      if (typeof access === "object" && access.message !== undefined) expect(access.code, route).toMatch(/^[a-z_]+\.[a-z_.]+$/);
  });
});

describe("a failure nobody foresaw (#21)", () => {
  it("answers 500 with the generic message and its code, never the internal message", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get("/boom", async () => {
      throw new Error("internal detail: connection string");
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: "error", message: UNKNOWN_ERROR_MESSAGE, code: "unknown" });
    await app.close();
  });
});
