import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** Catch-all screen. The server already answers 404 for unknown paths; this only renders the page. */
export default function NotFoundRoute() {
  const _ = useT();
  useDocumentTitle(_("notFound.title"));
  return (
    <div className="page page--narrow">
      <h1>{_("notFound.title")}</h1>
      <p>{_("notFound.text")}</p>
      <p>
        <Link to={paths.home}>{_("notFound.home")}</Link>
      </p>
    </div>
  );
}
