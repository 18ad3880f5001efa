import { Link } from "react-router";
import { NO_PENDING_PROFILE_CHANGES, type ProfileChange } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Flag } from "@/components/ui/flag";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDecideChange, useProfileChanges } from "../api/profile-changes";
import "@/styles/moderation.css";

const FIELD_LABELS: Record<ProfileChange["field_name"], string> = {
  display_name: "Name",
  team_name: "Team name",
  team_tag: "Team tag",
};

function Subject({ c }: { c: ProfileChange }) {
  if (c.table_name === "players" && c.player_id !== null) {
    return (
      <span className="player-name">
        <Flag code={c.country_code} name={c.country_name} />
        <Link to={paths.player(c.player_id)}>{c.from_value}</Link>
      </span>
    );
  }
  if (c.team_id !== null) {
    return (
      <Link to={paths.team(c.team_id)}>
        <TeamTag tag={c.team_tag ?? ""} color={c.team_color} name={c.team_name} /> {c.team_name}
      </Link>
    );
  }
  return <span>{c.from_value}</span>;
}

/**
 * The accessible name of a decision button: the action and its row ('Approve DemoPlayer →
 * DemoRacer'), or its progress form while that request is in flight ('Approving DemoPlayer →
 * DemoRacer…').
 */
export function decisionLabel(c: Pick<ProfileChange, "from_value" | "to_value">, approve: boolean, inFlight: boolean): string {
  const verb = approve ? (inFlight ? "Approving" : "Approve") : inFlight ? "Declining" : "Decline";
  return `${verb} ${c.from_value} → ${c.to_value}${inFlight ? "…" : ""}`;
}

/**
 * `/registry/profile_changes` (000 §2): pending player name and team name/tag changes with the
 * from and to values, the team tag in its colour, the player's flag and the date; Approve and
 * Decline each reload the queue. Empty: 'No pending profile changes.'. Each button names its row
 * ('Approve DemoPlayer → DemoRacer') so a screen reader's button list is not ten bare "Approve"s.
 */
export function ProfileChanges() {
  const changes = useProfileChanges();
  const decide = useDecideChange();
  const confirm = useConfirm();
  const toast = useToast();
  const v = decide.isPending ? decide.variables : undefined;
  const decideChange = async (c: ProfileChange, approve: boolean) => {
    const what = `${FIELD_LABELS[c.field_name].toLowerCase()} change from "${c.from_value}" to "${c.to_value}"`;
    if (
      !approve &&
      !(await confirm({
        title: `Decline the ${what}?`,
        body: (
          <p>
            The {FIELD_LABELS[c.field_name].toLowerCase()} stays "{c.from_value}" and the request is removed from the queue.
          </p>
        ),
        confirmLabel: "Decline change",
        destructive: true,
      }))
    )
      return;
    decide.mutate({ changeId: c.change_id, approve }, { onSuccess: () => toast(`${approve ? "Approved" : "Declined"} the ${what}.`) });
  };
  return (
    <div className="profile-changes">
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
      <QueryState query={changes} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{NO_PENDING_PROFILE_CHANGES}</p>}>
        {(d) => (
          <ul className="mod-list">
            {d.data.map((c) => (
              <li key={c.change_id} className="mod-item" data-change-id={c.change_id}>
                <div className="mod-item__change">
                  <strong>{FIELD_LABELS[c.field_name]}:</strong>
                  <Subject c={c} />
                  {c.field_name === "team_tag" && <span className="mod-item__from">{c.from_value}</span>}
                  <span className="mod-item__arrow" aria-label="to">
                    →
                  </span>
                  <span className="mod-item__to">{c.to_value}</span>
                </div>
                <div className="mod-item__actions">
                  <span>{c.date_human}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={decide.isPending}
                    aria-label={decisionLabel(c, true, v?.changeId === c.change_id && v.approve)}
                    onClick={() => void decideChange(c, true)}
                  >
                    {v?.changeId === c.change_id && v.approve ? "Approving…" : "Approve"}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={decide.isPending}
                    aria-label={decisionLabel(c, false, v?.changeId === c.change_id && !v.approve)}
                    onClick={() => void decideChange(c, false)}
                  >
                    {v?.changeId === c.change_id && !v.approve ? "Declining…" : "Decline"}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
