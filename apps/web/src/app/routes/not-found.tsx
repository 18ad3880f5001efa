import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** Catch-all screen. The server already answers 404 for unknown paths; this only renders the page. */
export default function NotFoundRoute() {
  useDocumentTitle("Page not found");
  return (
    <div className="page page--narrow">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </div>
  );
}
