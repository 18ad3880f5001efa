import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { AdminEditPlayer } from "@/features/players/components/admin-edit-player";

/** `/registry/players/{id}/edit` and `/registry/players/new/edit`: staff edit or creation of a player. */
export default function PlayerEditRoute() {
  const { id = "" } = useParams();
  if (id === "new") return <AdminEditPlayer id="new" />;
  if (!/^\d+$/.test(id)) {
    return (
      <div className="page page--narrow">
        <h1>Player not found</h1>
        <p>
          <Link to={paths.players}>Back to the player list</Link>
        </p>
      </div>
    );
  }
  return <AdminEditPlayer key={id} id={Number(id)} />;
}
