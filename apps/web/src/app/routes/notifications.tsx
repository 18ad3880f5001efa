import { NotificationsPage } from "@/features/notifications/components/notifications-page";
import { useSession } from "@/features/session/api/get-session";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { Loading } from "@/components/ui/loading";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/notifications` (000 §2): the signed-in user's notifications. */
export default function NotificationsRoute() {
  useDocumentTitle("Notifications");
  const session = useSession();
  return (
    <div className="page">
      <h1>Notifications</h1>
      {session.data === undefined ? (
        <Loading />
      ) : session.data.user ? (
        <NotificationsPage />
      ) : (
        <p className="access-note">
          You need to <Link to={paths.login(paths.notifications)}>log in</Link> to view this page.
        </p>
      )}
    </div>
  );
}
