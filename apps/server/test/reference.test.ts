import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, isLoopbackUrl, loadConfig } from "../src/config.js";
import { renderMarkdown } from "../src/features/reference/markdown.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

// Payloads that must never survive the markdown preview: script, event handlers,
// javascript: and data: links, SVG and iframe tricks, entity-obfuscated schemes.
const XSS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  "![x](javascript:alert(1))",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '"><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  "[a](vbscript:msgbox(1))",
  "<body onload=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
];

describe("markdown rendering", () => {
  it.each(XSS)("neutralises %s", (payload) => {
    const html = renderMarkdown(payload);
    // Text is escaped (&lt;), so every raw "<" starts a real element: inspect those.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/^<(script|svg|iframe|object|embed|math|style|input|body|div)/i);
      expect(tag).not.toMatch(/\son\w+\s*=/i);
      expect(tag).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
      expect(tag).not.toMatch(/style=/i);
    }
    expect(html).not.toMatch(/<script/i);
  });

  it("keeps ordinary formatting and makes links safe", () => {
    const html = renderMarkdown("# Title\n\n**bold** _it_ [site](https://example.com)\n\n- a\n- b");
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).toContain("<ul>");
  });
});

describe("configuration", () => {
  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "99999" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "99999" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DEMO: "maybe" })).toThrow(/DEMO/);
  });

  it("defaults: port 3000, SQLite under ./data, demo only with DEMO=1, never in production or on a public address", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toMatch(/^sqlite:.*data\/site\.db$/);
    // Issue #15 §5: the demo (accounts with the password 'password') only when asked for.
    expect(c.demo).toBe(false);
    expect(loadConfig({ DEMO: "1" }).demo).toBe(true);
    expect(loadConfig({ DEMO: "1", PUBLIC_URL: "http://127.0.0.1:8080" }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).demo).toBe(false);
    const prod = loadConfig({ NODE_ENV: "production", DEMO: "1" });
    expect([prod.demo, prod.demoRefusal]).toEqual([false, "DEMO=1 is ignored when NODE_ENV=production."]);
    const pub = loadConfig({ DEMO: "1", PUBLIC_URL: "https://karts.example.org" });
    expect([pub.demo, pub.demoRefusal]).toEqual([
      false,
      "DEMO=1 is ignored because PUBLIC_URL (https://karts.example.org) is not a loopback address.",
    ]);
    expect(isLoopbackUrl("http://[::1]:3000")).toBe(true);
    expect(isLoopbackUrl("http://10.0.0.5")).toBe(false);
  });
});

describe.each(D)("reference calls, uploads and pages (%s)", (dialect) => {
  let t: TestApp;
  let c: Client;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><html><head><title>x</title></head><body><div id=root></div></body></html>");
    writeFileSync(join(webDist, "assets", "app-abc123.js"), "console.log(1)");
    writeFileSync(join(webDist, "assets", "big-def456.js"), "x".repeat(5000));
    writeFileSync(join(webDist, "assets", "big-def456.js.gz"), gzipSync("x".repeat(5000)));
    t = await createTestApp(dialect, { WEB_DIST: webDist, SITE_NAME: "Test Central", SUPPORT_FORUM_URL: "https://forum.example/help" });
    c = new Client(t.app);
    await signedIn(t, { email: "u@example.com", player: false, signIn: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("countries: the ISO list plus ZZ and XX", async () => {
    const r = (await c.get("/api/countries")).json();
    expect(r.ZZ).toBe("Choose a Country");
    expect(r.XX).toBe("Unknown Country");
    expect(r.FR).toBe("France");
    expect(Object.keys(r).length).toBeGreaterThan(240);
  });

  it("game modes: key and title, including Mario Kart World", async () => {
    const r = (await c.get("/api/tournaments/game_modes")).json();
    expect(r).toContainEqual({ key: "mk8dx_150", title: "150cc", game: "mk8dx", game_title: "Mario Kart 8 Deluxe" });
    expect(r.map((m: { key: string }) => m.key)).toContain("mkworld_150");
  });

  it("markdown preview call sanitises (signed in; anonymous callers get 401)", async () => {
    await c.session();
    expect((await c.post("/api/markdown", { markdown: "hi" })).statusCode).toBe(401);
    const { c: member } = await signedIn(t, { player: false });
    const r = await member.post("/api/markdown", { markdown: "hi <script>alert(1)</script> [x](javascript:alert(1))" });
    expect(r.statusCode).toBe(200);
    expect(r.json().html).not.toMatch(/<script|href="javascript/i);
    expect(r.json().html).toContain("&lt;script&gt;");
  });

  it("health and the OpenAPI document", async () => {
    expect((await c.get("/api/health")).json()).toEqual({ status: "ok", database: dialect });
    const doc = (await c.get("/api/docs")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/session", "/api/tournaments", "/api/registry/players"]));
  });

  it("pages: routes get the shell with site config, unknown paths 404, unknown API paths JSON 404", async () => {
    const home = await c.get("/");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toMatch(/text\/html/);
    expect(home.body).toContain('name="site-config"');
    expect(home.body).toContain("https://forum.example/help");
    expect((await c.get("/registry/players")).statusCode).toBe(200);
    expect((await c.get("/registry/teams/category/mk8dx_150")).statusCode).toBe(200);
    const missing = await c.get("/no/such/page");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<div id=root>");
    const api = await c.get("/api/nope");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: "error", message: "Not found.", code: "not_found" });
    const asset = await c.get("/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("compression: the shell, precompressed assets and large cached lists go out gzipped when accepted", async () => {
    const gz = { "accept-encoding": "gzip, deflate, br" };
    const page = await c.request({ method: "GET", url: "/", headers: gz });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.rawPayload).toString()).toContain('name="site-config"');
    const asset = await c.request({ method: "GET", url: "/assets/big-def456.js", headers: gz });
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(asset.rawPayload).toString()).toBe("x".repeat(5000));
    const countries = await c.request({ method: "GET", url: "/api/countries", headers: gz });
    expect(countries.headers["content-encoding"]).toBeUndefined();
    const plain = await c.get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('name="site-config"');
  });

  function multipart(data: Buffer, filename = "a.png") {
    const boundary = "----test" + Math.random().toString(16).slice(2);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  it("uploads: sniffed, re-encoded, served with a long cache; anonymous refused", async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: "#ff0000" } })
      .png()
      .toBuffer();
    const anon = new Client(t.app);
    await anon.session();
    const refused = await anon.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(png) });
    expect(refused.statusCode).toBe(401);

    await c.login("u@example.com");
    const r = await c.request({ method: "POST", url: "/api/uploads?purpose=team_logo", ...multipart(png) });
    expect(r.statusCode).toBe(200);
    const up = r.json();
    expect(up).toMatchObject({ width: 64, height: 32 });
    expect(up.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await c.get(up.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
  });

  it("uploads: a file over the cap gets 413 with the spec's message; a non-image 415", async () => {
    await c.login("u@example.com");
    const big = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#123456" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(200 * 1024);
    const tooBig = await c.request({ method: "POST", url: "/api/uploads?purpose=team_logo", ...multipart(big) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      status: "error",
      message: "The logo exceeds the maximum size of 200KB.",
      code: "uploads.too_large",
      params: { size: 200, unit: "KB" },
    });
    const fake = await c.request({
      method: "POST",
      url: "/api/uploads?purpose=markdown",
      ...multipart(Buffer.from("<svg onload=alert(1)></svg>"), "x.png"),
    });
    expect(fake.statusCode).toBe(415);
    const noCsrf = await c.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(big), csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});
