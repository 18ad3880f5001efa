import { COUNTS } from "@site/contract";

const MEDALS: Record<number, string> = { 1: "🥇", 2: "🥈", 3: "🥉" };

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/**
 * A placement: a medal icon for places 1–3 (000 §2, §9 medalPlaces), otherwise the number, with a
 * "–N" range when an upper bound is set; 'DQ' for disqualified entrants, '–' when unplaced.
 */
export function PlacementLabel({ placement, upperBound, dq }: { placement: number | null; upperBound?: number | null; dq?: boolean }) {
  if (dq) return <span className="placement placement--dq" title="Disqualified">DQ</span>;
  if (placement === null) return <span className="placement placement--none">–</span>;
  const medal = placement <= COUNTS.medalPlaces ? MEDALS[placement] : undefined;
  if (medal && !upperBound) {
    return (
      <span className={`placement placement--medal placement--${placement}`} role="img" aria-label={`${ordinal(placement)} place`} title={`${ordinal(placement)} place`}>
        {medal}
      </span>
    );
  }
  return <span className="placement">{upperBound && upperBound > placement ? `${placement}–${upperBound}` : placement}</span>;
}
