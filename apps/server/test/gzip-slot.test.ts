import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GzipSlot } from "../src/lib/gzip-slot.js";

/**
 * The kept page's gzip (issue #16, `lib/gzip-slot.ts`): a member compressed once around a slot
 * and filled per answer must inflate to exactly prefix + slot + suffix, whatever the texts.
 */
describe("GzipSlot", () => {
  it("inflates to prefix + slot + suffix for any texts (UTF-8 included)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ unit: "grapheme" }),
        (prefix, slot, suffix) => {
          const g = new GzipSlot(prefix, suffix);
          expect(gunzipSync(g.gzip(slot)).toString("utf8")).toBe(prefix + slot + suffix);
          expect(g.fillText(slot)).toBe(prefix + slot + suffix);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("compresses a large page once and fills many slots from it", () => {
    const page = `<html><body>${"<li>Mario Kart World Cup · Grand Prix</li>".repeat(3000)}<script>{"csrfToken":"`;
    const g = new GzipSlot(page, `"}</script></body></html>`);
    for (const token of ["a".repeat(43), "Zx-_09".repeat(7), ""]) {
      const out = g.gzip(token);
      expect(gunzipSync(out).toString()).toBe(`${page}${token}"}</script></body></html>`);
      // Compressed, not stored: well under a tenth of the 120 KB text.
      expect(out.length).toBeLessThan(page.length / 10);
    }
  });

  it("empty parts and the slot's limit", () => {
    const g = new GzipSlot("", "");
    expect(gunzipSync(g.gzip("")).toString()).toBe("");
    expect(gunzipSync(g.gzip("x")).toString()).toBe("x");
    expect(gunzipSync(g.gzip("é".repeat(32767))).toString()).toBe("é".repeat(32767));
    expect(() => g.gzip("x".repeat(65536))).toThrow(RangeError);
  });
});
