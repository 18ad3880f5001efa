import { useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useT } from "@/lib/i18n/use-t";
import "./calendar-subscribe.css";

const never = () => () => {};

/**
 * The feed's absolute https URL: `path` as given when it is already absolute (the personal feed's
 * link comes from the server), else on this page's origin. A page drawn on the server has no
 * location (#17 §6), so it shows the path until hydration completes it.
 */
function useAbsoluteUrl(path: string): string {
  const origin = useSyncExternalStore(
    never,
    () => window.location.origin,
    () => "",
  );
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}

/** `webcal://…`: what calendar apps (Apple Calendar, Outlook, Thunderbird) open as a subscription. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a URL scheme
export const webcalUrl = (url: string): string => url.replace(/^https?:\/\//, "webcal://");

export interface CalendarSubscribeProps {
  /** The feed: a path on this site (`/api/calendar/…`) or an absolute https URL. */
  path: string;
  /** The disclosure's summary, e.g. 'Subscribe to these tournaments'. */
  label: string;
  /** What the feed holds, shown above the links. */
  description?: ReactNode;
  /** Open from the start (the personal link right after it was made). */
  open?: boolean;
}

/**
 * "Subscribe" to a calendar feed (issue #20 §4): a disclosure with a webcal:// link (opens the
 * calendar app), the https URL in a read-only field with a Copy button (the clipboard, or the
 * field selected for a manual copy where the clipboard is refused), and a line of help for Google
 * Calendar, which takes the https URL.
 */
export function CalendarSubscribe({ path, label, description, open }: CalendarSubscribeProps) {
  const _ = useT();
  const url = useAbsoluteUrl(path);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const helpId = useId();
  const [note, setNote] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNote(_("ui.calendar.copied"));
    } catch {
      // No clipboard (an insecure page, a refused permission): select the text for Ctrl+C.
      field.current?.select();
      setNote(_("ui.calendar.copyManually"));
    }
  };
  return (
    <details className="calendar-subscribe" open={open}>
      <summary>{label}</summary>
      <div className="calendar-subscribe__body">
        {description && <p className="calendar-subscribe__help">{description}</p>}
        <div className="calendar-subscribe__row">
          <a className="btn btn--secondary btn--sm" href={webcalUrl(url)}>
            {_("ui.calendar.open")}
          </a>
        </div>
        <label htmlFor={fieldId} className="visually-hidden">
          {_("ui.calendar.urlLabel")}
        </label>
        <div className="calendar-subscribe__row">
          <input
            id={fieldId}
            ref={field}
            className="input calendar-subscribe__url"
            type="text"
            readOnly
            value={url}
            aria-describedby={helpId}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()}>
            {_("ui.calendar.copy")}
          </button>
        </div>
        <p id={helpId} className="calendar-subscribe__help">
          {_("ui.calendar.help")}
        </p>
        {note && (
          <p className="calendar-subscribe__help" role="status">
            {note}
          </p>
        )}
      </div>
    </details>
  );
}
