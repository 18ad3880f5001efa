import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Dropdown } from "@/components/ui/dropdown";
import { getSiteConfig } from "@/config/site";
import { paths } from "@/config/paths";
import { ThemeChooser } from "@/features/session/components/theme-chooser";
import { UserMenu } from "@/features/session/components/user-menu";

/**
 * Site header: brand, main navigation (Home, Tournaments, Series, Registry menu), theme chooser
 * and the account area. Under 768 px everything but the brand folds into a hamburger menu whose
 * panel scrolls within the viewport (000 §9 mobile-menu height hints).
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { siteName } = getSiteConfig();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="brand" onClick={() => setMenuOpen(false)}>
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{siteName}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
        <div
          id="site-menu"
          className={["site-menu", menuOpen ? "is-open" : ""].filter(Boolean).join(" ")}
          // Following any link closes the mobile menu; buttons (dropdown toggles) keep it open.
          onClick={(e) => {
            if ((e.target as Element).closest("a")) setMenuOpen(false);
          }}
        >
          <nav className="main-nav" aria-label="Main">
            <ul className="main-nav__list">
              <li>
                <NavLink to={paths.home} end>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.tournaments} end>
                  Tournaments
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.series}>Series</NavLink>
              </li>
              <li>
                <Dropdown label="Registry">
                  <ul className="dropdown__list">
                    <li>
                      <NavLink to={paths.players}>Players</NavLink>
                    </li>
                    <li>
                      <NavLink to={paths.teams("all")}>Teams</NavLink>
                    </li>
                    <li>
                      <NavLink to={paths.transfers}>Transfers</NavLink>
                    </li>
                  </ul>
                </Dropdown>
              </li>
            </ul>
          </nav>
          <div className="site-menu__end">
            <ThemeChooser />
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
