import { useState } from "react";
import { type NotificationFilter } from "@site/contract";
import { RelativeTime } from "@/components/ui/local-time";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { TabBar } from "@/components/ui/tab-bar";
import { useSession } from "@/features/session/api/get-session";
import type { MessageId } from "@lingui/core";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useMarkRead, useNotifications } from "../api/notifications";
import "@/styles/moderation.css";

const TABS: ReadonlyArray<{ value: NotificationFilter; label: MessageId }> = [
  { value: "unread", label: "notifications.filter.unread" },
  { value: "important", label: "notifications.filter.important" },
  { value: "all", label: "notifications.filter.all" },
];

/**
 * `/notifications` (000 §2): tabs Unread, Important and All; All and Important are paged,
 * Unread is not. Each unread notification can be marked read, or all at once. The message is
 * HTML built and escaped on the server from typed events.
 */
export function NotificationsPage() {
  const _ = useT();
  const { errorText } = useErrorText();
  const [filter, setFilter] = useState<NotificationFilter>("unread");
  const [page, setPage] = useState(1);
  const list = useNotifications(filter, page);
  const mark = useMarkRead();
  // Nothing to mark: the session's unread count (refreshed after each mark) hides the button.
  const unread = useSession().data?.user?.unread_notifications ?? 0;

  return (
    <div className="notifications">
      <div className="mod-toolbar">
        <TabBar
          label={_("notifications.filter.label")}
          className="tab-bar--inline"
          tabs={TABS.map((t) => ({ value: t.value, label: _(t.label) }))}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        {unread > 0 && (
          <button type="button" className="btn btn--secondary btn--sm" disabled={mark.isPending} onClick={() => mark.mutate(null)}>
            {_("notifications.markAllRead")}
          </button>
        )}
      </div>
      {mark.isError && (
        <p className="form-error" role="alert">
          {errorText(mark.error)}
        </p>
      )}
      <QueryState query={list} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("notifications.empty")}</p>}>
        {(d) => (
          <>
            <ul className="notification-list" aria-busy={list.isPlaceholderData || undefined}>
              {d.data.map((n) => (
                <li
                  key={n.id}
                  className={`notification notification--${n.level}${n.read ? "" : " is-unread"}`}
                  data-level={n.level}
                  data-id={n.id}
                >
                  {/* Sanitized on the server: built from escaped text and site links only. */}
                  <div className="notification__message" dangerouslySetInnerHTML={{ __html: n.message }} />
                  <div className="notification__meta">
                    <RelativeTime at={n.time} className="local-time--end" />
                    {!n.read && (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        disabled={mark.isPending}
                        onClick={() => mark.mutate(n.id)}
                      >
                        {_("notifications.markRead")}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {filter !== "unread" && <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={list.isFetching} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
