import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { type MoveStatus, registrationEndpoints as e, type TournamentDetail } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { MoveMenu } from "@/components/ui/move-menu";
import { QueryState } from "@/components/ui/query-state";
import { SortHeader } from "@/components/ui/sort-header";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { MOVE_NAMES } from "../api/registration-labels";
import { registrationQueries, useRegistrationAction } from "../api/registrations";
import { useRegistrationBulk } from "./bulk-table";
import { SORT } from "./sort-codes";
import { VerifyButton } from "./verify-button";

/**
 * The squad table of the registrations page (001 §2 Squad registrations, §9 sort codes): squads
 * of one status, sorted server-side; registration moderators get IDs and the Move, Verify and
 * Edit actions.
 */
export function SquadTable({ t, status, checkedIn }: { t: TournamentDetail; status: MoveStatus; checkedIn?: boolean }) {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const [order, setOrder] = useState<string>(SORT.DEFAULT);
  const q = useQuery(registrationQueries.squads(t.id, status, order, checkedIn));
  // Bulk actions (issue #22 §2) on the squads listed.
  const bulk = useRegistrationBulk(t, "squads", q.data?.data.map((s) => s.squad_id) ?? [], status);
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const move = async (st: MoveStatus, squadId: number, name: string) => {
    const to = _(MOVE_NAMES[st]);
    const ok = await confirm({
      title: _("registration.move.title", { name, status: to }),
      body: <p>{_("registration.move.squadBody", { status: to })}</p>,
      confirmLabel: _("registration.move.confirm", { status: to }),
      destructive: true,
    });
    if (ok)
      action.call(
        e.moveSquad,
        { params: { id: t.id }, body: { status: st, squad_id: squadId } },
        { onSuccess: () => toast(_("registration.move.done", { name, status: to })) },
      );
  };
  // IDs and the Move/Verify/Edit actions are for registration moderators (000 §6 canEventModerate).
  const moderator = t.can_moderate;
  const h = { order, setOrder };
  return (
    <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("registration.noSquads")}</p>}>
      {(d) => (
        <>
          <p className="reg-count">{_("registration.squadCount", { count: d.data.length })}</p>
          {action.isError && <p className="form-error">{errorText(action.error)}</p>}
          {bulk.bar}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {bulk.headerCell}
                  {moderator && <th>{_("registration.col.id")}</th>}
                  <SortHeader code={SORT.SQUAD} label={_("registration.col.squad")} {...h} />
                  <SortHeader code={SORT.PLAYERS} label={_("registration.col.players")} {...h} />
                  <SortHeader code={SORT.ELIGIBLE} label={_("registration.col.eligible")} {...h} />
                  {t.player_host_required && <SortHeader code={SORT.HOST} label={_("registration.canHost")} {...h} />}
                  {t.checkin_required && <SortHeader code={SORT.CHECKED_IN} label={_("registration.col.checkedIn")} {...h} />}
                  <SortHeader code={SORT.REGISTERED} label={_("registration.col.registeredOn")} {...h} />
                  {moderator && <th className="table-scroll__sticky-end">{_("registration.col.actions")}</th>}
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
                      {status === "registered" && s.verified < t.verification_required && (
                        <span className="badge">{_("registration.unverified")}</span>
                      )}
                    </td>
                    <td>
                      {s.player_count} <Link to={`/tournaments/${t.id}/squads/${s.squad_id}`}>{_("registration.view")}</Link>
                    </td>
                    <td>{s.eligible ? _("common.yes") : _("common.no")}</td>
                    {t.player_host_required && <td>{s.can_host ? _("common.yes") : _("common.no")}</td>}
                    {t.checkin_required && <td>{s.checked_in ? _("common.yes") : _("common.no")}</td>}
                    <td>{formatDay(s.registered_at, locale)}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        <MoveMenu
                          label={_("registration.move.squadMenu")}
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
                                { onSuccess: () => toast(_("registration.verified", { name: s.squad_name })) },
                              )
                            }
                          />
                        )}
                        {status === "registered" && (t.team_tag_required || t.team_name_required) && (
                          <>
                            {" "}
                            <Link to={`/tournaments/${t.id}/registrations/squads/${s.squad_id}/edit`}>{_("registration.editLink")}</Link>
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
