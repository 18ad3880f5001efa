import { Link } from "react-router";
import type { TournamentDetail } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";

/** The register page's way back to its tournament, worded as on the registrations pages. */
export function BackToTournament({ t }: { t: TournamentDetail }) {
  const _ = useT();
  return (
    <p className="register-back">
      <Link to={`/tournaments/${t.id}`}>{_("tournament.backTo", { title: t.title })}</Link>
    </p>
  );
}
