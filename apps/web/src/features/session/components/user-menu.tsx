import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { lazyPart } from "@/lib/lazy-part";
import { useSession } from "../api/get-session";
import { useT } from "@/lib/i18n/use-t";

// The signed-in menu (and the moderation queues' counts) is code only accounts need (#17 §6).
const AccountMenu = lazyPart(() => import("./account-menu"));

/**
 * The header's account area. Logged out: Log In (returning here afterwards) and Sign Up.
 * Logged in: the account menu (account-menu.tsx), loaded on demand; while it loads, the same
 * empty placeholder as while the session loads keeps the header steady.
 */
export function UserMenu() {
  const _ = useT();
  const session = useSession();
  const location = useLocation();

  // Keep the header steady while the session loads instead of flashing "Log In".
  if (session.isPending) return <div className="user-menu user-menu--pending" aria-hidden="true" />;

  const user = session.data?.user ?? null;
  if (!user) {
    const here = location.pathname + location.search;
    const next = here === "/" || here.startsWith("/login") || here.startsWith("/signup") ? undefined : here;
    return (
      <div className="user-menu user-menu--anonymous">
        <Link to={paths.login(next)} className="btn btn--ghost btn--sm">
          {_("account.logIn")}
        </Link>
        <Link to={paths.signup} className="btn btn--primary btn--sm">
          {_("account.signUp")}
        </Link>
      </div>
    );
  }

  return (
    <Suspense fallback={<div className="user-menu user-menu--pending" aria-hidden="true" />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
