import { useState } from "react";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { useAuditLog } from "../api/audit";
import "@/features/moderation/components/moderation.css";

/** `/admin/audit` (administrators): every moderator and administrator action, newest first. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <QueryState query={log} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">Nothing has been logged yet.</p>}>
      {(d) => (
        <>
          <div className="audit-log">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Target</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {d.data.map((e) => (
                  <tr key={e.id}>
                    <td>{e.time_human}</td>
                    <td>{e.actor}</td>
                    <td>{e.action}</td>
                    <td>
                      {e.target_type}
                      {e.target_id !== null ? ` #${e.target_id}` : ""}
                    </td>
                    <td className="audit-log__value">{e.before ?? "—"}</td>
                    <td className="audit-log__value">{e.after ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={log.isFetching} />
        </>
      )}
    </QueryState>
  );
}
