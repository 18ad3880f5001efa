import { Link } from "react-router";
import type { TournamentDetail } from "@site/contract";

/** The register page's way back to its tournament, worded as on the registrations pages. */
export function BackToTournament({ t }: { t: TournamentDetail }) {
  return (
    <p className="register-back">
      <Link to={`/tournaments/${t.id}`}>← Back to {t.title}</Link>
    </p>
  );
}
