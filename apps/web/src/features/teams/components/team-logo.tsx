import { NO_LOGO_TEXT } from "@site/contract";
import { GeneratedArt } from "@/components/ui/generated-art";

/**
 * A team's logo or, without one, generated art (the name's initials on a colour derived from the
 * name, #17 §8) captioned with the spec's empty state 'No Logo Available' (000 §8).
 */
export function TeamLogo({ url, name, size = 120 }: { url: string | null; name: string; size?: number }) {
  if (!url) {
    return (
      <figure className="team-logo team-logo--none" style={{ width: size }}>
        <GeneratedArt className="team-logo__art" name={name} />
        <figcaption>{NO_LOGO_TEXT}</figcaption>
      </figure>
    );
  }
  return <img className="team-logo" src={url} alt={`${name} logo`} width={size} height={size} />;
}
