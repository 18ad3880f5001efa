import { colorHex } from "@site/contract";
import { colorTone, readableTextOn } from "@/lib/color";

export interface TeamTagProps {
  tag: string;
  /** Team colour id 1–40 (000 §3); unknown ids fall back to colour 1, as colorHex does. */
  color: number | null | undefined;
  /** Team name, used as the tooltip. */
  name?: string | null;
  className?: string;
}

/**
 * A team tag on a chip of its team colour (000 §3 colour codes), lettered in black or white,
 * whichever reads better on it: every one of the 40 colours then meets WCAG AA on every theme
 * (#17 §7), which coloured letters on the page background did not (Dark Green on the dark
 * themes, Light Yellow on the light one). The tone class stays for styling hooks.
 */
export function TeamTag({ tag, color, name, className }: TeamTagProps) {
  const hex = colorHex(color ?? 1);
  const cls = ["team-tag", `team-tag--${colorTone(hex)}`, className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={cls} style={{ backgroundColor: hex, color: readableTextOn(hex) }} title={name ?? undefined} data-color={color ?? 1}>
      {tag}
    </span>
  );
}
