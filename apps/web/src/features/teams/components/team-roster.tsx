import type { MessageId } from "@lingui/core";
import type { RosterMember, TeamDetail, TeamViewer } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Panel } from "@/components/ui/panel";
import { PlayerName } from "@/components/ui/player-name";
import { useSession } from "@/features/session/api/get-session";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import type { RosterRunner } from "./roster-runner";

type Role = "leader" | "manager" | "member";
const roleOf = (m: RosterMember): Role => (m.is_leader ? "leader" : m.is_manager ? "manager" : "member");

const SECTIONS = [
  { role: "leader", title: "teams.roster.leaders", empty: "teams.roster.noLeaders" },
  { role: "manager", title: "teams.roster.managers", empty: "teams.roster.noManagers" },
  { role: "member", title: "teams.roster.members", empty: "teams.roster.noMembers" },
] as const satisfies ReadonlyArray<{ role: Role; title: MessageId; empty: MessageId }>;

/** Role and removal controls of one roster row, as far as the viewer may use them. */
function MemberControls({
  member,
  team,
  viewer,
  self,
  runner,
}: {
  member: RosterMember;
  team: TeamDetail;
  viewer: TeamViewer;
  self: boolean;
  runner: RosterRunner;
}) {
  const _ = useT();
  const confirm = useConfirm();
  const role = roleOf(member);
  const kick = async () => {
    const ok = await confirm({
      title: _("teams.roster.removeTitle", { name: member.display_name, team: team.team_name }),
      body: <p>{_("teams.roster.removeBody", { name: member.display_name })}</p>,
      confirmLabel: _("teams.roster.removeLabel", { name: member.display_name }),
      destructive: true,
    });
    if (ok) void runner.run({ kind: "kick", teamId: team.id, playerId: member.player_id, name: member.display_name });
  };
  const canRemove = !self && (viewer.can_change_roles || role === "member");
  if (!viewer.can_change_roles && !canRemove) return null;
  return (
    <span className="roster-row__controls">
      {viewer.can_change_roles && (
        <label className="roster-row__role">
          <span className="visually-hidden">{_("teams.roster.roleOf", { name: member.display_name })}</span>
          <select
            className="input input--sm"
            value={role}
            disabled={runner.busy}
            onChange={(e) =>
              void runner.run({
                kind: "role",
                teamId: team.id,
                playerId: member.player_id,
                role: e.target.value as Role,
                name: member.display_name,
              })
            }
          >
            <option value="leader">{_("teams.role.leader")}</option>
            <option value="manager">{_("teams.role.manager")}</option>
            <option value="member">{_("teams.role.member")}</option>
          </select>
        </label>
      )}
      {canRemove && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={runner.busy}
          aria-label={_("teams.roster.removeLabel", { name: member.display_name })}
          onClick={() => void kick()}
        >
          {_("teams.roster.remove")}
        </button>
      )}
    </span>
  );
}

/**
 * The roster (000 §2 team page): leaders, managers and members, each with flag, linked name and
 * join date. Roster managers get role selects (leaders) and Remove buttons (leaders: anyone
 * else; managers: plain members).
 */
export function TeamRoster({ team, viewer, runner }: { team: TeamDetail; viewer: TeamViewer | undefined; runner: RosterRunner }) {
  const _ = useT();
  const { locale } = useI18n();
  const session = useSession();
  const myPlayerId = session.data?.user?.player_id ?? null;
  return (
    <Panel title={_("teams.roster.title", { count: team.roster.length })} testId="team-roster">
      {team.roster.length === 0 ? (
        <p className="empty">{_("teams.roster.empty")}</p>
      ) : (
        SECTIONS.map((s) => {
          const members = team.roster.filter((m) => roleOf(m) === s.role);
          if (members.length === 0 && s.role !== "leader") return null;
          return (
            <section key={s.role} className="roster-section" aria-label={_(s.title)}>
              <h3 className="team-subtitle">{_(s.title)}</h3>
              {members.length === 0 ? (
                <p className="empty">{_(s.empty)}</p>
              ) : (
                <ul className="rows">
                  {members.map((m) => (
                    <li key={m.player_id} className="row roster-row" data-player-id={m.player_id}>
                      <PlayerName id={m.player_id} name={m.display_name} countryCode={m.country_code} countryName={m.country_name} />
                      <span className="row__meta">{_("teams.roster.joined", { date: formatDay(m.joined_at, locale) })}</span>
                      {viewer?.can_manage_roster && (
                        <MemberControls member={m} team={team} viewer={viewer} self={m.player_id === myPlayerId} runner={runner} />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </Panel>
  );
}
