import type { TeamClaim } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { paths } from "@/config/paths";
import { Link } from "react-router";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import type { RosterRunner } from "./roster-runner";

/** Pending claims of a historical team, for moderators and administrators: approve or decline each. */
export function TeamClaimsPanel({ claims, runner }: { claims: TeamClaim[]; runner: RosterRunner }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("teams.claims.title")} testId="team-claims">
      <ul className="rows">
        {claims.map((c) => (
          <li key={c.id} className="row pending-row">
            {c.player_id !== null ? <Link to={paths.player(c.player_id)}>{c.display_name}</Link> : <span>{c.display_name}</span>}
            <span className="row__meta">{formatDay(c.created_at, locale)}</span>
            <span className="pending-row__actions">
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={runner.busy}
                aria-label={_("teams.claims.approveLabel", { name: c.display_name })}
                onClick={() => void runner.run({ kind: "decide_claim", id: c.id, action: "approve", name: c.display_name })}
              >
                {_("teams.claims.approve")}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={runner.busy}
                aria-label={_("teams.claims.declineLabel", { name: c.display_name })}
                onClick={() => void runner.run({ kind: "decide_claim", id: c.id, action: "decline" })}
              >
                {_("teams.claims.decline")}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
