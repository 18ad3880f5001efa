import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { SessionUser } from "@site/contract";
import { Dropdown } from "@/components/ui/dropdown";
import { paths } from "@/config/paths";
import { useLiveTopics } from "@/features/live/api/use-live-topics";
import { usePendingCounts } from "@/features/moderation/api/get-pending-counts";
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
 * A moderation queue's entry in the menu (#17 §8): the name and, when items wait, a count badge.
 * The link's accessible name carries the count in words ('Profile Changes, 3 pending'), so the
 * badge itself is hidden from assistive technology. `count` null (not the viewer's queue, or not
 * loaded yet) or 0 shows the bare name.
 */
function QueueLink({
  to,
  name,
  count,
  what = "pending",
}: {
  to: string;
  name: ReactNode;
  count: number | null | undefined;
  what?: string;
}) {
  const waiting = count ?? 0;
  if (waiting <= 0) return <Link to={to}>{name}</Link>;
  return (
    <Link to={to} aria-label={`${String(name)}, ${waiting} ${what}`}>
      {name}{" "}
      <span className="count-badge" aria-hidden="true">
        {waiting > 99 ? "99+" : waiting}
      </span>
    </Link>
  );
}

/** The sum of two queue counts, null when the viewer may see neither. */
const sum = (a: number | null | undefined, b: number | null | undefined) => (a == null && b == null ? null : (a ?? 0) + (b ?? 0));

/**
 * The signed-in account menu: a menu titled with the display name (or email) and the
 * unread-notification count, holding the own profile (when a player exists), Edit Profile, My
 * Tournaments, Notifications, admin links by permission (canAdministrate: Word Filter, Roles,
 * Media; canEventAdministrate: Points Tables; canModerate: Profile Changes, Team Approvals, Bans,
 * News) and Log Out. The moderation queues show how many items wait (GET
 * /api/moderation/pending_counts, asked only by viewers holding a moderation permission; the
 * server answers null for queues that are not theirs). Its own chunk: visitors never load it.
 */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const staff = session.data?.permissions ?? null;
  const counts = usePendingCounts(!!staff && (staff.canModerate || staff.canEventAdministrate)).data;
  // The unread badge refreshes itself when a notification arrives (issue #20 §1).
  useLiveTopics(["notifications"]);
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
            <QueueLink to={paths.adminProposals} name="Proposed Tournaments" count={counts?.tournament_proposals} />
          </li>
        )}
        {perms.canModerate && (
          <>
            {!perms.canAdministrate && <li className="dropdown__section">Moderation</li>}
            <li>
              <QueueLink to={paths.profileChanges} name="Profile Changes" count={counts?.profile_changes} />
            </li>
            <li>
              <QueueLink to={paths.teamApprovals} name="Team Approvals" count={sum(counts?.unapproved_teams, counts?.team_claims)} />
            </li>
            <li>
              <QueueLink to={paths.adminBans} name="Bans" count={counts?.inactive_accounts} what="accounts waiting for activation" />
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
