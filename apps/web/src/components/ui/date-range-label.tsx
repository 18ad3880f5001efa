import type { TournamentListItem } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";
import { LocalDateRange } from "./local-time";

/** An ISO instant with a time ('2026-03-01T18:00:00.000Z'), not a bare date. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- ISO 8601's date/time separator
const isInstant = (v: string | null | undefined): v is string => !!v && v.includes("T") && !Number.isNaN(Date.parse(v));

export interface DateRangeLabelProps {
  startDate?: string | null;
  endDate?: string | null;
  startDateHuman?: string | null;
  endDateHuman?: string | null;
  className?: string;
}

/** The label text per 000 §4: no dates → 'Ongoing'; same start and end → one date; else 'start – end'. */
export function dateRangeText({ startDate, endDate, startDateHuman, endDateHuman }: DateRangeLabelProps): string {
  const start = startDateHuman || startDate || null;
  const end = endDateHuman || endDate || null;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the English of ui.date.ongoing (DateRangeLabel shows the message)
  if (!start && !end) return "Ongoing";
  if (!start) return end!;
  if (!end) return start;
  // Equal instants, or different times on the same displayed day, both read as one date.
  if (start === end || (startDate && startDate === endDate)) return start;
  return `${start} – ${end}`;
}

/**
 * Date-range label (000 §2 Shared widgets, §4 States): 'Ongoing' when no date is set, a single
 * time when start equals end, otherwise the start and end separated by an en dash. With the
 * wire's ISO instants it shows times in the viewer's zone with its label and the UTC range on
 * hover and focus (issue 17 §2, `LocalDateRange`); without them, the server's human forms.
 */
export function DateRangeLabel(props: DateRangeLabelProps) {
  const _ = useT();
  const start = isInstant(props.startDate) ? props.startDate : null;
  const end = isInstant(props.endDate) ? props.endDate : null;
  if (start || end) return <LocalDateRange start={start} end={end} className={props.className} />;
  // dateRangeText's 'Ongoing' is the English of ui.date.ongoing; the dates are the server's forms.
  const text = props.startDateHuman || props.startDate || props.endDateHuman || props.endDate ? dateRangeText(props) : _("ui.date.ongoing");
  return <span className={["date-range", props.className ?? ""].filter(Boolean).join(" ")}>{text}</span>;
}

/** Maps a tournament list item onto DateRangeLabel props. */
export function tournamentDates(t: TournamentListItem): DateRangeLabelProps {
  return { startDate: t.start_date, endDate: t.end_date, startDateHuman: t.start_date_human, endDateHuman: t.end_date_human };
}
