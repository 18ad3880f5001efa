import { useParams, useSearchParams } from "react-router";
import { TournamentNotFound } from "@/features/tournaments/components/tournament-page";
import { TournamentEditor } from "@/features/tournaments/components/tournament-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/{id}/edit` (001 §2 Tournament edit): `id` may be 'new', with an optional `?from_template=`. */
export default function TournamentEditRoute() {
  const raw = useParams().id;
  const [search] = useSearchParams();
  const id = raw === "new" ? "new" : idParam(raw);
  const from = search.get("from_template");
  const fromTemplate = from && /^\d+$/.test(from) ? Number(from) : null;
  useDocumentTitle(id === "new" ? "New Tournament" : "Edit Tournament");
  return (
    <div className="page page--form">
      <h1>{id === "new" ? "New Tournament" : "Edit Tournament"}</h1>
      {id !== "new" && Number.isNaN(id) ? <TournamentNotFound /> : <TournamentEditor id={id} fromTemplate={fromTemplate} />}
    </div>
  );
}
