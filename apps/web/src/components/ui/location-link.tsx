/** A link for a LAN location: the stored URL, else a map search; 'TBD' is not a place. */
export function locationHref(location: string | null, url: string | null): string | null {
  if (url) return url;
  if (!location || location === "TBD") return null;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(location)}`;
}

/** A LAN location as text, linked to its map (see locationHref); nothing without a location. */
export function LocationLink({ location, url }: { location: string | null; url: string | null }) {
  if (!location) return null;
  const href = locationHref(location, url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {location}
    </a>
  ) : (
    <>{location}</>
  );
}
