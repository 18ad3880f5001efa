import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { Session } from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useSession } from "../api/get-session";

export type Permission = keyof Session["permissions"];

/**
 * Shows `children` only to users whose session carries `permission` (000 §6 Roles and permissions).
 * Anonymous visitors get a Log In link that returns here; signed-in users without the flag get
 * 'You do not have permission to view this page.'. This only mirrors the server, which refuses
 * the calls of such users anyway.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const _ = useT();
  const session = useSession();
  const location = useLocation();

  if (session.data === undefined) {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    return <Loading />;
  }
  if (!session.data.user) {
    return (
      <p className="access-note">
        <Trans id="ui.permission.logIn" components={{ 0: <Link to={paths.login(location.pathname + location.search)} /> }} />
      </p>
    );
  }
  if (!session.data.permissions[permission]) {
    return <p className="access-note">{_("ui.permission.denied")}</p>;
  }
  return <>{children}</>;
}
