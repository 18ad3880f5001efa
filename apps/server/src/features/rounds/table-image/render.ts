import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import * as fontkit from "fontkit";
import sharp from "sharp";
import type { Measure, Shape, TableLayout, Weight } from "./layout.js";

/**
 * Drawing the table's layout (issue #20 §3): shapes → SVG → PNG with resvg.
 *
 * Fonts are deterministic on any machine: the WOFF files of the pinned @fontsource packages
 * (Noto Sans 400 and 700 for Latin, Greek, Cyrillic and Vietnamese; Noto Sans JP 700 for kana
 * and kanji), never system fonts. Each package splits a font into subsets by unicode-range
 * (its CSS says which); a subset is read (fontkit) only when a character needs it, so a
 * Japanese name loads the one or two JP subsets it uses, not the 5 MB of the whole weight.
 * Text is drawn as glyph outlines (`<path>` once per glyph in `<defs>`, `<use>` per
 * occurrence), so resvg needs no font at all (`loadSystemFonts: false`). A character no font
 * has (Hangul, emoji) is drawn as the font's missing-glyph box.
 *
 * Flags are flag-icons' 4×3 SVGs (the web's own flag set), rasterised once per country per
 * process to a small PNG and embedded; an unknown country ("ZZ") is its two letters in a box.
 */

const require = createRequire(import.meta.url);

interface Face {
  /** Absolute path of the subset's WOFF. */
  file: string;
  ranges: Array<[number, number]>;
  font?: fontkit.Font;
  /** Index in `faces`, for glyph ids in the SVG. */
  index: number;
}

let faces: Record<Weight, Face[]> | null = null;

/** A package's @font-face subsets of one weight, in CSS order, with their unicode ranges. */
function subsetsOf(pkg: string, weight: number, start: number): Face[] {
  const css = readFileSync(require.resolve(`${pkg}/${weight}.css`), "utf8");
  const dir = dirname(require.resolve(`${pkg}/package.json`));
  const out: Face[] = [];
  for (const block of css.split("@font-face").slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(",").map((r): [number, number] => {
      const [a, b] = r.trim().replace(/^U\+/i, "").split("-");
      return [Number.parseInt(a!, 16), Number.parseInt(b ?? a!, 16)];
    });
    out.push({ file: join(dir, file), ranges, index: start + out.length });
  }
  return out;
}

function allFaces(): Record<Weight, Face[]> {
  if (faces) return faces;
  // Latin-script subsets first (the JP font also has Latin glyphs, but Noto Sans draws them).
  const jp = subsetsOf("@fontsource/noto-sans-jp", 700, 1000);
  faces = { 400: [...subsetsOf("@fontsource/noto-sans", 400, 0), ...jp], 700: [...subsetsOf("@fontsource/noto-sans", 700, 100), ...jp] };
  return faces;
}

function load(face: Face): fontkit.Font {
  face.font ??= fontkit.create(readFileSync(face.file)) as fontkit.Font;
  return face.font;
}

/** The face that draws code point `cp` in `weight` (first subset whose range holds it; the Latin subset when none does). */
function faceFor(cp: number, weight: Weight): Face {
  const list = allFaces()[weight];
  for (const f of list) for (const [a, b] of f.ranges) if (cp >= a && cp <= b) return f;
  return list.find((f) => f.file.includes("-latin-")) ?? list[0]!;
}

interface PlacedGlyph {
  key: string;
  x: number;
  font: fontkit.Font;
  glyph: fontkit.Glyph;
}

/** Glyphs of `text` at unit size (x in em), each from the face that has it, without kerning. */
function shape(text: string, weight: Weight): { glyphs: PlacedGlyph[]; width: number } {
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  for (const ch of text) {
    const face = faceFor(ch.codePointAt(0)!, weight);
    const font = load(face);
    const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
    glyphs.push({ key: `${face.index}-${glyph.id}`, x, font, glyph });
    x += glyph.advanceWidth / font.unitsPerEm;
  }
  return { glyphs, width: x };
}

/** Text width in px with the bundled fonts (the layout's `measure`). */
export const measureText: Measure = (text, size, weight) => shape(text, weight).width * size;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
const num = (n: number) => String(Math.round(n * 100) / 100);

const flagCache = new Map<string, string | null>();
/** `<path>` defs per glyph key: the outline of a glyph never changes, and converting it is a good part of a render. */
const glyphDefs = new Map<string, string>();

