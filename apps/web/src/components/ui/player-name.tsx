import { Link } from "react-router";
import { Flag } from "./flag";
import { paths } from "@/config/paths";

/** A player's flag and name linking to their registry page (000 §2). */
export function PlayerName({
  id,
  name,
  countryCode,
  countryName,
}: {
  id: number;
  name: string;
  countryCode: string;
  countryName?: string | null;
}) {
  return (
    <span className="player-name">
      <Flag code={countryCode} name={countryName} />
      <Link to={paths.player(id)}>{name}</Link>
    </span>
  );
}
