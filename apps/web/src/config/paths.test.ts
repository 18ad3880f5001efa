import { describe, expect, it } from "vitest";
import { paths, safeNext, withNext } from "./paths";

describe("safeNext (the ?next= destination)", () => {
  it("honours same-site paths with their query and hash", () => {
    expect(safeNext("/tournaments/7")).toBe("/tournaments/7");
    expect(safeNext("/tournaments/7/register?tab=squad#form")).toBe("/tournaments/7/register?tab=squad#form");
    expect(safeNext("/")).toBe("/");
  });

  it("falls back for nothing, relative paths, absolute and protocol-relative URLs", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(undefined)).toBe("/");
    expect(safeNext("")).toBe("/");
    expect(safeNext("tournaments/7")).toBe("/");
    expect(safeNext("https://evil.example/")).toBe("/");
    expect(safeNext("javascript:alert(1)")).toBe("/");
    expect(safeNext("//evil.example")).toBe("/");
    expect(safeNext("///evil.example")).toBe("/");
  });

  it("refuses what a browser would turn into '//host': backslashes, tabs, newlines, spaces", () => {
    expect(safeNext("/\\evil.example")).toBe("/");
    expect(safeNext("/\t/evil.example")).toBe("/");
    expect(safeNext("/\n/evil.example")).toBe("/");
    expect(safeNext("/ /evil.example")).toBe("/");
    expect(safeNext("/tournaments\\7")).toBe("/");
    expect(safeNext("/x\u0000")).toBe("/");
  });

  it("uses the caller's fallback", () => {
    expect(safeNext("//evil.example", "/registry/players/3")).toBe("/registry/players/3");
    expect(safeNext("/tournaments/7", "/registry/players/3")).toBe("/tournaments/7");
  });
});

describe("withNext and the helpers built on it", () => {
  it("encodes the destination as one query parameter", () => {
    expect(withNext("/login", "/tournaments/7/register?x=1&y=2")).toBe("/login?next=%2Ftournaments%2F7%2Fregister%3Fx%3D1%26y%3D2");
    expect(withNext("/a?b=1", "/c")).toBe("/a?b=1&next=%2Fc");
    expect(withNext("/login")).toBe("/login");
    expect(withNext("/login", "")).toBe("/login");
  });

  it("round-trips through URLSearchParams and safeNext", () => {
    const next = "/tournaments/7/register?x=1&y=2";
    const url = new URL(paths.createProfile(next), "http://site.test");
    expect(url.pathname).toBe("/registry/edit_profile");
    expect(safeNext(url.searchParams.get("next"))).toBe(next);
    expect(new URL(paths.login(next), "http://site.test").searchParams.get("next")).toBe(next);
  });
});
