const dateFmt = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // Not hour12:false: en-US then writes midnight as "24:05"; h23 gives "00:05".
  hourCycle: "h23",
});

/** `ms` (epoch, UTC) as 'Nov 22, 2026'; null stays null. */
export function dateHuman(ms: number): string;
export function dateHuman(ms: number | null): string | null;
export function dateHuman(ms: number | null): string | null {
  if (ms === null) return null;
  // Remembered per UTC day: Intl formatting costs ≈ 1 µs a call, and a 500-squad registration
  // list formats 500 dates per request (issue #16); the text depends on the UTC day alone.
  const day = Math.floor(ms / DAY_MS);
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = dateFmt.format(ms);
    if (dayTexts.size >= 20_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}
const dayTexts = new Map<number, string>();

/** `ms` (epoch, UTC) as 'Nov 22, 2026, 14:05 UTC'. */
export function dateTimeHuman(ms: number): string {
  return `${dateTimeFmt.format(ms)} UTC`;
}

/** `ms` as an ISO string, null stays null. */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export const DAY_MS = 24 * 60 * 60 * 1000;