/** A country's flag as a PNG data URI (rasterised once per process), or null when flag-icons has none. */
function flagHref(country: string): string | null {
  const code = country.toLowerCase();
  if (!/^[a-z]{2}$/.test(code) || code === "zz") return null;
  if (!flagCache.has(code)) {
    let href: string | null;
    try {
      const svg = readFileSync(join(dirname(require.resolve("flag-icons/package.json")), "flags", "4x3", `${code}.svg`));
      const png = new Resvg(svg, { fitTo: { mode: "width", value: 48 }, font: { loadSystemFonts: false } }).render().asPng();
      href = `data:image/png;base64,${png.toString("base64")}`;
    } catch {
      href = null;
    }
    flagCache.set(code, href);
  }
  return flagCache.get(code) ?? null;
}

/** The layout as an SVG document: text as glyph outlines, flags as embedded PNGs. */
export function toSvg(layout: TableLayout): string {
  const defs = new Map<string, string>();
  const body: string[] = [];
  const drawText = (s: Extract<Shape, { kind: "text" }>) => {
    const { glyphs, width } = shape(s.text, s.weight);
    const left = s.anchor === "end" ? s.x - width * s.size : s.anchor === "middle" ? s.x - (width * s.size) / 2 : s.x;
    const uses: string[] = [];
    for (const g of glyphs) {
      if (!defs.has(g.key)) {
        let def = glyphDefs.get(g.key);
        if (def === undefined) {
          const d = g.glyph.path.toSVG();
          // Glyph outlines in font units; one shared scale per em keeps the defs reusable across sizes.
          def = d ? `<path id="g${g.key}" d="${d}" transform="scale(${1 / g.font.unitsPerEm})"/>` : "";
          glyphDefs.set(g.key, def);
        }
        defs.set(g.key, def);
      }
      if (defs.get(g.key)) uses.push(`<use href="#g${g.key}" x="${Math.round(g.x * 10000) / 10000}"/>`);
    }
    if (!uses.length) return;
    const op = s.opacity !== undefined ? ` opacity="${s.opacity}"` : "";
    // y grows downwards in SVG, upwards in fonts: flip with a negative scale.
    body.push(`<g transform="translate(${num(left)} ${num(s.y)}) scale(${s.size} ${-s.size})" fill="${s.fill}"${op}>${uses.join("")}</g>`);
  };
  for (const s of layout.shapes) {
    if (s.kind === "rect") {
      const op = s.opacity !== undefined ? ` fill-opacity="${s.opacity}"` : "";
      body.push(`<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}" rx="${s.r ?? 0}" fill="${s.fill}"${op}/>`);
    } else if (s.kind === "text") {
      drawText(s);
    } else {
      const href = flagHref(s.country);
      if (href) {
        body.push(`<image x="${num(s.x)}" y="${num(s.y)}" width="${s.w}" height="${s.h}" preserveAspectRatio="none" href="${href}"/>`);
        body.push(
          `<rect x="${num(s.x)}" y="${num(s.y)}" width="${s.w}" height="${s.h}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="1"/>`,
        );
      } else {
        body.push(`<rect x="${num(s.x)}" y="${num(s.y)}" width="${s.w}" height="${s.h}" rx="3" fill="#ffffff" fill-opacity="0.2"/>`);
        const letters = /^[A-Za-z]{2}$/.test(s.country) && s.country.toUpperCase() !== "ZZ" ? s.country.toUpperCase() : "?";
        drawText({
          kind: "text",
          x: s.x + s.w / 2,
          y: s.y + s.h / 2 + 4,
          text: letters,
          size: 11,
          weight: 700,
          fill: "#ffffff",
          opacity: 0.9,
          anchor: "middle",
        });
      }
    }
  }
  const [top, bottom] = layout.background;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${esc(top)}"/><stop offset="1" stop-color="${esc(bottom)}"/></linearGradient>` +
    [...defs.values()].join("") +
    `</defs><rect width="100%" height="100%" fill="url(#bg)"/>${body.join("")}</svg>`
  );
}

/**
 * The layout as a PNG at its own size (1 px per layout unit). Only the SVG is built on the event
 * loop (a few ms: glyph outlines are cached); resvg rasterises on libuv's thread pool and sharp
 * (libvips) encodes the PNG there too, which is faster than resvg's own encoder and ~15% smaller.
 */
export async function renderPng(layout: TableLayout): Promise<Buffer> {
  const image = await renderAsync(toSvg(layout), { font: { loadSystemFonts: false }, fitTo: { mode: "original" } });
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
