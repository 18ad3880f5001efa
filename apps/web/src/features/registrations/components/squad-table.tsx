import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { type MoveStatus, REGISTRATION_MESSAGES as M, registrationEndpoints as e, squadCount, type TournamentDetail } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { MoveMenu } from "@/components/ui/move-menu";
import { QueryState } from "@/components/ui/query-state";
import { SortHeader } from "@/components/ui/sort-header";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { registrationQueries, useRegistrationAction } from "../api/registrations";
import { useRegistrationBulk } from "./bulk-table";
import { VerifyButton } from "./verify-button";

const MOVE_NAMES: Record<MoveStatus, string> = { registered: "Registered", withdrawn: "Withdrawn", rejected: "Rejected" };

/**
 * The squad table of the registrations page (001 §2 Squad registrations, §9 sort codes): squads
 * of one status, sorted server-side; registration moderators get IDs and the Move, Verify and
 * Edit actions.
 */
export function SquadTable({ t, status, checkedIn }: { t: TournamentDetail; status: MoveStatus; checkedIn?: boolean }) {
  const [order, setOrder] = useState("RA");
  const q = useQuery(registrationQueries.squads(t.id, status, order, checkedIn));
  // Bulk actions (issue #22 §2) on the squads listed.
  const bulk = useRegistrationBulk(t, "squads", q.data?.data.map((s) => s.squad_id) ?? [], status);
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const move = async (st: MoveStatus, squadId: number, name: string) => {
    const ok = await confirm({
      title: `Move ${name} to ${MOVE_NAMES[st]}?`,
      body: <p>The squad and all of its players are moved to {MOVE_NAMES[st]}, and its invitations are cancelled.</p>,
      confirmLabel: `Move to ${MOVE_NAMES[st]}`,
      destructive: true,
    });
    if (ok)
      action.call(
        e.moveSquad,
        { params: { id: t.id }, body: { status: st, squad_id: squadId } },
        { onSuccess: () => toast(`${name} moved to ${MOVE_NAMES[st]}.`) },
      );
  };
  // IDs and the Move/Verify/Edit actions are for registration moderators (000 §6 canEventModerate).
  const moderator = t.can_moderate;
  const h = { order, setOrder };
  return (
    <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{M.noSquads}</p>}>
      {(d) => (
        <>
          <p className="reg-count">{squadCount(d.data.length)}</p>
          {action.isError && <p className="form-error">{action.error.message}</p>}
          {bulk.bar}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {bulk.headerCell}
                  {moderator && <th>ID</th>}
                  <SortHeader code="N" label="Squad" {...h} />
                  <SortHeader code="C" label="Players" {...h} />
                  <SortHeader code="E" label="Eligible" {...h} />
                  {t.player_host_required && <SortHeader code="H" label="Can Host" {...h} />}
                  {t.checkin_required && <SortHeader code="CH" label="Checked In" {...h} />}
                  <SortHeader code="R" label="Registered On" {...h} />
                  {moderator && <th className="table-scroll__sticky-end">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((s) => (
                  <tr key={s.squad_id}>
                    {bulk.rowCell(s.squad_id, s.squad_name)}
                    {moderator && <td>{s.squad_id}</td>}
                    <td>
                      {t.team_tag_required && <span className="tag-badge">{s.squad_tag}</span>} {s.squad_name}
                      {/* 001 §4: a registered squad below verification_required is shown as unverified. */}
                      {status === "registered" && s.verified < t.verification_required && <span className="badge">Unverified</span>}
                    </td>
                    <td>
                      {s.player_count} <Link to={`/tournaments/${t.id}/squads/${s.squad_id}`}>(View)</Link>
                    </td>
                    <td>{s.eligible ? "Yes" : "No"}</td>
                    {t.player_host_required && <td>{s.can_host ? "Yes" : "No"}</td>}
                    {t.checkin_required && <td>{s.checked_in ? "Yes" : "No"}</td>}
                    <td>{s.registered_at_human}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        <MoveMenu
                          label="Move squad to:"
                          targets={["withdrawn", "rejected"]}
                          disabled={action.isPending}
                          onMove={(st) => void move(st, s.squad_id, s.squad_name)}
                        />
                        {status === "registered" && s.verified < t.verification_required && (
                          <VerifyButton
                            disabled={action.isPending}
                            onVerify={() =>
                              action.call(
                                e.moveSquad,
                                { params: { id: t.id }, body: { status: "registered", squad_id: s.squad_id } },
                                { onSuccess: () => toast(`${s.squad_name} verified.`) },
                              )
                            }
                          />
                        )}
                        {status === "registered" && (t.team_tag_required || t.team_name_required) && (
                          <>
                            {" "}
                            <Link to={`/tournaments/${t.id}/registrations/squads/${s.squad_id}/edit`}>Edit</Link>
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </QueryState>
  );
}
