import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createNews } from "./factories.js";

const D = await dialects();

describe.each(D)("news list and editing (%s)", (dialect) => {
  let t: TestApp;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    await signedIn(t, { email: "player@example.com", player: false, signIn: false });
    for (let i = 0; i < 12; i++) await createNews(d, { title: `Post ${i}`, created_at: now - i * 1000 });
    await createNews(d, { title: "Draft", published: 0, created_at: now + 1000 });
  });
  afterAll(() => t.close());

  it("pages published posts for everyone and shows drafts to staff", async () => {
    const anon = new Client(t.app);
    const p1 = (await anon.get("/api/media/news?page=1")).json();
    expect(p1.data).toHaveLength(10);
    expect(p1.data[0]).toMatchObject({ title: "Post 0", published: true, url: `/news/${p1.data[0].id}` });
    expect(p1.has_next_page).toBe(true);
    expect((await anon.get("/api/media/news?page=2")).json().data).toHaveLength(2);
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.get("/api/media/news?page=1")).json().data[0]).toMatchObject({ title: "Draft", published: false });
  });

  it("only administrators and moderators write, edit and unpublish; others change nothing", async () => {
    const player = await signIn(t, "player@example.com");
    expect((await player.post("/api/media/news/new/edit", { title: "Mine", content: "x", published: true })).statusCode).toBe(403);
    const first = (await player.get("/api/media/news?page=1")).json().data[0];
    expect((await player.post(`/api/media/news/${first.id}/edit`, { title: "Hacked", content: "x", published: false })).statusCode).toBe(
      403,
    );
    expect((await player.get(`/api/media/news/${first.id}/source`)).statusCode).toBe(403);

    const mod = await signIn(t, "mod@example.com");
    const created = await mod.post("/api/media/news/new/edit", { title: "Mod News", content: "**Hi**", image: "", published: true });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect((await mod.get("/api/media/news/latest")).json().data[0].title).toBe("Mod News");
    const src = (await mod.get(`/api/media/news/${id}/source`)).json();
    expect(src).toEqual({ id, title: "Mod News", content: "**Hi**", image: null, published: true });
    expect((await mod.post(`/api/media/news/${id}/edit`, { ...src, title: "Mod News 2", published: false })).statusCode).toBe(200);
    const anon = new Client(t.app);
    expect((await anon.get(`/api/media/news/${id}`)).statusCode).toBe(404);
    expect((await anon.get("/api/media/news/latest")).json().data[0].title).toBe("Post 0");
    expect((await mod.post("/api/media/news/99999/edit", { ...src, published: true })).statusCode).toBe(404);
  });
});
