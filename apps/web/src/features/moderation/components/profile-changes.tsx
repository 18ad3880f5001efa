import { Link } from "react-router";
import type { ProfileChange } from "@site/contract";
import type { I18n, MessageId } from "@lingui/core";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Flag } from "@/components/ui/flag";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useDecideChange, useProfileChanges } from "../api/profile-changes";
import "@/styles/moderation.css";

const FIELD_LABELS: Record<ProfileChange["field_name"], MessageId> = {
  display_name: "moderation.profileChanges.field.name",
  team_name: "moderation.profileChanges.field.teamName",
  team_tag: "moderation.profileChanges.field.teamTag",
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
export function decisionLabel(
  _: I18n["_"],
  c: Pick<ProfileChange, "from_value" | "to_value">,
  approve: boolean,
  inFlight: boolean,
): string {
  const values = { from: c.from_value, to: c.to_value };
  if (approve)
    return inFlight ? _("moderation.profileChanges.approvingLabel", values) : _("moderation.profileChanges.approveLabel", values);
  return inFlight ? _("moderation.profileChanges.decliningLabel", values) : _("moderation.profileChanges.declineLabel", values);
}

/**
 * `/registry/profile_changes` (000 §2): pending player name and team name/tag changes with the
 * from and to values, the team tag in its colour, the player's flag and the date; Approve and
 * Decline each reload the queue. Empty: 'No pending profile changes.'. Each button names its row
 * ('Approve DemoPlayer → DemoRacer') so a screen reader's button list is not ten bare "Approve"s.
 */
export function ProfileChanges() {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const changes = useProfileChanges();
  const decide = useDecideChange();
  const confirm = useConfirm();
  const toast = useToast();
  const v = decide.isPending ? decide.variables : undefined;
  const decideChange = async (c: ProfileChange, approve: boolean) => {
    const values = { field: c.field_name, from: c.from_value, to: c.to_value };
    if (
      !approve &&
      !(await confirm({
        title: _("moderation.profileChanges.declineTitle", values),
        body: <p>{_("moderation.profileChanges.declineBody", values)}</p>,
        confirmLabel: _("moderation.profileChanges.declineConfirm"),
        destructive: true,
      }))
    )
      return;
    decide.mutate(
      { changeId: c.change_id, approve },
      {
        onSuccess: () => toast(approve ? _("moderation.profileChanges.approved", values) : _("moderation.profileChanges.declined", values)),
      },
    );
  };
  return (
    <div className="profile-changes">
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorText(decide.error)}
        </p>
      )}
      <QueryState
        query={changes}
        isEmpty={(d) => d.data.length === 0}
        empty={<p className="empty">{_("moderation.profileChanges.empty")}</p>}
      >
        {(d) => (
          <ul className="mod-list">
            {d.data.map((c) => (
              <li key={c.change_id} className="mod-item" data-change-id={c.change_id}>
                <div className="mod-item__change">
                  <strong>{_("moderation.profileChanges.fieldLabel", { field: _(FIELD_LABELS[c.field_name]) })}</strong>
                  <Subject c={c} />
                  {c.field_name === "team_tag" && <span className="mod-item__from">{c.from_value}</span>}
                  <span className="mod-item__arrow" aria-label={_("moderation.profileChanges.to")}>
                    →
                  </span>
                  <span className="mod-item__to">{c.to_value}</span>
                </div>
                <div className="mod-item__actions">
                  <span>{formatDay(c.date, locale)}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={decide.isPending}
                    aria-label={decisionLabel(_, c, true, v?.changeId === c.change_id && v.approve)}
                    onClick={() => void decideChange(c, true)}
                  >
                    {v?.changeId === c.change_id && v.approve ? _("moderation.approving") : _("moderation.approve")}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={decide.isPending}
                    aria-label={decisionLabel(_, c, false, v?.changeId === c.change_id && !v.approve)}
                    onClick={() => void decideChange(c, false)}
                  >
                    {v?.changeId === c.change_id && !v.approve ? _("moderation.declining") : _("moderation.decline")}
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
