import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { Link } from "react-router";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDayTime } from "@/lib/time-format";
import { useTournamentLogs } from "../api/get-tournament-logs";
import { useLogAction } from "./log-actions";

/**
 * `/tournaments/{id}/logs` (001 §2): every staff and player action on the tournament and its
 * registrations — when, who, what, before, after — newest first, 50 a page.
 */
export function TournamentLogs({ id, page, onPageChange }: { id: number; page: number; onPageChange: (p: number) => void }) {
  const _ = useT();
  const { locale } = useI18n();
  const query = useTournamentLogs(id, page);
  const logAction = useLogAction();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.data.length === 0 && page === 1}
      empty={<p className="empty">{_("tournaments.logs.empty")}</p>}
    >
      {(d) => (
        <>
          <div className="table-scroll">
            <table className="stats-table logs-table" aria-busy={query.isPlaceholderData || undefined}>
              <thead>
                <tr>
                  <th scope="col">{_("tournaments.logs.when")}</th>
                  <th scope="col">{_("tournaments.logs.who")}</th>
                  <th scope="col">{_("tournaments.logs.what")}</th>
                  <th scope="col">{_("tournaments.logs.before")}</th>
                  <th scope="col">{_("tournaments.logs.after")}</th>
                </tr>
              </thead>
              <tbody>
                {d.data.map((l) => (
                  <tr key={l.id}>
                    <td className="logs-table__when">
                      <time dateTime={l.created_at}>{formatDayTime(l.created_at, locale)}</time>
                    </td>
                    <td>{l.player_id !== null ? <Link to={paths.player(l.player_id)}>{l.user_name}</Link> : l.user_name}</td>
                    <td title={logAction.detail(l)}>{logAction.text(l)}</td>
                    <td className="logs-table__value">{l.before ?? "—"}</td>
                    <td className="logs-table__value">{l.after ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} hasNextPage={d.has_next_page} onPageChange={onPageChange} busy={query.isPlaceholderData} />
        </>
      )}
    </QueryState>
  );
}
