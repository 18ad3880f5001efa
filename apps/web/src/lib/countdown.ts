import { DAY_MS, HOUR_MS, MINUTE_MS } from "./time-format";

/**
 * Countdown math (issue 17 §2): what is left until an instant, as the tournament page shows it,
 * and when the text next changes. Pure: the caller passes now.
 */

/** Whole days, hours, minutes and seconds of a non-negative duration in milliseconds. */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Each language's short units (#21 §4): days, hours, minutes, seconds, and whether a number and
 * its unit are written apart ('2 d') or together ('2日'). Tables, not Intl.DurationFormat: the
 * server's drawing and the hydration must say the same.
 */
const UNITS: Record<string, { d: string; h: string; m: string; s: string; apart: boolean }> = {
  en: { d: "d", h: "h", m: "m", s: "s", apart: true },
  fr: { d: "j", h: "h", m: "min", s: "s", apart: true },
  de: { d: "T", h: "Std", m: "Min", s: "Sek", apart: true },
  es: { d: "d", h: "h", m: "min", s: "s", apart: true },
  pt: { d: "d", h: "h", m: "min", s: "s", apart: true },
  ja: { d: "日", h: "時間", m: "分", s: "秒", apart: false },
};

/**
 * What is left, rounded down: '2 d 04 h' from a day up, '3 h 05 m' from an hour up, '12 m 05 s'
 * under an hour, '0 m 00 s' once passed. The smaller unit is two digits so the width only
 * changes when the larger one gains a digit. In the page's language with `locale` ('2 j 04 h',
 * '2 T 04 Std', '2日 04時間'); English for any other.
 */
export function formatCountdown(remainingMs: number, locale = "en"): string {
  const u = UNITS[locale.slice(0, 2)] ?? UNITS.en!;
  const w = (n: number | string, unit: string) => (u.apart ? `${n} ${unit}` : `${n}${unit}`);
  const { days, hours, minutes, seconds } = splitDuration(remainingMs);
  if (remainingMs >= DAY_MS) return `${w(days, u.d)} ${w(pad(hours), u.h)}`;
  if (remainingMs >= HOUR_MS) return `${w(hours, u.h)} ${w(pad(minutes), u.m)}`;
  return `${w(minutes, u.m)} ${w(pad(seconds), u.s)}`;
}

/**
 * Milliseconds until the text of `formatCountdown` changes: to the next whole second under an
 * hour (seconds are shown), to the next whole minute otherwise (a day or more shows hours only,
 * but a minute's wait keeps the page within a minute of the truth). Never 0: a boundary hit
 * exactly waits a full step.
 */
export function nextTickDelay(remainingMs: number): number {
  if (remainingMs <= 0) return MINUTE_MS;
  const step = remainingMs <= HOUR_MS ? 1000 : MINUTE_MS;
  return remainingMs % step || step;
}

/** One moment a countdown can run to. */
export interface Milestone {
  /** 'Registration closes', 'Check-in opens', 'Check-in closes', 'Starts'. */
  label: string;
  /** Epoch milliseconds. */
  at: number;
}

/** The milestones still ahead of `now`, soonest first. */
export function upcomingMilestones(milestones: readonly Milestone[], now: number): Milestone[] {
  return milestones.filter((m) => Number.isFinite(m.at) && m.at > now).sort((a, b) => a.at - b.at);
}
