import "./generated-art.css";
import { generatedArt } from "@/lib/generated-art";

export interface GeneratedArtProps {
  /** The name the art is derived from (tournament title, series name, team name, news title...). */
  name: string;
  /** The slot's class (e.g. `tournament-card__logo`): the slot's CSS sizes and rounds it. */
  className?: string;
}

/**
 * Default art where an image is missing (#17 §8): the name's initials on a colour derived from
 * the name (lib/generated-art). Drawn with CSS, the initials as generated content
 * (`content: attr(data-initials)`), so they add no text to the page; not as an SVG image, which
 * a browser parses and paints on the main thread (~7 ms each on the demo home page's first
 * paint, #17 §6). Decorative, so hidden from assistive technology; the name is always written
 * next to it.
 */
export function GeneratedArt({ name, className }: GeneratedArtProps) {
  const art = generatedArt(name);
  return (
    <span
      className={["generated-art", className ?? ""].filter(Boolean).join(" ")}
      aria-hidden="true"
      data-initials={art.initials}
      data-length={art.initials.length > 1 ? "2" : "1"}
      // Inline, not a class: a slot's own `background` shorthand (e.g. .news-item__image) would reset it.
      style={{ backgroundColor: art.background, backgroundImage: "none", color: art.foreground }}
    />
  );
}
