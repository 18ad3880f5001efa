import { Link, useLocation, useNavigate } from "react-router";
import { Dropdown } from "@/components/ui/dropdown";
import { paths } from "@/config/paths";
import { useSession } from "../api/get-session";
import { useLogout } from "../api/logout";

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={`${count} unread`}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The header's account area. Logged out: Log In (returning here afterwards) and Sign Up.
 * Logged in: a menu titled with the display name (or email) and the unread-notification count,
 * holding the own profile (when a player exists), Edit Profile, Notifications, admin links by
 * permission (canAdministrate: Word Filter, Roles, Media; canEventAdministrate: Points Tables;
 * canModerate: Profile Changes) and
 * Log Out.
 */
export function UserMenu() {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();

  // Keep the header steady while the session loads instead of flashing "Log In".
  if (session.isPending) return <div className="user-menu user-menu--pending" aria-hidden="true" />;

  const user = session.data?.user ?? null;
  if (!user) {
    const here = location.pathname + location.search;
    const next = here === "/" || here.startsWith("/login") || here.startsWith("/signup") ? undefined : here;
    return (
      <div className="user-menu user-menu--anonymous">
        <Link to={paths.login(next)} className="btn btn--ghost btn--sm">
          Log In
        </Link>
        <Link to={paths.signup} className="btn btn--primary btn--sm">
          Sign Up
        </Link>
      </div>
    );
  }

  const perms = session.data!.permissions;
  const name = user.display_name || user.email;
  return (
    <Dropdown
      className="user-menu"
      alignEnd
      ariaLabel={`Account menu for ${name}${user.unread_notifications > 0 ? `, ${user.unread_notifications} unread notifications` : ""}`}
      label={
        <>
          <span className="user-menu__name">{name}</span> <UnreadBadge count={user.unread_notifications} />
        </>
      }
    >
      <ul className="dropdown__list">
        {user.player_id !== null && (
          <li>
            <Link to={paths.player(user.player_id)}>My Profile</Link>
          </li>
        )}
        <li>
          <Link to={paths.editProfile}>Edit Profile</Link>
        </li>
        <li>
          <Link to={paths.myTournaments}>My Tournaments</Link>
        </li>
        {user.player_id !== null ? (
          <li>
            <Link to={paths.proposeTournament}>Propose a Tournament</Link>
          </li>
        ) : null}
        <li>
          <Link to={paths.notifications}>
            Notifications <UnreadBadge count={user.unread_notifications} />
          </Link>
        </li>
        {perms.canAdministrate && (
          <>
            <li className="dropdown__section">Admin</li>
            <li>
              <Link to={paths.adminWordFilter}>Word Filter</Link>
            </li>
            <li>
              <Link to={paths.adminRoles}>Roles</Link>
            </li>
            <li>
              <Link to={paths.adminMedia}>Media</Link>
            </li>
            <li>
              <Link to={paths.adminAudit}>Audit Log</Link>
            </li>
          </>
        )}
        {perms.canEventAdministrate && (
          <>
            {!perms.canAdministrate && <li className="dropdown__section">Events</li>}
            <li>
              <Link to={paths.adminPointsTables}>Points Tables</Link>
            </li>
          </>
        )}
        {(perms.canEventAdministrate || perms.canModerate) && (
          <li>
            <Link to={paths.adminProposals}>Proposed Tournaments</Link>
          </li>
        )}
        {perms.canModerate && (
          <>
            {!perms.canAdministrate && <li className="dropdown__section">Moderation</li>}
            <li>
              <Link to={paths.profileChanges}>Profile Changes</Link>
            </li>
            <li>
              <Link to={paths.teamApprovals}>Team Approvals</Link>
            </li>
            <li>
              <Link to={paths.adminBans}>Bans</Link>
            </li>
            <li>
              <Link to={paths.newsList}>News</Link>
            </li>
          </>
        )}
        <li>
          <button
            type="button"
            className="dropdown__item-button"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate(paths.home) })}
          >
            Log Out
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}
