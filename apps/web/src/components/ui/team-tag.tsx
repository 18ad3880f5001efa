import { colorHex } from "@site/contract";
import { isDarkColor } from "@/lib/color";

export interface TeamTagProps {
  tag: string;
  /** Team colour id 1–40 (000 §3); unknown ids fall back to colour 1, as colorHex does. */
  color: number | null | undefined;
  /** Team name, used as the tooltip. */
  name?: string | null;
  className?: string;
}

/**
 * A team tag in its team colour. Very dark colours (Deep shades, Black) get a light chip behind
 * them so the tag stays readable on the dark themes.
 */
export function TeamTag({ tag, color, name, className }: TeamTagProps) {
  const hex = colorHex(color ?? 1);
  const cls = ["team-tag", isDarkColor(hex) ? "team-tag--on-light" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={cls} style={{ color: hex }} title={name ?? undefined} data-color={color ?? 1}>
      {tag}
    </span>
  );
}
