import { Link } from "react-router";
import { getSiteConfig } from "@/config/site";
import { paths } from "@/config/paths";

/** Footer with the support-forum link (from window.__SITE__, default '/support'). */
export function SiteFooter() {
  const { siteName, supportForumUrl } = getSiteConfig();
  const external = /^https?:\/\//i.test(supportForumUrl);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <span>{siteName}</span>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={paths.tournaments}>Tournaments</Link>
            </li>
            <li>
              <Link to={paths.players}>Players</Link>
            </li>
            <li>
              <Link to={paths.teams()}>Teams</Link>
            </li>
            <li>
              <a href={supportForumUrl} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                Support Forum
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
