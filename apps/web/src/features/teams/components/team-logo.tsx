import { NO_LOGO_TEXT } from "@site/contract";

/** A team's logo, or the spec's empty state 'No Logo Available' (000 §8). */
export function TeamLogo({ url, name, size = 120 }: { url: string | null; name: string; size?: number }) {
  if (!url) {
    return (
      <div className="team-logo team-logo--none" style={{ width: size, height: size }}>
        {NO_LOGO_TEXT}
      </div>
    );
  }
  return <img className="team-logo" src={url} alt={`${name} logo`} width={size} height={size} />;
}
