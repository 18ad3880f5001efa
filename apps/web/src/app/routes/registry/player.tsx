import { useParams } from "react-router";
import { PlayerProfilePage } from "@/features/players/components/player-profile";

/** `/registry/players/{id}` (000 §2 Player registry page). */
export default function PlayerRoute() {
  const { id = "" } = useParams();
  // Only plain digits are ids; anything else reaches the not-found text.
  return (
    <div className="page">
      <PlayerProfilePage id={/^\d+$/.test(id) ? Number(id) : Number.NaN} />
    </div>
  );
}
