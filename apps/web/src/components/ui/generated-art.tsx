import "./generated-art.css";
import { generatedArt, generatedArtUrl } from "@/lib/generated-art";

export interface GeneratedArtProps {
  /** The name the art is derived from (tournament title, series name, team name, news title...). */
  name: string;
  /** The slot's class (e.g. `tournament-card__logo`): the slot's CSS sizes and rounds it. */
  className?: string;
}

/**
 * Default art where an image is missing (#17 §8): the name's initials on a colour derived from
 * the name (lib/generated-art), drawn as a background image so it adds no text to the page.
 * Decorative, so hidden from assistive technology; the name is always written next to it.
 */
export function GeneratedArt({ name, className }: GeneratedArtProps) {
  return (
    <span
      className={["generated-art", className ?? ""].filter(Boolean).join(" ")}
      aria-hidden="true"
      data-initials={generatedArt(name).initials}
      // All four inline: a slot's own `background` shorthand (e.g. .news-item__image) would reset size and repeat.
      style={{
        backgroundImage: `url("${generatedArtUrl(name)}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        backgroundRepeat: "no-repeat",
      }}
    />
  );
}
