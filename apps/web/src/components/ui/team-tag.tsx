import { colorHex } from "@site/contract";
import { colorTone } from "@/lib/color";

export interface TeamTagProps {
  tag: string;
  /** Team colour id 1–40 (000 §3); unknown ids fall back to colour 1, as colorHex does. */
  color: number | null | undefined;
  /** Team name, used as the tooltip. */
  name?: string | null;
  className?: string;
}

/**
 * A team tag in its team colour (000 §3 colour codes). The tone class lets each theme put a
 * contrasting chip behind colours that would vanish on it (dark tags on dark themes, light tags
 * on the light theme); see `.team-tag--dark` / `--light` in components.css.
 */
export function TeamTag({ tag, color, name, className }: TeamTagProps) {
  const hex = colorHex(color ?? 1);
  const cls = ["team-tag", `team-tag--${colorTone(hex)}`, className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={cls} style={{ color: hex }} title={name ?? undefined} data-color={color ?? 1}>
      {tag}
    </span>
  );
}
