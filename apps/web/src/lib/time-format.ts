/**
 * Times people can read (issue 17 §2): pure formatting of instants in a given time zone. Every
 * function takes the zone (an IANA name such as 'Europe/Berlin') and, where the text depends on
 * it, the current time, so the results do not depend on the machine running them. Components
 * pass the viewer's zone (`viewerTimeZone()`); tests pass fixed ones. The words and their order
 * follow the page's language (#21 §4: `locale`, English by default), written from tables here
 * rather than by Intl, so a page drawn on the server and hydrated in the browser says exactly the
 * same (two runtimes' Intl data may differ) and no Intl formatter is built while hydrating.
 */

/** An instant: epoch milliseconds, a Date, or an ISO string. */
export type Instant = number | Date | string;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The instant as epoch milliseconds (NaN for an unreadable string). */
export function toMs(at: Instant): number {
  if (typeof at === "number") return at;
  if (at instanceof Date) return at.getTime();
  return Date.parse(at);
}

/** The browser's time zone ('UTC' when the runtime cannot tell). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** True for the zones that are UTC itself (a local equivalent would repeat the UTC text). */
export function isUtcZone(timeZone: string): boolean {
  return ["UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"].includes(timeZone);
}

const fmtCache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let f = fmtCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    fmtCache.set(key, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** An instant's calendar fields in one zone: weekday 0–6 (Sunday first), month 0–11. */
interface Parts {
  weekday: number;
  month: number;
  day: number;
  year: number;
  /** 'HH:mm', 24-hour */
  time: string;
  seconds: string;
}

/**
 * The parts of `ms` in UTC, by hand, without Intl. The first Intl formatter of a page loads the
 * runtime's locale and zone data (15–30 ms of a phone's main thread, #17 §6); a page drawn on the
 * server hydrates in UTC, so hydration needs none.
 */
function utcParts(ms: number): Parts {
  const d = new Date(ms);
  return {
    weekday: d.getUTCDay(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    year: d.getUTCFullYear(),
    time: `${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`,
    seconds: twoDigits(d.getUTCSeconds()),
  };
}

/** The parts of `ms` in `timeZone` (read from en-US's formatter, whose names the tables know). */
function parts(ms: number, timeZone: string): Parts {
  if (isUtcZone(timeZone)) return utcParts(ms);
  const p: Record<string, string> = {};
  const options: Intl.DateTimeFormatOptions = {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  };
  for (const part of fmt("en-US", options).formatToParts(ms)) p[part.type] = part.value;
  return {
    weekday: WEEKDAYS.indexOf(p.weekday as (typeof WEEKDAYS)[number]),
    month: MONTHS.indexOf(p.month as (typeof MONTHS)[number]),
    day: Number(p.day),
    year: Number(p.year),
    time: `${p.hour}:${p.minute}`,
    seconds: p.second!,
  };
}

/**
 * How each language writes a day and a time, short (CLDR's abbreviated weekday and month names
 * and medium date order of each language, 24-hour clock): `year` is '' when not written.
 * en 'Sat Dec 28, 19:00', fr 'sam. 28 déc., 19:00', de 'Sa., 28. Dez., 19:00', es 'sáb, 28 dic,
 * 19:00', pt 'sáb., 28 de dez., 19:00', ja '12月28日(土) 19:00'; with the year: 'Sat Dec 28 2024,
 * 19:00', 'sam. 28 déc. 2024, 19:00', 'Sa., 28. Dez. 2024, 19:00', 'sáb, 28 dic 2024, 19:00',
 * 'sáb., 28 de dez. de 2024, 19:00', '2024年12月28日(土) 19:00'.
 */
const DATE_STYLES: Record<
  string,
  { weekdays: readonly string[]; months: readonly string[]; write: (w: string, m: string, d: number, year: string, time: string) => string }
> = {
  en: { weekdays: WEEKDAYS, months: MONTHS, write: (w, m, d, y, t) => `${w} ${m} ${d}${y && ` ${y}`}, ${t}` },
  fr: {
    weekdays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
    months: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
    write: (w, m, d, y, t) => `${w} ${d} ${m}${y && ` ${y}`}, ${t}`,
  },
  de: {
    weekdays: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
    months: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
    write: (w, m, d, y, t) => `${w}, ${d}. ${m}${y && ` ${y}`}, ${t}`,
  },
  es: {
    weekdays: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
    months: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    write: (w, m, d, y, t) => `${w}, ${d} ${m}${y && ` ${y}`}, ${t}`,
  },
  pt: {
    weekdays: ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."],
    months: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
    write: (w, m, d, y, t) => `${w}, ${d} de ${m}${y && ` de ${y}`}, ${t}`,
  },
  ja: {
    weekdays: ["日", "月", "火", "水", "木", "金", "土"],
    months: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
    write: (w, m, d, y, t) => `${y && `${y}年`}${m}${d}日(${w}) ${t}`,
  },
};

/**
 * How each language writes a calendar day with its year and without a weekday (CLDR's medium
 * date with the abbreviated month, the months of `DATE_STYLES`), and how it puts a time after
 * it: en 'Nov 22, 2026' / 'Nov 22, 2026, 14:05', fr '22 nov. 2026' / '22 nov. 2026, 14:05',
 * de '22. Nov. 2026', es '22 nov 2026', pt '22 de nov. de 2026', ja '2026年11月22日' /
 * '2026年11月22日 14:05'. English is exactly the server's `dateHuman` / `dateTimeHuman`.
 */
const DAY_STYLES: Record<string, { day: (m: string, d: number, y: number) => string; withTime: (day: string, time: string) => string }> = {
  en: { day: (m, d, y) => `${m} ${d}, ${y}`, withTime: (day, t) => `${day}, ${t}` },
  fr: { day: (m, d, y) => `${d} ${m} ${y}`, withTime: (day, t) => `${day}, ${t}` },
  de: { day: (m, d, y) => `${d}. ${m} ${y}`, withTime: (day, t) => `${day}, ${t}` },
  es: { day: (m, d, y) => `${d} ${m} ${y}`, withTime: (day, t) => `${day}, ${t}` },
  pt: { day: (m, d, y) => `${d} de ${m} de ${y}`, withTime: (day, t) => `${day}, ${t}` },
  ja: { day: (m, d, y) => `${y}年${m}${d}日`, withTime: (day, t) => `${day} ${t}` },
};

/** The style of `locale` ('fr', 'pt-BR' → 'pt'); English for any other, the pseudo-locale included. */
function styleOf(locale: string | undefined) {
  return DATE_STYLES[(locale ?? "en").slice(0, 2)] ?? DATE_STYLES.en!;
}

/** Day and time of `p` in `locale`, the year written when `withYear`. */
function dayAndTime(p: Parts, withYear: boolean, time: string, locale: string | undefined): string {
  const style = styleOf(locale);
  return style.write(style.weekdays[p.weekday]!, style.months[p.month]!, p.day, withYear ? String(p.year) : "", time);
}

/**
 * English locales tried, in order, for a zone's short name: en-US knows the American names
 * (EST, PST) but writes 'GMT+1' for Berlin, en-GB knows the European ones (CET, BST), en-AU
 * the Australian ones (AEDT). The first that names the zone wins; otherwise the offset form.
 */
const ZONE_LABEL_LOCALES = ["en-US", "en-GB", "en-AU", "en-IN"] as const;
const OFFSET_LABEL = /^GMT[+-]/;

/**
 * The short label of `timeZone` at the instant (daylight saving changes it): 'CET', 'CEST',
 * 'EST', 'GMT', 'UTC', or an offset such as 'GMT+9' for zones without a common abbreviation.
 */
export function zoneLabel(at: Instant, timeZone: string): string {
  // Every locale names the UTC zones 'UTC' (tested): no formatter needed.
  if (isUtcZone(timeZone)) return "UTC";
  const ms = toMs(at);
  let offset = "";
  for (const locale of ZONE_LABEL_LOCALES) {
    const name = fmt(locale, { timeZone, timeZoneName: "short" })
      .formatToParts(ms)
      .find((p) => p.type === "timeZoneName")?.value;
    if (!name) continue;
    if (!OFFSET_LABEL.test(name)) return name;
    offset ||= name;
  }
  return offset || "UTC";
}

export interface LocalFormatOptions {
  /** IANA zone to show the time in. */
  timeZone: string;
  /** Now (epoch ms): the year is written only when it differs from now's year in the zone. */
  now: number;
  /** Also write the seconds ('23:59:59'). */
  seconds?: boolean;
  /** The page's language (#21 §4): 'en' (default), 'fr', 'de', 'es', 'pt', 'ja'. */
  locale?: string;
}

/**
 * 'Sat Dec 28, 19:00 CET' — weekday, month, day, 24-hour time and the zone's short label; the
 * year follows the day ('Sat Dec 28 2024, 19:00 CET') when it is not the current year. In the
 * page's language with `locale` ('sam. 28 déc., 19:00 CET', '12月28日(土) 19:00 CET').
 */
export function formatLocalDateTime(at: Instant, { timeZone, now, seconds, locale }: LocalFormatOptions): string {
  const ms = toMs(at);
  const p = parts(ms, timeZone);
  const time = seconds ? `${p.time}:${p.seconds}` : p.time;
  return `${dayAndTime(p, p.year !== parts(now, timeZone).year, time, locale)} ${zoneLabel(ms, timeZone)}`;
}

/**
 * 'Sat Dec 28 2026, 18:00 UTC': the instant in UTC, always with the year (tooltips, calendars);
 * in the page's language with `locale`.
 */
export function formatUtcDateTime(at: Instant, options: { seconds?: boolean; locale?: string } = {}): string {
  const p = parts(toMs(at), "UTC");
  return `${dayAndTime(p, true, options.seconds ? `${p.time}:${p.seconds}` : p.time, options.locale)} UTC`;
}

/** The language code of `locale` among `DATE_STYLES` ('pt-BR' → 'pt'), 'en' for any other. */
function languageOf(locale: string | undefined): string {
  const code = (locale ?? "en").slice(0, 2);
  return code in DATE_STYLES ? code : "en";
}

/**
 * The UTC calendar day of `at`, with its year and no weekday, in the page's language (#21 §4):
 * en 'Nov 22, 2026' (exactly the server's `dateHuman`, which fills the wire's `*_human` dates),
 * fr '22 nov. 2026', de '22. Nov. 2026', es '22 nov 2026', pt '22 de nov. de 2026',
 * ja '2026年11月22日'. Written from the tables, without Intl, so the server's drawing and the
 * browser's hydration agree. `locale` defaults to English (any unknown language, the
 * pseudo-locale included, is English too).
 */
export function formatDay(at: Instant, locale?: string): string {
  const p = utcParts(toMs(at));
  const lang = languageOf(locale);
  return DAY_STYLES[lang]!.day(DATE_STYLES[lang]!.months[p.month]!, p.day, p.year);
}

/**
 * The UTC day and 24-hour time of `at` with 'UTC', in the page's language (#21 §4):
 * en 'Nov 22, 2026, 14:05 UTC' (exactly the server's `dateTimeHuman`), fr '22 nov. 2026, 14:05 UTC',
 * de '22. Nov. 2026, 14:05 UTC', es '22 nov 2026, 14:05 UTC', pt '22 de nov. de 2026, 14:05 UTC',
 * ja '2026年11月22日 14:05 UTC'. Without Intl, as `formatDay`.
 */
export function formatDayTime(at: Instant, locale?: string): string {
  const p = utcParts(toMs(at));
  const lang = languageOf(locale);
  return `${DAY_STYLES[lang]!.withTime(formatDay(at, lang), p.time)} UTC`;
}

/** True when both instants fall on the same calendar day in `timeZone`. */
export function sameLocalDay(a: Instant, b: Instant, timeZone: string): boolean {
  const pa = parts(toMs(a), timeZone);
  const pb = parts(toMs(b), timeZone);
  return pa.year === pb.year && pa.month === pb.month && pa.day === pb.day;
}

/** What a date range shows: its text in the zone and the UTC text for the tooltip. */
export interface RangeText {
  local: string;
  utc: string;
}

/**
 * A tournament's When (000 §4 date range, with times): no dates → 'Ongoing'; one instant, or
 * start = end → 'Sat Dec 28, 19:00 CET'; both on one local day → 'Sat Dec 28, 19:00 – 23:00 CET';
 * otherwise 'Sat Dec 28, 19:00 CET – Mon Dec 30, 02:00 CET'. `utc` is the same in UTC ('' for
 * Ongoing).
 */
export function formatRange(start: Instant | null, end: Instant | null, options: LocalFormatOptions): RangeText {
  const s = start === null ? null : toMs(start);
  const e = end === null ? null : toMs(end);
  if (s === null && e === null) return { local: "Ongoing", utc: "" };
  if (s === null || e === null || s === e) {
    const only = (s ?? e)!;
    return { local: formatLocalDateTime(only, options), utc: formatUtcDateTime(only, { locale: options.locale }) };
  }
  return {
    local: rangeIn(s, e, options.timeZone, options.now, false, options.locale),
    utc: rangeIn(s, e, "UTC", options.now, true, options.locale),
  };
}

function rangeIn(s: number, e: number, timeZone: string, now: number, utc = false, locale?: string): string {
  const one = (ms: number) => (utc ? formatUtcDateTime(ms, { locale }) : formatLocalDateTime(ms, { timeZone, now, locale }));
  if (sameLocalDay(s, e, timeZone)) {
    const startText = one(s);
    const label = utc ? "UTC" : zoneLabel(s, timeZone);
    const endLabel = utc ? "UTC" : zoneLabel(e, timeZone);
    // 'Sat Dec 28, 19:00 – 23:00 CET': the start without its label, unless the label changes
    // within the day (a daylight-saving switch), then both keep theirs.
    const head = endLabel === label ? startText.slice(0, -(label.length + 1)) : startText;
    return `${head} – ${parts(e, timeZone).time} ${endLabel}`;
  }
  return `${one(s)} – ${one(e)}`;
}

// Made on first use, not when the module loads: the first Intl formatter of a kind loads locale
// data (~40 ms of a page's main thread here, in every page's first script; #17 §6). One per
// language (#21 §4). Intl, not tables: a relative time may differ between the server's drawing
// and the browser anyway (a minute passes), and its element accepts that (local-time.tsx).
const relative = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let f = relative.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relative.set(locale, f);
  }
  return f;
}

