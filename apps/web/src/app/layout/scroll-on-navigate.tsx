import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Scrolls like a page load would on in-app navigation: a new page starts at its top (or at its
 * `#hash` target); Back and Forward (POP) keep the browser's own restored position.
 */
export function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === "POP") return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
