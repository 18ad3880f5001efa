import type { TournamentListItem } from "@site/contract";

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
  if (!start && !end) return "Ongoing";
  if (!start) return end!;
  if (!end) return start;
  // Equal instants, or different times on the same displayed day, both read as one date.
  if (start === end || (startDate && startDate === endDate)) return start;
  return `${start} – ${end}`;
}

/**
 * Date-range label (000 §2 Shared widgets, §4 States): 'Ongoing' when no date is set, a single
 * date when start equals end, otherwise the start and end separated by an en dash. Human forms
 * from the server are preferred over the raw ISO strings.
 */
export function DateRangeLabel(props: DateRangeLabelProps) {
  const text = dateRangeText(props);
  return <span className={["date-range", props.className ?? ""].filter(Boolean).join(" ")}>{text}</span>;
}

/** Maps a tournament list item onto DateRangeLabel props. */
export function tournamentDates(t: TournamentListItem): DateRangeLabelProps {
  return { startDate: t.start_date, endDate: t.end_date, startDateHuman: t.start_date_human, endDateHuman: t.end_date_human };
}
