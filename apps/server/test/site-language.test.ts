import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bestAcceptedLanguage, chooseLanguage } from "../src/lib/site-language.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

describe.each(D)("the account's language (%s)", (dialect) => {
  let t: TestApp;
  let c: Client;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    c = new Client(t.app);
  });
  afterEach(() => t.close());

  it("is null until chosen, saved by POST /api/session/language and answered in the session", async () => {
    await signedIn(t, { email: "polyglot@example.com", player: false, signIn: false });
    expect((await c.login("polyglot@example.com")).json().user.language).toBeNull();
    const saved = await c.post("/api/session/language", { language: "ja" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe("ja");
    expect((await c.get("/api/session")).json().user.language).toBe("ja");
    // Only the six: neither the pseudo-locale nor an unknown code is stored.
    for (const language of ["en-XA", "nl", "", null]) {
      expect((await c.post("/api/session/language", { language })).statusCode, String(language)).toBe(400);
    }
    expect((await c.get("/api/session")).json().user.language).toBe("ja");
  });

  it("refuses it when logged out", async () => {
    await c.session();
    expect((await c.post("/api/session/language", { language: "fr" })).statusCode).toBe(401);
  });
});

describe("a page's language (#21)", () => {
  it("takes the account's, then the cookie's, then Accept-Language's, then English", () => {
    expect(chooseLanguage({ account: "ja", cookie: "fr", acceptLanguage: "de" })).toBe("ja");
    expect(chooseLanguage({ account: null, cookie: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(chooseLanguage({ account: null, cookie: undefined, acceptLanguage: "de-CH,de;q=0.9" })).toBe("de");
    expect(chooseLanguage({})).toBe("en");
  });

  it("skips unknown values at each step", () => {
    expect(chooseLanguage({ account: "xx", cookie: "zz", acceptLanguage: "nl,es;q=0.5" })).toBe("es");
    expect(chooseLanguage({ account: "en-XA", cookie: undefined })).toBe("en");
  });

  it("accepts the pseudo-locale from the cookie only", () => {
    expect(chooseLanguage({ cookie: "en-XA" })).toBe("en-XA");
    expect(chooseLanguage({ acceptLanguage: "en-XA" })).toBe("en");
  });

  it("ranks Accept-Language by q, keeping the header's order on ties", () => {
    expect(bestAcceptedLanguage("fr;q=0.5, ja;q=0.8, de;q=0.8")).toBe("ja");
    expect(bestAcceptedLanguage("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("pt");
    expect(bestAcceptedLanguage("ja;q=0, fr;q=0.1")).toBe("fr");
    expect(bestAcceptedLanguage("*")).toBeNull();
    expect(bestAcceptedLanguage("")).toBeNull();
    expect(bestAcceptedLanguage("zh-CN, ko")).toBeNull();
    expect(bestAcceptedLanguage("EN-gb")).toBe("en");
  });
});
