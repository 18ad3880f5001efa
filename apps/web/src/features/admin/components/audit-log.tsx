import { useState } from "react";
import { Link } from "react-router";
import { Pager } from "@/components/ui/pager";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import { useAuditLog } from "../api/audit";
import "@/styles/moderation.css";

/** What each logged action key means, in the words of the screens that do it. */
const ACTION_LABELS: Record<string, string> = {
  "account.activate": "Activated an account",
  "news.create": "Posted news",
  "news.edit": "Edited news",
  "player.ban": "Banned a player",
  "player.unban": "Lifted a ban",
  "role.grant": "Gave a role",
  "role.remove": "Removed a role",
  "team_claim.approve": "Approved a team claim",
  "team_claim.decline": "Declined a team claim",
  "word_filter.save": "Saved the word filter",
  "profile_change.approve": "Approved a name change",
  "profile_change.decline": "Declined a name change",
  "team.approve": "Approved a team",
  "team.disapprove": "Disapproved a team",
};

const TARGETS: Record<string, { label: string; href?: (id: number) => string }> = {
  players: { label: "Player", href: paths.player },
  teams: { label: "Team", href: paths.team },
  news_posts: { label: "News post", href: paths.news },
  users: { label: "Account" },
  word_filter: { label: "Word filter" },
};

/** The target as a link to its page where it has one ('Player #12'). */
function Target({ type, id }: { type: string; id: number | null }) {
  const t = TARGETS[type];
  const text = `${t?.label ?? type}${id !== null ? ` #${id}` : ""}`;
  return id !== null && t?.href ? <Link to={t.href(id)}>{text}</Link> : <>{text}</>;
}

/** A before/after value: JSON objects as 'field: value' lines, anything else as it came. */
function Value({ raw }: { raw: string | null }) {
  if (raw === null || raw === "") return <>—</>;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return <>{raw}</>;
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length === 0) return <>—</>;
    return (
      <dl className="audit-log__fields">
        {entries.map(([k, v]) => (
          <div key={k}>
            <dt>{k.replace(/_/g, " ")}</dt>
            <dd>{v === null || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{typeof parsed === "string" ? parsed : raw}</>;
}

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
                    <td title={e.action}>{ACTION_LABELS[e.action] ?? e.action}</td>
                    <td>
                      <Target type={e.target_type} id={e.target_id} />
                    </td>
                    <td className="audit-log__value">
                      <Value raw={e.before} />
                    </td>
                    <td className="audit-log__value">
                      <Value raw={e.after} />
                    </td>
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
