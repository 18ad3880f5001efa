import { Flag } from "./flag";

/**
 * The icon cell of stats tables: a two-letter country code renders a flag (player rows),
 * anything else is an image URL (team or squad logo); null keeps the column aligned.
 */
export function RowIcon({ icon, name }: { icon: string | null | undefined; name: string }) {
  if (icon && /^[A-Za-z]{2}$/.test(icon)) return <Flag code={icon} />;
  if (icon) return <img className="row-icon" src={icon} alt="" width={24} height={24} loading="lazy" />;
  return <span className="row-icon row-icon--none" aria-hidden="true" title={name} />;
}
