import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Dropdown } from "@/components/ui/dropdown";
import { getSiteConfig } from "@/config/site";
import { paths } from "@/config/paths";
import { LanguageSwitch } from "@/features/session/components/language-switch";
import { ThemeChooser } from "@/features/session/components/theme-chooser";
import { UserMenu } from "@/features/session/components/user-menu";
import { useT } from "@/lib/i18n/use-t";

/**
 * Site header: brand, main navigation (Home, Tournaments, Series, Registry menu), language switch
 * (#21), theme chooser and the account area. Under 768 px everything but the brand folds into a hamburger menu whose
 * panel scrolls within the viewport (000 §9 mobile-menu height hints). Opening the menu moves
 * focus to its first link; Escape closes it and returns focus to the toggle.
 */
export function SiteHeader() {
  const _ = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const { siteName } = getSiteConfig();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Any navigation (a link, or Log Out sending the user home) closes the mobile menu.
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (pathname !== menuPath) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    // Keyboard users land inside the panel they just opened rather than behind it.
    menuRef.current?.querySelector<HTMLElement>("a[href], button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      // An open Registry/account dropdown or theme list inside the panel takes the first Escape.
      if (menuRef.current?.querySelector(".dropdown.is-open, .menu-selector.is-open")) return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="brand" onClick={() => setMenuOpen(false)}>
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{siteName}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? _("shell.menu.close") : _("shell.menu.open")}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
        </button>
        <div
          id="site-menu"
          ref={menuRef}
          className={["site-menu", menuOpen ? "is-open" : ""].filter(Boolean).join(" ")}
          // Following any link closes the mobile menu; buttons (dropdown toggles) keep it open.
          onClick={(e) => {
            if ((e.target as Element).closest("a")) setMenuOpen(false);
          }}
        >
          <nav className="main-nav" aria-label={_("shell.nav.label")}>
            <ul className="main-nav__list">
              <li>
                <NavLink to={paths.home} end>
                  {_("shell.nav.home")}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.tournaments} end>
                  {_("shell.nav.tournaments")}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.series}>{_("shell.nav.series")}</NavLink>
              </li>
              <li>
                <Dropdown label={_("shell.nav.registry")}>
                  <ul className="dropdown__list">
                    <li>
                      <NavLink to={paths.players}>{_("shell.nav.players")}</NavLink>
                    </li>
                    <li>
                      <NavLink to={paths.teams("all")}>{_("shell.nav.teams")}</NavLink>
                    </li>
                    <li>
                      <NavLink to={paths.transfers}>{_("shell.nav.transfers")}</NavLink>
                    </li>
                  </ul>
                </Dropdown>
              </li>
            </ul>
          </nav>
          <div className="site-menu__end">
            <LanguageSwitch />
            <ThemeChooser />
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
