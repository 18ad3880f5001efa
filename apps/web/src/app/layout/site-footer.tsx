import { Link } from "react-router";
import { getSiteConfig } from "@/config/site";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

/** Footer with the support-forum link (from window.__SITE__, default '/support'). */
export function SiteFooter() {
  const _ = useT();
  const { siteName, supportForumUrl } = getSiteConfig();
  const external = /^https?:\/\//i.test(supportForumUrl);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <span>{siteName}</span>
        <nav aria-label={_("shell.footer.label")}>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.tournaments}>{_("shell.nav.tournaments")}</Link>
            </li>
            <li>
              <Link to={paths.players}>{_("shell.nav.players")}</Link>
            </li>
            <li>
              <Link to={paths.teams()}>{_("shell.nav.teams")}</Link>
            </li>
            <li>
              <a href={supportForumUrl} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                {_("shell.footer.supportForum")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
