import { Link, useNavigate } from "react-router";
import type { SessionUser } from "@site/contract";
import { Dropdown } from "@/components/ui/dropdown";
import { paths } from "@/config/paths";
import { useLiveTopics } from "@/features/live/api/use-live-topics";
import { usePendingCounts } from "@/features/moderation/api/get-pending-counts";
import { useSession } from "../api/get-session";
import { useLogout } from "../api/logout";
import { useT } from "@/lib/i18n/use-t";

function UnreadBadge({ count }: { count: number }) {
  const _ = useT();
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={_("account.unread", { count })}>
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
  awaitingActivation = false,
}: {
  to: string;
  name: string;
  count: number | null | undefined;
  /** The Bans queue counts accounts waiting for activation, not pending items. */
  awaitingActivation?: boolean;
}) {
  const _ = useT();
  const waiting = count ?? 0;
  if (waiting <= 0) return <Link to={to}>{name}</Link>;
  return (
    <Link
      to={to}
      aria-label={_(awaitingActivation ? "account.queue.awaitingActivation" : "account.queue.pending", { name, count: waiting })}
    >
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
  const _ = useT();
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
      ariaLabel={_("account.menuLabel", { name, unread: user.unread_notifications })}
      label={
        <>
          <span className="user-menu__name">{name}</span> <UnreadBadge count={user.unread_notifications} />
        </>
      }
    >
      <ul className="dropdown__list">
        {user.player_id !== null && (
          <li>
            <Link to={paths.player(user.player_id)}>{_("account.myProfile")}</Link>
          </li>
        )}
        <li>
          <Link to={paths.editProfile}>{_("account.editProfile")}</Link>
        </li>
        <li>
          <Link to={paths.myTournaments}>{_("account.myTournaments")}</Link>
        </li>
        {user.player_id !== null ? (
          <li>
            <Link to={paths.proposeTournament}>{_("account.proposeTournament")}</Link>
          </li>
        ) : null}
        <li>
          <Link to={paths.notifications}>
            {_("account.notifications")} <UnreadBadge count={user.unread_notifications} />
          </Link>
        </li>
        {perms.canAdministrate && (
          <>
            <li className="dropdown__section">{_("account.section.admin")}</li>
            <li>
              <Link to={paths.adminWordFilter}>{_("account.wordFilter")}</Link>
            </li>
            <li>
              <Link to={paths.adminRoles}>{_("account.roles")}</Link>
            </li>
            <li>
              <Link to={paths.adminMedia}>{_("account.media")}</Link>
            </li>
            <li>
              <Link to={paths.adminAudit}>{_("account.auditLog")}</Link>
            </li>
          </>
        )}
        {perms.canEventAdministrate && (
          <>
            {!perms.canAdministrate && <li className="dropdown__section">{_("account.section.events")}</li>}
            <li>
              <Link to={paths.adminPointsTables}>{_("account.pointsTables")}</Link>
            </li>
          </>
        )}
        {(perms.canEventAdministrate || perms.canModerate) && (
          <li>
            <QueueLink to={paths.adminProposals} name={_("account.proposedTournaments")} count={counts?.tournament_proposals} />
          </li>
        )}
        {perms.canModerate && (
          <>
            {!perms.canAdministrate && <li className="dropdown__section">{_("account.section.moderation")}</li>}
            <li>
              <QueueLink to={paths.profileChanges} name={_("account.profileChanges")} count={counts?.profile_changes} />
            </li>
            <li>
              <QueueLink
                to={paths.teamApprovals}
                name={_("account.teamApprovals")}
                count={sum(counts?.unapproved_teams, counts?.team_claims)}
              />
            </li>
            <li>
              <QueueLink to={paths.adminBans} name={_("account.bans")} count={counts?.inactive_accounts} awaitingActivation />
            </li>
            <li>
              <Link to={paths.newsList}>{_("account.news")}</Link>
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
            {_("account.logOut")}
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}
