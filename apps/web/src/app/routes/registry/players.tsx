import { PlayerList } from "@/features/registry/components/player-list";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/players` (000 §2 Player list). */
export default function PlayersRoute() {
  useDocumentTitle("Players");
  return (
    <div className="page">
      <h1>Players</h1>
      <PlayerList />
    </div>
  );
}
