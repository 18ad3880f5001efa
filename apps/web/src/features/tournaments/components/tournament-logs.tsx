import { Fragment } from "react";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { Link } from "react-router";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDayTime } from "@/lib/time-format";
import { useTournamentLogs } from "../api/get-tournament-logs";
import { useLogAction, useLogValues } from "./log-actions";

/**
 * `/tournaments/{id}/logs` (001 §2): every staff and player action on the tournament and its
 * registrations — when, who, what, before, after — newest first, 50 a page. Before and after are
 * in the page's language where the line carries them as values (#21, `useLogValues`), one
 * changed value a line; otherwise the server's English text.
 */
export function TournamentLogs({ id, page, onPageChange }: { id: number; page: number; onPageChange: (p: number) => void }) {
  const _ = useT();
  const { locale } = useI18n();
  const query = useTournamentLogs(id, page);
  const logAction = useLogAction();
  const logValues = useLogValues();
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
                    <td className="logs-table__who">
                      {l.player_id !== null ? <Link to={paths.player(l.player_id)}>{l.user_name}</Link> : l.user_name}
                    </td>
                    <td className="logs-table__what" title={logAction.detail(l)}>
                      {logAction.text(l)}
                    </td>
                    <ValueCell label={_("tournaments.logs.before")} lines={logValues(l.before_values, l.before)} />
                    <ValueCell label={_("tournaments.logs.after")} lines={logValues(l.after_values, l.after)} />
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

/**
 * A before or after cell: each changed value on its own line, "—" when there is none. `label`
 * (the column's heading) is shown before the value on a phone, where the rows are stacked and the
 * headings hidden, and a cell with no value is left out there (tournaments.css).
 */
function ValueCell({ label, lines }: { label: string; lines: string[] | null }) {
  return (
    <td className={lines === null ? "logs-table__value logs-table__value--none" : "logs-table__value"} data-label={label}>
      {lines === null
        ? "—"
        : lines.map((text, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {text}
            </Fragment>
          ))}
    </td>
  );
}
