import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { isSquadEvent, isTeamEvent, registrationEndpoints as e, type TournamentDetail, type WaitlistEntry } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { registrationQueries, useRegistrationAction } from "../api/registrations";

/**
 * The Waitlist section of the registrations page (issue #22 §1): entrants waiting past the
 * cap in the order they will be promoted, with why one would be skipped now. Registration
 * moderators read it; tournament administrators (`can_manage`) move entrants up or down,
 * promote one now (past the cap) or remove one (withdrawn), each after the server's checks.
 */
export function WaitlistPanel({ t }: { t: TournamentDetail }) {
  const q = useQuery(registrationQueries.waitlist(t.id));
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const squad = isSquadEvent(t.event_format);
  // Team tournaments share the waitlist (issue #22 §1): an entrant is a registry team.
  const team = isTeamEvent(t.event_format);
  const noun = team ? "team" : squad ? "squad" : "player";

  const move = (w: WaitlistEntry, direction: "up" | "down") =>
    action.call(
      e.waitlistMove,
      { params: { id: t.id }, body: { entrant_id: w.entrant_id, direction } },
      { onSuccess: () => toast(`${w.name} moved ${direction}.`) },
    );
  const promote = async (w: WaitlistEntry, full: boolean) => {
    const ok = await confirm({
      title: `Register ${w.name} now?`,
      body: (
        <p>
          {w.name} leaves the waitlist and is registered{full ? ", even though the tournament is full" : ""}.
          {!w.qualifies && w.reason ? ` It does not qualify for promotion yet: ${w.reason}` : ""}
        </p>
      ),
      confirmLabel: "Register now",
    });
    if (ok)
      action.call(
        e.waitlistPromote,
        { params: { id: t.id }, body: { entrant_id: w.entrant_id } },
        { onSuccess: () => toast(`${w.name} registered.`) },
      );
  };
  const remove = async (w: WaitlistEntry) => {
    const ok = await confirm({
      title: `Remove ${w.name} from the waitlist?`,
      body: <p>The {noun} is moved to Withdrawn and notified.</p>,
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok)
      action.call(
        e.waitlistRemove,
        { params: { id: t.id }, body: { entrant_id: w.entrant_id } },
        { onSuccess: () => toast(`${w.name} removed from the waitlist.`) },
      );
  };

  return (
    <section className="waitlist-panel" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Waitlist</h2>
      <QueryState query={q}>
        {(d) => {
          const full = d.max_entrants !== null && d.registered_count >= d.max_entrants;
          return (
            <>
              <p className="reg-count">
                {d.max_entrants === null
                  ? `${d.registered_count} registered, no cap`
                  : `${d.registered_count} / ${d.max_entrants} registered`}
                {" · "}
                {d.data.length} waiting
              </p>
              {action.isError && (
                <p className="form-error" role="alert">
                  {action.error.message}
                </p>
              )}
              {d.data.length === 0 ? (
                <p className="empty">No one is on the waitlist.</p>
              ) : (
                <TableScroll>
                  <table className="stats-table registrations-table waitlist-table">
                    <thead>
                      <tr>
                        <th>#</th>
                        <th>{team ? "Team" : squad ? "Squad" : "Player"}</th>
                        {(squad || team) && <th>Players</th>}
                        {t.checkin_required && !team && <th>Checked In</th>}
                        <th>Eligible</th>
                        <th>Waiting Since</th>
                        {d.can_manage && <th className="table-scroll__sticky-end">Actions</th>}
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
                          {t.checkin_required && !team && <td>{squad ? w.checkin_count : w.checkin_count > 0 ? "Yes" : "No"}</td>}
                          <td>{w.qualifies ? "Yes" : <span className="muted">No — {w.reason}</span>}</td>
                          <td>
                            <LocalTime at={w.waitlisted_at} />
                          </td>
                          {d.can_manage && (
                            <td className="table-scroll__sticky-end">
                              <div className="waitlist-actions">
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  aria-label={`Move ${w.name} up`}
                                  disabled={action.isPending || i === 0}
                                  onClick={() => move(w, "up")}
                                >
                                  ↑
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  aria-label={`Move ${w.name} down`}
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
                                  Promote
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm btn--danger"
                                  disabled={action.isPending}
                                  onClick={() => void remove(w)}
                                >
                                  Remove
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
