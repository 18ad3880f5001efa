import { Link } from "react-router";
import { Panel } from "@/components/ui/panel";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useMyInvitations } from "../api/get-my-invitations";

/** The signed-in player's pending team invitations (answered on each team's page); nothing when there are none. */
export function MyInvitations() {
  const _ = useT();
  const { locale } = useI18n();
  const session = useSession();
  const signedIn = !!session.data?.user?.player_id;
  const invitations = useMyInvitations(signedIn);
  const rows = invitations.data?.data ?? [];
  if (!signedIn || rows.length === 0) return null;
  return (
    <Panel title={_("teams.myInvitations.title")} testId="my-invitations" className="my-invitations">
      <ul className="rows">
        {rows.map((i) => (
          <li key={i.id} className="row">
            <span className="team-name">
              <TeamTag tag={i.team.team_tag} color={i.team.team_color} name={i.team.team_name} />
              <Link to={paths.team(i.team.team_id)}>{i.team.team_name}</Link>
            </span>
            <span className="badge badge--mode">{i.team.category_title}</span>
            <span className="row__meta">{formatDay(i.created_at, locale)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
