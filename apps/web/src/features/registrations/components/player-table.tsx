import { useRef, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { isSquadEvent, type MoveStatus, PLAYER_LIST_PAGE_SIZE, registrationEndpoints as e, type TournamentDetail } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Flag } from "@/components/ui/flag";
import { MoveMenu } from "@/components/ui/move-menu";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SortHeader } from "@/components/ui/sort-header";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useSession } from "@/features/session/api/get-session";
import { MOVE_NAMES } from "../api/registration-labels";
import { registrationQueries, useRegistrationAction } from "../api/registrations";
import { useRegistrationBulk } from "./bulk-table";
import { SORT } from "./sort-codes";
import { VerifyButton } from "./verify-button";

/** The player table, one page of PLAYER_LIST_PAGE_SIZE at a time (sorted server-side across every page). */
export function PlayerTable({ t, status, checkedIn }: { t: TournamentDetail; status: MoveStatus; checkedIn?: boolean }) {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const [order, setOrderState] = useState<string>(SORT.DEFAULT);
  const [page, setPage] = useState(1);
  const q = useQuery(registrationQueries.players(t.id, status, order, checkedIn, page));
  // Bulk actions (issue #22 §2) on the rows of the page shown.
  const bulk = useRegistrationBulk(t, "players", q.data?.data.map((p) => p.player_id) ?? [], status);
  const me = useSession().data?.user?.player_id ?? null;
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const move = async (st: MoveStatus, playerId: number, name: string) => {
    const to = _(MOVE_NAMES[st]);
    const ok = await confirm({
      title: _("registration.move.title", { name, status: to }),
      body: <p>{_("registration.move.playerBody", { name, status: to })}</p>,
      confirmLabel: _("registration.move.confirm", { status: to }),
      destructive: true,
    });
    if (ok)
      action.call(
        squad ? e.moveSquadPlayer : e.movePlayer,
        { params: { id: t.id }, body: { status: st, player_id: playerId } },
        { onSuccess: () => toast(_("registration.move.done", { name, status: to })) },
      );
  };
  // IDs and the Move/Verify/Edit actions are for registration moderators (000 §6 canEventModerate);
  // the check-in controls stay with tournament administrators.
  const moderator = t.can_moderate;
  const admin = t.can_administrate;
  const squad = isSquadEvent(t.event_format);
  // A new sort starts again at the first page.
  const setOrder = (o: string) => (setOrderState(o), setPage(1));
  // Paging from the pager under the table brings the new page's first rows into view.
  const top = useRef<HTMLDivElement>(null);
  const goToPage = (n: number) => {
    setPage(n);
    top.current?.scrollIntoView?.({ block: "nearest" });
  };
  const h = { order, setOrder };
  // A move can empty the last page: go back to the list's new last page (adjusted while rendering).
  if (q.data && !q.isPlaceholderData && page > q.data.page_count) setPage(q.data.page_count);
  return (
    <QueryState query={q} isEmpty={(d) => d.count === 0} empty={<p className="empty">{_("registration.noPlayers")}</p>}>
      {(d) => (
        <>
          <div ref={top} className="table-anchor" />
          {d.page_count > 1 && (
            <p className="reg-count">
              {_("registration.playersRange", {
                from: (d.page - 1) * PLAYER_LIST_PAGE_SIZE + 1,
                to: (d.page - 1) * PLAYER_LIST_PAGE_SIZE + d.data.length,
                count: d.count,
              })}
            </p>
          )}
          {action.isError && <p className="form-error">{errorText(action.error)}</p>}
          {bulk.bar}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {bulk.headerCell}
                  {moderator && <th>{_("registration.col.id")}</th>}
                  {squad && <SortHeader code={SORT.SQUAD_OF_PLAYER} label={_("registration.col.squad")} {...h} />}
                  <th>{_("registration.col.flag")}</th>
                  <SortHeader code={SORT.PLAYER} label={_("registration.col.player")} {...h} />
                  {t.player_mii_name_required && <SortHeader code={SORT.IN_GAME_NAME} label={_("registration.inGameName")} {...h} />}
                  {squad && <SortHeader code={SORT.ELIGIBLE} label={_("registration.col.eligible")} {...h} />}
                  {d.custom_field_name && <SortHeader code={SORT.FIELD} label={d.custom_field_name} {...h} />}
                  {t.player_host_required && <SortHeader code={SORT.HOST} label={_("registration.canHost")} {...h} />}
                  {t.checkin_required && <SortHeader code={SORT.CHECKED_IN} label={_("registration.col.checkedIn")} {...h} />}
                  <SortHeader code={SORT.REGISTERED} label={_("registration.col.registeredOn")} {...h} />
                  {moderator && <th className="table-scroll__sticky-end">{_("registration.col.actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((p) => (
                  <tr
                    key={p.player_id}
                    className={p.player_id === me ? "is-current" : undefined}
                    aria-current={p.player_id === me ? "true" : undefined}
                  >
                    {bulk.rowCell(p.player_id, p.display_name)}
                    {moderator && <td>{p.player_id}</td>}
                    {squad && (
                      <td>
                        {p.squad_tag && <span className="tag-badge">{p.squad_tag}</span>} {p.squad_name}
                      </td>
                    )}
                    <td>
                      <Flag code={p.country_code} name={p.country_name} />
                    </td>
                    <td>
                      <Link to={`/registry/players/${p.player_id}`}>{p.display_name}</Link>
                    </td>
                    {t.player_mii_name_required && <td>{p.mii_name}</td>}
                    {squad && <td>{p.eligible ? _("common.yes") : _("common.no")}</td>}
                    {d.custom_field_name && <td>{p.custom_field}</td>}
                    {t.player_host_required && <td>{p.can_host ? _("common.yes") : _("common.no")}</td>}
                    {t.checkin_required && <td>{p.checked_in ? _("common.yes") : _("common.no")}</td>}
                    <td>{formatDay(p.registered_at, locale)}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        <MoveMenu
                          label={_("registration.move.playerMenu")}
                          targets={["withdrawn", "rejected"]}
                          disabled={action.isPending}
                          onMove={(st) => void move(st, p.player_id, p.display_name)}
                        />
                        {!squad && status === "registered" && p.verified < t.verification_required && (
                          <VerifyButton
                            onVerify={() =>
                              action.call(e.movePlayer, { params: { id: t.id }, body: { status: "registered", player_id: p.player_id } })
                            }
                          />
                        )}
                        {admin && t.checkin_required && status === "registered" && (
                          <>
                            {" "}
                            <button
                              type="button"
                              className="link-button"
                              onClick={() =>
                                action.call(p.checked_in ? e.adminCheckout : e.adminCheckin, {
                                  params: { id: t.id, playerId: p.player_id },
                                })
                              }
                            >
                              {p.checked_in ? _("registration.checkin.checkOut") : _("registration.checkin.checkIn")}
                            </button>
                          </>
                        )}
                        {status === "registered" && (t.player_mii_name_required || t.player_host_required || !squad) && (
                          <>
                            {" "}
                            <Link
                              to={
                                squad
                                  ? `/tournaments/${t.id}/registrations/squads/players/${p.player_id}/edit`
                                  : `/tournaments/${t.id}/registrations/players/${p.player_id}/edit`
                              }
                            >
                              {_("registration.editLink")}
                            </Link>
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={d.page} hasNextPage={d.page < d.page_count} onPageChange={goToPage} busy={q.isPlaceholderData} />
        </>
      )}
    </QueryState>
  );
}
