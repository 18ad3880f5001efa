import { CalendarSubscribe } from "@/components/ui/calendar-subscribe";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useMyFeed } from "../api/get-my-feed";
import { useRotateMyFeed } from "../api/rotate-my-feed";
import "./calendar.css";

/**
 * The signed-in account's personal calendar feed (issue #20 §4), on the profile settings and My
 * Tournaments: make the secret link, copy or open it, and replace it (with a confirmation: the
 * old link then stops working). The server keeps only the link's hash, so the link is shown once,
 * right after it was made; afterwards the panel says when it was made and offers a new one.
 */
export function PersonalCalendarFeed() {
  const _ = useT();
  const { errorText } = useErrorText();
  const feed = useMyFeed();
  const rotate = useRotateMyFeed();
  const confirm = useConfirm();
  const made = rotate.data?.url ? rotate.data : null;

  const makeLink = async (replacing: boolean) => {
    if (
      replacing &&
      !(await confirm({
        title: _("tournaments.feed.confirm.title"),
        body: _("tournaments.feed.confirm.body"),
        confirmLabel: _("tournaments.feed.newLink"),
        destructive: true,
      }))
    )
      return;
    rotate.mutate();
  };

  return (
    <Panel title={_("tournaments.feed.title")} className="personal-calendar-feed">
      <QueryState query={feed}>
        {(status) => {
          const exists = status.created_at !== null || made !== null;
          return (
            <>
              <p className="muted">{_("tournaments.feed.what")}</p>
              {made ? (
                <>
                  <p role="status">{_("tournaments.feed.made")}</p>
                  <CalendarSubscribe path={made.url!} label={_("tournaments.feed.yourLink")} open />
                </>
              ) : (
                status.created_at && (
                  <p>
                    <Trans id="tournaments.feed.madeOn" components={{ 0: <LocalTime at={status.created_at} /> }} />
                  </p>
                )
              )}
              <p>
                <button
                  type="button"
                  className={exists ? "btn btn--secondary btn--sm" : "btn btn--sm"}
                  disabled={rotate.isPending}
                  onClick={() => void makeLink(exists)}
                >
                  {rotate.isPending ? _("tournaments.feed.making") : exists ? _("tournaments.feed.newLink") : _("tournaments.feed.getLink")}
                </button>
              </p>
              {rotate.isError && (
                <p className="form-error" role="alert">
                  {rotate.error.message ? errorText(rotate.error) : _("tournaments.feed.failed")}
                </p>
              )}
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
