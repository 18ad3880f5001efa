/**
 * The query parameters of the stream overlays (issue #20 §2), read by a pure function so a bad
 * value is ignored (its default used) rather than breaking a broadcast:
 *
 * | parameter | value | default |
 * |---|---|---|
 * | `text` | text colour, hex `rgb`, `rgba`, `rrggbb` or `rrggbbaa` (a leading `#`, written `%23`, is allowed) | `ffffff` |
 * | `accent` | accent colour (ranks, the state chip, advancing marks), hex | `ff4d7a` |
 * | `bg` | panel background, hex with optional alpha; `transparent` for none | `0b0f19e6` |
 * | `scale` | size factor, 0.5–4 | `1` |
 * | `font` | a font family installed where the overlay is shown: letters, digits, spaces, `-` and `_`, up to 40 | the site's system font stack |
 * | `rows` | standings rows shown, 1–64 | `12` |
 * | `scores` | room overlay: `races` (points of each race, the default when the table has them) or `total` | `races` |
 * | `title` | `0` hides the heading line | `1` |
 *
 * The page around the panel is always transparent (the streaming software composes it). The
 * default accent on the default panel keeps 4.5:1 even over a white scene (axe checks it there).
 */
export interface OverlayParams {
  /** CSS colours, `#rrggbb` or `#rrggbbaa` (short forms expanded), or `transparent` for `bg`. */
  text: string;
  accent: string;
  bg: string;
  scale: number;
  /** The font family as given, or null for the default stack. */
  font: string | null;
  rows: number;
  scores: "races" | "total";
  title: boolean;
}

export const OVERLAY_DEFAULTS: OverlayParams = {
  text: "#ffffff",
  accent: "#ff4d7a",
  bg: "#0b0f19e6",
  scale: 1,
  font: null,
  rows: 12,
  scores: "races",
  title: true,
};

const HEX = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#rrggbb[aa]` from a hex colour in any of the four lengths (with or without `#`), or null. */
export function parseHexColor(value: string | null): string | null {
  if (value === null) return null;
  const m = HEX.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.toLowerCase();
  return `#${hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex}`;
}

/** A finite number within [min, max], or null. */
function parseNumber(value: string | null, min: number, max: number, integer: boolean): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return null;
  return n;
}

const FONT = /^[A-Za-z0-9 _-]{1,40}$/;

/** The overlay's settings from its query string (`?text=…` or a URLSearchParams); bad values fall back to the defaults. */
export function parseOverlayParams(search: string | URLSearchParams): OverlayParams {
  const q = typeof search === "string" ? new URLSearchParams(search) : search;
  const bgRaw = q.get("bg");
  const font = q.get("font")?.trim() ?? null;
  const scores = q.get("scores");
  const title = q.get("title");
  return {
    text: parseHexColor(q.get("text")) ?? OVERLAY_DEFAULTS.text,
    accent: parseHexColor(q.get("accent")) ?? OVERLAY_DEFAULTS.accent,
    bg: bgRaw?.trim().toLowerCase() === "transparent" ? "transparent" : (parseHexColor(bgRaw) ?? OVERLAY_DEFAULTS.bg),
    scale: parseNumber(q.get("scale"), 0.5, 4, false) ?? OVERLAY_DEFAULTS.scale,
    font: font && FONT.test(font) ? font : OVERLAY_DEFAULTS.font,
    rows: parseNumber(q.get("rows"), 1, 64, true) ?? OVERLAY_DEFAULTS.rows,
    scores: scores === "total" || scores === "races" ? scores : OVERLAY_DEFAULTS.scores,
    title: title === "0" || title === "false" ? false : OVERLAY_DEFAULTS.title,
  };
}

/** The CSS custom properties the overlay's stylesheet reads (`overlay.css`). */
export function overlayStyle(p: OverlayParams): Record<string, string> {
  return {
    "--ov-text": p.text,
    "--ov-accent": p.accent,
    "--ov-bg": p.bg,
    "--ov-scale": String(p.scale),
    // No panel, no panel shadow either: only the text is drawn over the scene.
    ...(p.bg === "transparent" ? { "--ov-shadow": "none" } : {}),
    ...(p.font ? { "--ov-font": `"${p.font}", system-ui, sans-serif` } : {}),
  };
}
