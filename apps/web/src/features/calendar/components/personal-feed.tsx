import { CalendarSubscribe } from "@/components/ui/calendar-subscribe";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { useMyFeed } from "../api/get-my-feed";
import { useRotateMyFeed } from "../api/rotate-my-feed";
import "./calendar.css";

const WHAT =
  "Your tournaments in your calendar app: the tournaments you are registered in, their check-in windows (with a reminder when check-in opens) and your teams' transfer deadlines.";

/**
 * The signed-in account's personal calendar feed (issue #20 §4), on the profile settings and My
 * Tournaments: make the secret link, copy or open it, and replace it (with a confirmation: the
 * old link then stops working). The server keeps only the link's hash, so the link is shown once,
 * right after it was made; afterwards the panel says when it was made and offers a new one.
 */
export function PersonalCalendarFeed() {
  const feed = useMyFeed();
  const rotate = useRotateMyFeed();
  const confirm = useConfirm();
  const made = rotate.data?.url ? rotate.data : null;

  const makeLink = async (replacing: boolean) => {
    if (
      replacing &&
      !(await confirm({
        title: "Make a new calendar link?",
        body: "Your current link stops working at once: calendars subscribed to it stop updating until you subscribe again with the new link.",
        confirmLabel: "Make a new link",
        destructive: true,
      }))
    )
      return;
    rotate.mutate();
  };

  return (
    <Panel title="Calendar feed" className="personal-calendar-feed">
      <QueryState query={feed}>
        {(status) => {
          const exists = status.created_at !== null || made !== null;
          return (
            <>
              <p className="muted">{WHAT}</p>
              {made ? (
                <>
                  <p role="status">Your new calendar link is below. Copy it now: for your privacy it is shown only this once.</p>
                  <CalendarSubscribe path={made.url!} label="Your calendar link" open />
                </>
              ) : (
                status.created_at && (
                  <p>
                    You made your calendar link on <LocalTime at={status.created_at} />. It is shown only once; if you no longer have it,
                    make a new one.
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
                  {rotate.isPending ? "Making the link…" : exists ? "Make a new link" : "Get my calendar link"}
                </button>
              </p>
              {rotate.isError && (
                <p className="form-error" role="alert">
                  {rotate.error.message || "The link could not be made. Please try again."}
                </p>
              )}
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
