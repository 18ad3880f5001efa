import { afterEach, describe, expect, it } from "vitest";
import { getSiteConfig } from "./site";

function addMeta(content: string) {
  const meta = document.createElement("meta");
  meta.name = "site-config";
  meta.content = content;
  document.head.appendChild(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="site-config"]').forEach((m) => m.remove());
});

describe("getSiteConfig", () => {
  it("defaults to the site name and '/support'", () => {
    expect(getSiteConfig()).toEqual({ siteName: "Racing Central", supportForumUrl: "/support" });
  });

  it("reads the server's <meta name=site-config> JSON", () => {
    addMeta(JSON.stringify({ siteName: "Kart Hub", supportForumUrl: "https://forum.example" }));
    expect(getSiteConfig()).toEqual({ siteName: "Kart Hub", supportForumUrl: "https://forum.example" });
  });

  it("prefers window.__SITE__ when present", () => {
    addMeta(JSON.stringify({ siteName: "Meta", supportForumUrl: "/meta" }));
    window.__SITE__ = { siteName: "Global", supportForumUrl: "/global" };
    expect(getSiteConfig()).toEqual({ siteName: "Global", supportForumUrl: "/global" });
  });

  it("ignores a malformed tag and empty values", () => {
    addMeta("{not json");
    expect(getSiteConfig().supportForumUrl).toBe("/support");
    window.__SITE__ = { siteName: "", supportForumUrl: "" };
    expect(getSiteConfig()).toEqual({ siteName: "Racing Central", supportForumUrl: "/support" });
  });
});
