import { GeneratedArt } from "@/components/ui/generated-art";
import { useT } from "@/lib/i18n/use-t";

/**
 * A team's logo or, without one, generated art (the name's initials on a colour derived from the
 * name, #17 §8) captioned with the spec's empty state 'No Logo Available' (000 §8).
 */
export function TeamLogo({ url, name, size = 120 }: { url: string | null; name: string; size?: number }) {
  const _ = useT();
  if (!url) {
    return (
      <figure className="team-logo team-logo--none" style={{ width: size }}>
        <GeneratedArt className="team-logo__art" name={name} />
        <figcaption>{_("teams.logo.none")}</figcaption>
      </figure>
    );
  }
  return <img className="team-logo" src={url} alt={_("teams.logo.alt", { name })} width={size} height={size} />;
}
