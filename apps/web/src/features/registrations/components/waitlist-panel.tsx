import type { MessageId } from "@lingui/core";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { isSquadEvent, isTeamEvent, registrationEndpoints as e, type TournamentDetail, type WaitlistEntry } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { translateCode, useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { registrationQueries, useRegistrationAction } from "../api/registrations";

/** The waitlist's own reason codes (#21, the contract's `reason_code`) → their messages. */
const REASONS: Record<string, MessageId> = {
  "registration.waitlist.captain_banned": "registration.waitlist.reason.captainBanned",
  "registration.waitlist.player_banned": "registration.waitlist.reason.playerBanned",
  "registration.waitlist.not_checked_in": "registration.waitlist.reason.notCheckedIn",
  "registration.waitlist.needs_members": "registration.waitlist.reason.needsMembers",
  "registration.waitlist.checkins": "registration.waitlist.reason.checkins",
  "registration.waitlist.needs_eligible": "registration.waitlist.reason.needsEligible",
  "registration.waitlist.secondary_taken": "registration.waitlist.reason.secondaryTaken",
};

/**
 * Why a waiting entrant would be skipped now, in the page's language, by the reason's code and
 * params: the waitlist's own reasons, else a refusal's `error.<code>` message (a team's registry
 * refusal); a reason without a code the catalogue knows is shown as the server wrote it.
 */
function useWaitlistReason() {
  const i18n = useI18n();
  return (w: Pick<WaitlistEntry, "reason" | "reason_code" | "reason_params">) => {
    const id = w.reason_code ? REASONS[w.reason_code] : undefined;
    if (id) return i18n._(id, w.reason_params);
    return translateCode(i18n, { code: w.reason_code, params: w.reason_params }, w.reason ?? "");
  };
}

/**
 * The Waitlist section of the registrations page (issue #22 §1): entrants waiting past the
 * cap in the order they will be promoted, with why one would be skipped now. Registration
 * moderators read it; tournament administrators (`can_manage`) move entrants up or down,
 * promote one now (past the cap) or remove one (withdrawn), each after the server's checks.
 */
export function WaitlistPanel({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const reasonText = useWaitlistReason();
  const q = useQuery(registrationQueries.waitlist(t.id));
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const squad = isSquadEvent(t.event_format);
  // Team tournaments share the waitlist (issue #22 §1): an entrant is a registry team.
  const team = isTeamEvent(t.event_format);
  const kind = team ? "team" : squad ? "squad" : "player";

  const move = (w: WaitlistEntry, direction: "up" | "down") =>
    action.call(
      e.waitlistMove,
      { params: { id: t.id }, body: { entrant_id: w.entrant_id, direction } },
      { onSuccess: () => toast(_("registration.waitlist.moved", { name: w.name, direction })) },
    );
  const promote = async (w: WaitlistEntry, full: boolean) => {
    const ok = await confirm({
      title: _("registration.waitlist.promoteTitle", { name: w.name }),
      body: (
        <p>
          {full ? _("registration.waitlist.promoteBodyFull", { name: w.name }) : _("registration.waitlist.promoteBody", { name: w.name })}
          {!w.qualifies && w.reason ? ` ${_("registration.waitlist.notQualified", { reason: reasonText(w) })}` : ""}
        </p>
      ),
      confirmLabel: _("registration.waitlist.promoteConfirm"),
    });
    if (ok)
      action.call(
        e.waitlistPromote,
        { params: { id: t.id }, body: { entrant_id: w.entrant_id } },
        { onSuccess: () => toast(_("registration.waitlist.promoted", { name: w.name })) },
      );
  };
  const remove = async (w: WaitlistEntry) => {
    const ok = await confirm({
      title: _("registration.waitlist.removeTitle", { name: w.name }),
      body: <p>{_("registration.waitlist.removeBody", { kind })}</p>,
      confirmLabel: _("registration.waitlist.remove"),
      destructive: true,
    });
    if (ok)
      action.call(
        e.waitlistRemove,
        { params: { id: t.id }, body: { entrant_id: w.entrant_id } },
        { onSuccess: () => toast(_("registration.waitlist.removed", { name: w.name })) },
      );
  };

  return (
    <section className="waitlist-panel" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">{_("registration.state.waitlist")}</h2>
      <QueryState query={q}>
        {(d) => {
          const full = d.max_entrants !== null && d.registered_count >= d.max_entrants;
          return (
            <>
              <p className="reg-count">
                {d.max_entrants === null
                  ? _("registration.waitlist.countNoCap", { registered: d.registered_count })
                  : _("registration.waitlist.countCap", { registered: d.registered_count, max: d.max_entrants })}
                {" · "}
                {_("registration.waitlist.waiting", { count: d.data.length })}
              </p>
              {action.isError && (
                <p className="form-error" role="alert">
                  {errorText(action.error)}
                </p>
              )}
              {d.data.length === 0 ? (
                <p className="empty">{_("registration.waitlist.empty")}</p>
              ) : (
                <TableScroll>
                  <table className="stats-table registrations-table waitlist-table">
                    <thead>
                      <tr>
                        <th>#</th>
                        <th>{team ? _("registration.col.team") : squad ? _("registration.col.squad") : _("registration.col.player")}</th>
                        {(squad || team) && <th>{_("registration.col.players")}</th>}
                        {t.checkin_required && !team && <th>{_("registration.col.checkedIn")}</th>}
                        <th>{_("registration.col.eligible")}</th>
                        <th>{_("registration.col.waitingSince")}</th>
                        {d.can_manage && <th className="table-scroll__sticky-end">{_("registration.col.actions")}</th>}
                      </tr>
                    </thead>
                    <tbody>
                      {d.data.map((w, i) => (
                        <tr key={w.entrant_id}>
                          <td>{w.position}</td>
                          <td>
                            {team ? (
                              <Link to={paths.teamEligiblePlayers(t.id, w.entrant_id)}>
                                {w.tag && <span className="tag-badge">{w.tag}</span>} {w.name}
                              </Link>
                            ) : squad ? (
                              <Link to={`/tournaments/${t.id}/squads/${w.entrant_id}`}>
                                {w.tag && <span className="tag-badge">{w.tag}</span>} {w.name}
                              </Link>
                            ) : (
                              <Link to={paths.player(w.entrant_id)}>{w.name}</Link>
                            )}
                          </td>
                          {(squad || team) && <td>{w.member_count}</td>}
                          {t.checkin_required && !team && (
                            <td>{squad ? w.checkin_count : w.checkin_count > 0 ? _("common.yes") : _("common.no")}</td>
                          )}
                          <td>
                            {w.qualifies ? (
                              _("common.yes")
                            ) : (
                              <span className="muted">{_("registration.waitlist.notEligible", { reason: reasonText(w) })}</span>
                            )}
                          </td>
                          <td>
                            <LocalTime at={w.waitlisted_at} />
                          </td>
                          {d.can_manage && (
                            <td className="table-scroll__sticky-end">
                              <div className="waitlist-actions">
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  aria-label={_("registration.waitlist.moveUp", { name: w.name })}
                                  disabled={action.isPending || i === 0}
                                  onClick={() => move(w, "up")}
                                >
                                  ↑
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  aria-label={_("registration.waitlist.moveDown", { name: w.name })}
                                  disabled={action.isPending || i === d.data.length - 1}
                                  onClick={() => move(w, "down")}
                                >
                                  ↓
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  disabled={action.isPending}
                                  onClick={() => void promote(w, full)}
                                >
                                  {_("registration.waitlist.promote")}
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm btn--danger"
                                  disabled={action.isPending}
                                  onClick={() => void remove(w)}
                                >
                                  {_("registration.waitlist.remove")}
                                </button>
                              </div>
                            </td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