/**
 * '2 days ago', 'in 3 hours', 'yesterday', 'just now' (under a minute either way). The unit is
 * the largest that fits (minutes under an hour, hours under a day, days under 30 days, months
 * under 365 days, then years) and the count is rounded down, so '2 days ago' means at least two.
 * In the page's language with `locale` ('il y a 2 jours', '2 日前'; under a minute, the language's
 * own word for now: 'maintenant', '今').
 */
export function formatRelative(at: Instant, now: number, locale = "en"): string {
  const english = !(locale.slice(0, 2) in DATE_STYLES) || locale.startsWith("en");
  const f = relativeFormat(english ? "en-US" : locale);
  const diff = toMs(at) - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE_MS) return english ? "just now" : f.format(0, "second");
  const sign = diff < 0 ? -1 : 1;
  const units: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
    ["minute", MINUTE_MS, HOUR_MS],
    ["hour", HOUR_MS, DAY_MS],
    ["day", DAY_MS, 30 * DAY_MS],
    ["month", 30 * DAY_MS, 365 * DAY_MS],
  ];
  for (const [unit, size, below] of units) {
    if (abs < below) return f.format(sign * Math.floor(abs / size), unit);
  }
  return f.format(sign * Math.floor(abs / (365 * DAY_MS)), "year");
}

/**
 * The instant an administrator's UTC field holds (the tournament form reads its fields as UTC,
 * docs/decisions.md "Dates"): a datetime-local value 'YYYY-MM-DDTHH:mm' (or with seconds) is
 * that time in UTC; a date value 'YYYY-MM-DD' of a `deadline` is the end of that day,
 * 23:59:59 UTC (001 §9). Null for an empty or unreadable value.
 */
export function utcFieldInstant(value: string, kind: "datetime" | "deadline"): number | null {
  const v = value.trim();
  const ms =
    kind === "deadline"
      ? /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? Date.parse(`${v}T23:59:59Z`)
        : NaN
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v)
        ? Date.parse(`${v}Z`)
        : NaN;
  return Number.isNaN(ms) ? null : ms;
}
