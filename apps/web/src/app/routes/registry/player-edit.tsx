import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { AdminEditPlayer } from "@/features/players/components/admin-edit-player";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/players/{id}/edit` and `/registry/players/new/edit`: staff edit or creation of a player. */
export default function PlayerEditRoute() {
  const _ = useT();
  const { id = "" } = useParams();
  if (id === "new") return <AdminEditPlayer id="new" />;
  if (!/^\d+$/.test(id)) {
    return (
      <div className="page page--narrow">
        <h1>{_("players.notFound.title")}</h1>
        <p>
          <Link to={paths.players}>{_("players.backToList")}</Link>
        </p>
      </div>
    );
  }
  return <AdminEditPlayer key={id} id={Number(id)} />;
}
