/** Relative luminance (WCAG) of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 0.5;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever reads better on `hex`. One of the two always reaches 4.58:1 (the
 * two ratios cross at luminance ≈ 0.18), so text on any team colour meets WCAG AA.
 */
export function readableTextOn(hex: string): "#000000" | "#ffffff" {
  return contrastRatio(hex, "#000000") >= contrastRatio(hex, "#ffffff") ? "#000000" : "#ffffff";
}

/**
 * Whether a colour is too dark for dark themes ('dark': Deep shades, Black, Navy), too light for
 * the light theme ('light': Light shades, White) or readable on both ('mid'). Team tags use this
 * to put a contrasting chip behind the text only when needed.
 */
export function colorTone(hex: string): "dark" | "mid" | "light" {
  const l = luminance(hex);
  if (l < 0.15) return "dark";
  if (l > 0.4) return "light";
  return "mid";
}
