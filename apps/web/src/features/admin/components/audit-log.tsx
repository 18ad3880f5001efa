import { useState } from "react";
import { Link } from "react-router";
import { Pager } from "@/components/ui/pager";
import { paths } from "@/config/paths";
import { QueryState } from "@/components/ui/query-state";
import type { MessageId } from "@lingui/core";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDayTime } from "@/lib/time-format";
import { useAuditLog } from "../api/audit";
import "@/styles/moderation.css";

/** What each logged action key means, in the words of the screens that do it. */
const ACTION_LABELS: Record<string, MessageId> = {
  "account.activate": "admin.audit.action.accountActivate",
  "news.create": "admin.audit.action.newsCreate",
  "news.edit": "admin.audit.action.newsEdit",
  "player.ban": "admin.audit.action.playerBan",
  "player.unban": "admin.audit.action.playerUnban",
  "role.grant": "admin.audit.action.roleGrant",
  "role.remove": "admin.audit.action.roleRemove",
  "team_claim.approve": "admin.audit.action.teamClaimApprove",
  "team_claim.decline": "admin.audit.action.teamClaimDecline",
  "word_filter.save": "admin.audit.action.wordFilterSave",
  "profile_change.approve": "admin.audit.action.profileChangeApprove",
  "profile_change.decline": "admin.audit.action.profileChangeDecline",
  "team.approve": "admin.audit.action.teamApprove",
  "team.disapprove": "admin.audit.action.teamDisapprove",
};

/** Where each target type's page is; the type's name is in the admin.audit.target messages. */
const TARGET_LINKS: Record<string, (id: number) => string> = {
  players: paths.player,
  teams: paths.team,
  news_posts: paths.news,
};

/** The target as a link to its page where it has one ('Player #12'). */
function Target({ type, id }: { type: string; id: number | null }) {
  const _ = useT();
  const text = id !== null ? _("admin.audit.target", { type, id }) : _("admin.audit.targetNoId", { type });
  const href = TARGET_LINKS[type];
  return id !== null && href ? <Link to={href(id)}>{text}</Link> : <>{text}</>;
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
  const _ = useT();
  const { locale } = useI18n();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <QueryState query={log} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("admin.audit.empty")}</p>}>
      {(d) => (
        <>
          <div className="audit-log">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{_("admin.audit.when")}</th>
                  <th scope="col">{_("admin.audit.who")}</th>
                  <th scope="col">{_("admin.audit.what")}</th>
                  <th scope="col">{_("admin.audit.targetColumn")}</th>
                  <th scope="col">{_("admin.audit.before")}</th>
                  <th scope="col">{_("admin.audit.after")}</th>
                </tr>
              </thead>
              <tbody>
                {d.data.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDayTime(e.time, locale)}</td>
                    <td>{e.actor}</td>
                    <td title={e.action}>{Object.hasOwn(ACTION_LABELS, e.action) ? _(ACTION_LABELS[e.action]!) : e.action}</td>
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
