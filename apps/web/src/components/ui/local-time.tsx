import { useId, useState } from "react";
import { useNow } from "@/hooks/use-now";
import { useViewerTimeZone } from "@/hooks/use-viewer-time-zone";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatLocalDateTime, formatRange, formatRelative, formatUtcDateTime, toMs, type Instant } from "@/lib/time-format";
import "./local-time.css";

interface TimeProps {
  /** Zone to show the time in; the viewer's by default (tests pass a fixed one). */
  timeZone?: string;
  className?: string | undefined;
}

const iso = (at: Instant) => new Date(toMs(at)).toISOString();
const classes = (...names: Array<string | undefined | false>) => names.filter(Boolean).join(" ");

/**
 * The focusable element every time uses: `<time dateTime>` with the text, the UTC form as its
 * title (hover) and as a tooltip on focus (CSS, `data-utc`), and the same text as its accessible
 * description (a hidden element named by aria-describedby).
 */
function TimeText({ dateTime, text, hint, className }: { dateTime: string; text: string; hint: string; className?: string | undefined }) {
  const id = useId();
  return (
    <>
      {/* Focusable so keyboard users reach the UTC time; a time is not a control, so no role. */}
      <time
        className={classes("local-time", className)}
        dateTime={dateTime}
        tabIndex={0}
        title={hint}
        data-utc={hint}
        aria-describedby={id}
        // A relative time drawn on the server (#17 §6) can be a minute older than the browser's.
        suppressHydrationWarning
      >
        {text}
      </time>
      <span id={id} hidden>
        {hint}
      </span>
    </>
  );
}

/**
 * An instant in the viewer's zone with its label, 'Sat Dec 28, 19:00 CET' (the year when not
 * this year; `seconds` adds seconds), and 'UTC: Sat Dec 28 2024, 18:00 UTC' on hover and focus.
 */
export function LocalTime({ at, seconds, timeZone, className }: TimeProps & { at: Instant; seconds?: boolean }) {
  const _ = useT();
  const { locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  const zone = timeZone ?? viewerZone;
  // Now only decides whether the year is written; it need not tick.
  const [now] = useState(Date.now);
  return (
    <TimeText
      dateTime={iso(at)}
      text={formatLocalDateTime(at, { timeZone: zone, now, seconds: seconds ?? false, locale })}
      hint={_("ui.time.utc", { time: formatUtcDateTime(at, { seconds: seconds ?? false, locale }) })}
      className={className}
    />
  );
}

/**
 * A start–end range in the viewer's zone ('Sat Dec 28, 19:00 – 23:00 CET'), the UTC range on
 * hover and focus; 'Ongoing' (not focusable) without dates. ISO strings or null.
 */
export function LocalDateRange({ start, end, timeZone, className }: TimeProps & { start: string | null; end: string | null }) {
  const _ = useT();
  const { locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  const zone = timeZone ?? viewerZone;
  const [now] = useState(Date.now);
  const text = formatRange(start, end, { timeZone: zone, now, locale });
  // No dates: 'Ongoing' (time-format's English word) in the page's language.
  if (!text.utc) return <span className={classes("date-range", className)}>{_("ui.date.ongoing")}</span>;
  return (
    <TimeText
      dateTime={iso((start ?? end)!)}
      text={text.local}
      hint={_("ui.time.utc", { time: text.utc })}
      className={classes("date-range", className)}
    />
  );
}

/**
 * '2 days ago' / 'in 3 hours', refreshed each minute; the exact time in the viewer's zone and in
 * UTC on hover and focus.
 */
export function RelativeTime({ at, timeZone, className }: TimeProps & { at: Instant }) {
  const now = useNow(60_000);
  const { locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  const zone = timeZone ?? viewerZone;
  const exact = `${formatLocalDateTime(at, { timeZone: zone, now, locale })} (${formatUtcDateTime(at, { locale })})`;
  return <TimeText dateTime={iso(at)} text={formatRelative(at, now, locale)} hint={exact} className={className} />;
}
