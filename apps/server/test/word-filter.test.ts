import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "@site/contract";
import { containsFiltered } from "../src/features/word-filter/word-filter.service.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createTeam } from "./factories.js";

const D = await dialects();

describe("word matching", () => {
  it("matches whole words case-insensitively only", () => {
    const words = ["badword", "ass"];
    expect(containsFiltered("a BadWord here", words)).toBe(true);
    expect(containsFiltered("ass.", words)).toBe(true);
    expect(containsFiltered("class assassin badwords", words)).toBe(false);
    expect(containsFiltered("anything", [])).toBe(false);
  });
});

describe.each(D)("word filter (%s)", (dialect) => {
  let t: TestApp;
  let playerId: number;
  let teamId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    const player = { display_name: "Clean", discord_tag: "clean#0001" };
    ({ playerId } = await signedIn(t, { email: "player@example.com", player, signIn: false }));
    teamId = await createTeam(d, { team_name: "Clean Team", team_tag: "CLN" });
  });
  afterAll(() => t.close());

  it("only administrators read and save it", async () => {
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.get("/api/admin/word_filter")).statusCode).toBe(401);
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.get("/api/admin/word_filter")).statusCode).toBe(403);
    expect((await mod.post("/api/admin/word_filter", { words: "x" })).statusCode).toBe(403);
    const admin = await signIn(t, "admin@example.com");
    expect((await admin.get("/api/admin/word_filter")).json()).toEqual({ words: "" });
  });

  it("saves at most 100,000 characters", async () => {
    const admin = await signIn(t, "admin@example.com");
    expect((await admin.post("/api/admin/word_filter", { words: "a".repeat(LIMITS.wordFilter + 1) })).statusCode).toBe(400);
    expect((await admin.get("/api/admin/word_filter")).json().words).toBe("");
    expect((await admin.post("/api/admin/word_filter", { words: "Badword\nnasty phrase\n" })).statusCode).toBe(200);
    expect((await admin.get("/api/admin/word_filter")).json().words).toBe("Badword\nnasty phrase\n");
  });

  it("refuses a profile with a filtered word and lets a longer innocent word pass", async () => {
    const player = await signIn(t, "player@example.com");
    const refused = await player.post("/api/registry/edit_profile", { profile_message: "I am a BADWORD racer" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("The profile message contains a word that is not allowed.");
    const ok = await player.post("/api/registry/edit_profile", { profile_message: "Badwords are badwordy" });
    expect(ok.statusCode).toBe(200);
    const staff = await signIn(t, "admin@example.com");
    const name = await staff.post(`/api/registry/players/${playerId}`, { display_name: "badword" });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe("The display name contains a word that is not allowed.");
    const p = await t.database.db
      .selectFrom("players")
      .select(["display_name", "profile_message"])
      .where("id", "=", playerId)
      .executeTakeFirstOrThrow();
    expect(p).toEqual({ display_name: "Clean", profile_message: "Badwords are badwordy" });
  });

  it("refuses shadow team names and news", async () => {
    const admin = await signIn(t, "admin@example.com");
    const team = await admin.post("/api/registry/teams/shadow", {
      team_category: "mk8dx_150",
      team_name: "The Nasty Phrase",
      team_tag: "NP",
      team_color: 3,
    });
    expect(team.statusCode).toBe(400);
    expect(team.json().message).toBe("The team name contains a word that is not allowed.");
    const news = await admin.post("/api/media/news", { title: "Hello", content: "a badword!" });
    expect(news.statusCode).toBe(400);
    expect(news.json().message).toBe("The news text contains a word that is not allowed.");
    expect(teamId).toBeGreaterThan(0);
  });
});
