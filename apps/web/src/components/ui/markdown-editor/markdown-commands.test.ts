import { describe, expect, it } from "vitest";
import { applyMarkdownCommand, insertAt, mentionAtCaret } from "./markdown-commands";

describe("applyMarkdownCommand", () => {
  it("wraps the selection in bold and italic markers, keeping it selected", () => {
    expect(applyMarkdownCommand("bold", "a word here", 2, 6)).toEqual({ text: "a **word** here", selectionStart: 4, selectionEnd: 8 });
    expect(applyMarkdownCommand("italic", "a word", 2, 6).text).toBe("a _word_");
  });

  it("inserts placeholder text when nothing is selected", () => {
    expect(applyMarkdownCommand("bold", "", 0, 0).text).toBe("**bold text**");
  });

  it("turns the selection into a link or image with `url` selected", () => {
    const link = applyMarkdownCommand("link", "see docs", 4, 8);
    expect(link.text).toBe("see [docs](url)");
    expect(link.text.slice(link.selectionStart, link.selectionEnd)).toBe("url");
    expect(applyMarkdownCommand("image", "", 0, 0).text).toBe("![image](url)");
  });

  it("prefixes the current line with a header marker", () => {
    expect(applyMarkdownCommand("header", "one\ntwo", 5, 5).text).toBe("one\n### two");
  });

  it("prefixes every selected line for lists", () => {
    expect(applyMarkdownCommand("unordered-list", "a\nb\nc", 0, 3).text).toBe("- a\n- b\nc");
    expect(applyMarkdownCommand("ordered-list", "a\nb", 0, 3).text).toBe("1. a\n2. b");
  });
});

describe("insertAt", () => {
  it("replaces the range and puts the caret after the insert", () => {
    expect(insertAt("ab", 1, 1, "XY")).toEqual({ text: "aXYb", selectionStart: 3, selectionEnd: 3 });
  });
});

describe("mentionAtCaret", () => {
  it("finds an @mention being typed", () => {
    expect(mentionAtCaret("hello @ri", 9)).toEqual({ query: "ri", start: 6 });
    expect(mentionAtCaret("@", 1)).toEqual({ query: "", start: 0 });
  });

  it("ignores emails and finished words", () => {
    expect(mentionAtCaret("mail me@host", 12)).toBeNull();
    expect(mentionAtCaret("@ri done", 8)).toBeNull();
  });
});
