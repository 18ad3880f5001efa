import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { FLAG_PNG_HEIGHT, FLAG_PNG_WIDTH, flagStylesheet, renderFlagPngs } from "../../flag-rasters";

const dir = mkdtempSync(join(tmpdir(), "flag-rasters-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("flag-rasters: flags as PNGs decoded off the main thread (#17 §6)", () => {
  it("renders each 4×3 SVG once to a 64×48 PNG of its colours and reuses it", async () => {
    const svgs = join(dir, "svg");
    const out = join(dir, "png");
    mkdirSync(svgs);
    // A two-stripe flag: red over blue.
    writeFileSync(
      join(svgs, "aa.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><path fill="#f00" d="M0 0h640v240H0z"/><path fill="#00f" d="M0 240h640v240H0z"/></svg>',
    );
    writeFileSync(join(svgs, "notes.txt"), "not a flag");
    expect(await renderFlagPngs(svgs, out)).toEqual(["aa"]);

    const png = readFileSync(join(out, "aa.png"));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([FLAG_PNG_WIDTH, FLAG_PNG_HEIGHT]);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(10, 5)).toEqual([255, 0, 0]);
    expect(pixel(10, 40)).toEqual([0, 0, 255]);

    // A second build keeps the rendered file (it is not rendered again).
    writeFileSync(join(out, "aa.png"), "kept");
    await renderFlagPngs(svgs, out);
    expect(readFileSync(join(out, "aa.png"), "utf8")).toBe("kept");
  });

  it("keeps flag-icons' layout rules and points each class at its PNG, relative to the stylesheet", () => {
    const css = flagStylesheet(["fr", "jp"], "/repo/node_modules/.cache/site-flags", "/repo/node_modules/flag-icons/css");
    expect(css).toContain(".fi{width:1.33333em;line-height:1em;display:inline-block;position:relative}");
    expect(css).toContain(".fi-fr{background-image:url(../../.cache/site-flags/fr.png)}");
    expect(css).toContain(".fi-jp{background-image:url(../../.cache/site-flags/jp.png)}");
    expect(css).not.toContain(".svg");
  });
});
