import { useParams, useSearchParams } from "react-router";
import { TournamentNotFound } from "@/features/tournaments/components/tournament-page";
import { TournamentEditor } from "@/features/tournaments/components/tournament-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/{id}/edit` (001 §2 Tournament edit): `id` may be 'new', with an optional `?from_template=`. */
export default function TournamentEditRoute() {
  const _ = useT();
  const raw = useParams().id;
  const [search] = useSearchParams();
  const id = raw === "new" ? "new" : idParam(raw);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL parameter
  const from = search.get("from_template");
  const fromTemplate = from && /^\d+$/.test(from) ? Number(from) : null;
  const title = id === "new" ? _("tournaments.new") : _("tournament.admin.edit");
  useDocumentTitle(title);
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      {id !== "new" && Number.isNaN(id) ? <TournamentNotFound /> : <TournamentEditor id={id} fromTemplate={fromTemplate} />}
    </div>
  );
}
