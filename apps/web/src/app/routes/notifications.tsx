import { NotificationsPage } from "@/features/notifications/components/notifications-page";
import { useSession } from "@/features/session/api/get-session";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { Loading } from "@/components/ui/loading";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Trans, useT } from "@/lib/i18n/use-t";

/** `/notifications` (000 §2): the signed-in user's notifications. */
export default function NotificationsRoute() {
  const _ = useT();
  useDocumentTitle(_("notifications.title"));
  const session = useSession();
  return (
    <div className="page">
      <h1>{_("notifications.title")}</h1>
      {session.data === undefined ? (
        <Loading />
      ) : session.data.user ? (
        <NotificationsPage />
      ) : (
        <p className="access-note">
          <Trans id="notifications.loginRequired" components={{ 0: <Link to={paths.login(paths.notifications)} /> }} />
        </p>
      )}
    </div>
  );
}
