import { describe, expect, it } from "vitest";
import {
  formatDay,
  formatDayTime,
  formatLocalDateTime,
  formatRange,
  formatRelative,
  formatUtcDateTime,
  isUtcZone,
  sameLocalDay,
  utcFieldInstant,
  zoneLabel,
} from "./time-format";

// Hand-computed: Dec 28 2024 was a Saturday, Dec 28 2026 is a Monday, Jul 1 2026 a Wednesday,
// Mar 29 2026 a Sunday (Berlin switches to CEST at 01:00 UTC that day).
const in2024 = Date.UTC(2024, 5, 1);
const in2026 = Date.UTC(2026, 5, 1);

describe("formatLocalDateTime", () => {
  it("writes weekday, day, 24-hour time and the zone's short label", () => {
    expect(formatLocalDateTime("2024-12-28T18:00:00Z", { timeZone: "Europe/Berlin", now: in2024 })).toBe("Sat Dec 28, 19:00 CET");
    expect(formatLocalDateTime("2024-12-28T18:00:00Z", { timeZone: "America/New_York", now: in2024 })).toBe("Sat Dec 28, 13:00 EST");
    expect(formatLocalDateTime("2024-12-28T18:00:00Z", { timeZone: "UTC", now: in2024 })).toBe("Sat Dec 28, 18:00 UTC");
  });

  it("moves to the next day east of UTC and uses the offset where no abbreviation exists", () => {
    expect(formatLocalDateTime("2024-12-28T18:00:00Z", { timeZone: "Asia/Tokyo", now: in2024 })).toBe("Sun Dec 29, 03:00 GMT+9");
  });

  it("follows daylight saving time and writes midnight as 00:00", () => {
    expect(formatLocalDateTime("2026-07-01T18:00:00Z", { timeZone: "Europe/Berlin", now: in2026 })).toBe("Wed Jul 1, 20:00 CEST");
    expect(formatLocalDateTime("2026-07-01T22:00:00Z", { timeZone: "Europe/Berlin", now: in2026 })).toBe("Thu Jul 2, 00:00 CEST");
  });

  it("adds the year only when it is not the current one, and seconds on request", () => {
    expect(formatLocalDateTime("2024-12-28T18:00:00Z", { timeZone: "Europe/Berlin", now: in2026 })).toBe("Sat Dec 28 2024, 19:00 CET");
    // A transfer deadline: 23:59:59 UTC on Nov 28 2026 is 00:59:59 on Sunday Nov 29 in Berlin.
    expect(formatLocalDateTime("2026-11-28T23:59:59Z", { timeZone: "Europe/Berlin", now: in2026, seconds: true })).toBe(
      "Sun Nov 29, 00:59:59 CET",
    );
  });
});

describe("formatUtcDateTime", () => {
  it("writes the instant in UTC with the year", () => {
    expect(formatUtcDateTime("2024-12-28T18:00:00Z")).toBe("Sat Dec 28 2024, 18:00 UTC");
    expect(formatUtcDateTime(Date.UTC(2026, 10, 28, 23, 59, 59), { seconds: true })).toBe("Sat Nov 28 2026, 23:59:59 UTC");
  });
});

describe("zoneLabel", () => {
  it("names zones the common way, in winter and summer", () => {
    expect(zoneLabel("2026-01-15T12:00:00Z", "Europe/London")).toBe("GMT");
    expect(zoneLabel("2026-07-15T12:00:00Z", "Europe/London")).toBe("BST");
    expect(zoneLabel("2026-01-15T12:00:00Z", "Australia/Sydney")).toBe("AEDT");
    expect(zoneLabel("2026-01-15T12:00:00Z", "Asia/Kolkata")).toBe("IST");
    expect(zoneLabel("2026-01-15T12:00:00Z", "America/Sao_Paulo")).toBe("GMT-3");
    expect(zoneLabel("2026-01-15T12:00:00Z", "UTC")).toBe("UTC");
  });
});

describe("sameLocalDay", () => {
  it("compares calendar days in the zone, not in UTC", () => {
    expect(sameLocalDay("2024-12-28T18:00:00Z", "2024-12-28T23:30:00Z", "UTC")).toBe(true);
    expect(sameLocalDay("2024-12-28T18:00:00Z", "2024-12-28T23:30:00Z", "Europe/Berlin")).toBe(false);
  });
});

describe("formatRange", () => {
  const berlin = { timeZone: "Europe/Berlin", now: in2024 };
  it("says Ongoing without dates", () => {
    expect(formatRange(null, null, berlin)).toEqual({ local: "Ongoing", utc: "" });
  });

  it("shows one time when only one is set or both are equal", () => {
    const one = { local: "Sat Dec 28, 19:00 CET", utc: "Sat Dec 28 2024, 18:00 UTC" };
    expect(formatRange("2024-12-28T18:00:00Z", null, berlin)).toEqual(one);
    expect(formatRange(null, "2024-12-28T18:00:00Z", berlin)).toEqual(one);
    expect(formatRange("2024-12-28T18:00:00Z", "2024-12-28T18:00:00Z", berlin)).toEqual(one);
  });

  it("writes the day once when start and end share it", () => {
    expect(formatRange("2024-12-28T18:00:00Z", "2024-12-28T22:00:00Z", berlin)).toEqual({
      local: "Sat Dec 28, 19:00 – 23:00 CET",
      utc: "Sat Dec 28 2024, 18:00 – 22:00 UTC",
    });
  });

  it("writes both days when they differ in the zone (UTC may differ from local)", () => {
    expect(formatRange("2024-12-28T18:00:00Z", "2024-12-29T23:30:00Z", berlin)).toEqual({
      local: "Sat Dec 28, 19:00 CET – Mon Dec 30, 00:30 CET",
      utc: "Sat Dec 28 2024, 18:00 UTC – Sun Dec 29 2024, 23:30 UTC",
    });
  });

  it("keeps both labels when daylight saving starts within the day", () => {
    expect(formatRange("2026-03-28T23:30:00Z", "2026-03-29T10:00:00Z", { timeZone: "Europe/Berlin", now: in2026 }).local).toBe(
      "Sun Mar 29, 00:30 CET – 12:00 CEST",
    );
  });
});

describe("formatRelative", () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  const min = 60_000;
  const hour = 60 * min;
  const day = 24 * hour;
  it("counts whole units of the largest size that fits, past and future", () => {
    expect(formatRelative(now - 2 * day - 5 * hour, now)).toBe("2 days ago");
    expect(formatRelative(now + 3 * hour + 10 * min, now)).toBe("in 3 hours");
    expect(formatRelative(now - 90_000, now)).toBe("1 minute ago");
    expect(formatRelative(now - 59 * min - 59_000, now)).toBe("59 minutes ago");
    expect(formatRelative(now - 3 * 365 * day - day, now)).toBe("3 years ago");
    expect(formatRelative(new Date(now - 70 * day).toISOString(), now)).toBe("2 months ago");
  });

  it("says just now under a minute, and yesterday / tomorrow / last month / last year", () => {
    expect(formatRelative(now - 30_000, now)).toBe("just now");
    expect(formatRelative(now + 59_000, now)).toBe("just now");
    expect(formatRelative(now - day - 2 * hour, now)).toBe("yesterday");
    expect(formatRelative(now + day, now)).toBe("tomorrow");
    expect(formatRelative(now - 45 * day, now)).toBe("last month");
    expect(formatRelative(now - 400 * day, now)).toBe("last year");
  });
});

describe("utcFieldInstant", () => {
  it("reads a datetime-local value as UTC", () => {
    expect(utcFieldInstant("2030-01-10T18:00", "datetime")).toBe(Date.UTC(2030, 0, 10, 18, 0));
    expect(utcFieldInstant("2030-01-10T18:00:30", "datetime")).toBe(Date.UTC(2030, 0, 10, 18, 0, 30));
  });
  it("reads a deadline date as the end of that day in UTC", () => {
    expect(utcFieldInstant("2030-01-10", "deadline")).toBe(Date.UTC(2030, 0, 10, 23, 59, 59));
  });
  it("gives null for empty, partial or impossible values", () => {
    expect(utcFieldInstant("", "datetime")).toBeNull();
    expect(utcFieldInstant("2030-01-10", "datetime")).toBeNull();
    expect(utcFieldInstant("2030-01-10T18:00", "deadline")).toBeNull();
    expect(utcFieldInstant("2030-13-45T18:00", "datetime")).toBeNull();
  });
});

describe("isUtcZone", () => {
  it("knows UTC's names and nothing else", () => {
    expect(isUtcZone("UTC")).toBe(true);
    expect(isUtcZone("Etc/UTC")).toBe(true);
    expect(isUtcZone("Europe/London")).toBe(false);
  });
});

describe("UTC without Intl (#17 §6)", () => {
  // The hand-written UTC parts must read exactly as en-US's formatter writes them.
  const reference = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const viaIntl = (ms: number) => {
    const p = Object.fromEntries(reference.formatToParts(ms).map((x) => [x.type, x.value]));
    return `${p.weekday} ${p.month} ${p.day} ${p.year}, ${p.hour}:${p.minute}:${p.second} UTC`;
  };

  it("writes every instant as en-US's UTC formatter does (3,000 instants, 1970–2100, and edges)", () => {
    let seed = 12345;
    const instants = [0, Date.UTC(2024, 1, 29, 0, 0, 0), Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2100, 0, 1, 9, 5, 7)];
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Math.floor((seed / 2 ** 31) * Date.UTC(2100, 0, 1)));
    }
    for (const ms of instants) expect(formatUtcDateTime(ms, { seconds: true })).toBe(viaIntl(ms));
  });

  it("labels every UTC zone 'UTC' as Intl does, and formats local times in them like UTC", () => {
    const at = Date.UTC(2026, 6, 1, 12, 0, 0);
    for (const zone of ["UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Etc/Zulu", "Universal", "Zulu"]) {
      expect(isUtcZone(zone)).toBe(true);
      const intl = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }).formatToParts(at);
      expect(zoneLabel(at, zone)).toBe(intl.find((p) => p.type === "timeZoneName")?.value);
      expect(formatLocalDateTime(at, { timeZone: zone, now: at })).toBe("Wed Jul 1, 12:00 UTC");
    }
  });
});

describe("in the page's language (#21 §4)", () => {
  // Hand-written from each language's usual short form (CLDR's abbreviations and date order),
  // 24-hour clock. Sat Dec 28 2024 18:00 UTC = 19:00 in Berlin.
  const at = "2024-12-28T18:00:00Z";
  const berlin = (locale: string, now = in2024) => formatLocalDateTime(at, { timeZone: "Europe/Berlin", now, locale });

  it("writes weekday, day and month in each language's words and order", () => {
    expect(berlin("en")).toBe("Sat Dec 28, 19:00 CET");
    expect(berlin("fr")).toBe("sam. 28 déc., 19:00 CET");
    expect(berlin("de")).toBe("Sa., 28. Dez., 19:00 CET");
    expect(berlin("es")).toBe("sáb, 28 dic, 19:00 CET");
    expect(berlin("pt")).toBe("sáb., 28 de dez., 19:00 CET");
    expect(berlin("ja")).toBe("12月28日(土) 19:00 CET");
    // The pseudo-locale and unknown languages read as English.
    expect(berlin("en-XA")).toBe("Sat Dec 28, 19:00 CET");
  });

  it("writes the year where each language puts it", () => {
    expect(berlin("fr", in2026)).toBe("sam. 28 déc. 2024, 19:00 CET");
    expect(berlin("de", in2026)).toBe("Sa., 28. Dez. 2024, 19:00 CET");
    expect(berlin("es", in2026)).toBe("sáb, 28 dic 2024, 19:00 CET");
    expect(berlin("pt", in2026)).toBe("sáb., 28 de dez. de 2024, 19:00 CET");
    expect(berlin("ja", in2026)).toBe("2024年12月28日(土) 19:00 CET");
    // Wed Jul 1 2026 in UTC, seconds: the same tables without Intl.
    expect(formatUtcDateTime(Date.UTC(2026, 6, 1, 9, 5, 7), { seconds: true, locale: "de" })).toBe("Mi., 1. Juli 2026, 09:05:07 UTC");
    expect(formatUtcDateTime(Date.UTC(2026, 4, 3, 9, 5), { locale: "fr" })).toBe("dim. 3 mai 2026, 09:05 UTC");
  });

  it("writes ranges with the day once, in the language", () => {
    const r = formatRange("2024-12-28T18:00:00Z", "2024-12-28T22:00:00Z", { timeZone: "Europe/Berlin", now: in2024, locale: "ja" });
    expect(r.local).toBe("12月28日(土) 19:00 – 23:00 CET");
    expect(r.utc).toBe("2024年12月28日(土) 18:00 – 22:00 UTC");
    const two = formatRange("2024-12-28T18:00:00Z", "2024-12-30T01:00:00Z", { timeZone: "Europe/Berlin", now: in2024, locale: "pt" });
    expect(two.local).toBe("sáb., 28 de dez., 19:00 CET – seg., 30 de dez., 02:00 CET");
  });

  it("says relative times in the language, with its own word for now", () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    const day = 24 * 60 * 60_000;
    expect(formatRelative(now - 2 * day, now, "fr")).toBe("avant-hier");
    expect(formatRelative(now - 3 * day, now, "de")).toBe("vor 3 Tagen");
    expect(formatRelative(now + 3 * 60 * 60_000, now, "es")).toBe("dentro de 3 horas");
    expect(formatRelative(now - 3 * day, now, "ja")).toBe("3 日前");
    expect(formatRelative(now - 10_000, now, "pt")).toBe("agora");
    expect(formatRelative(now - 10_000, now, "en-XA")).toBe("just now");
  });
});

describe("formatDay and formatDayTime: the server's dates in the page's language (#21 §4)", () => {
  // Hand-computed: 2026-11-22T14:05:00Z is Sunday Nov 22 2026, 14:05 UTC; 23:59:59Z on Dec 31
  // stays Dec 31 in UTC whatever the machine's zone.
  const at = "2026-11-22T14:05:00Z";
  const lastSecond = Date.UTC(2026, 11, 31, 23, 59, 59);

  it("writes the UTC day in each language, with its year and no weekday", () => {
    expect(formatDay(at)).toBe("Nov 22, 2026");
    expect(formatDay(at, "en")).toBe("Nov 22, 2026");
    expect(formatDay(at, "fr")).toBe("22 nov. 2026");
    expect(formatDay(at, "de")).toBe("22. Nov. 2026");
    expect(formatDay(at, "es")).toBe("22 nov 2026");
    expect(formatDay(at, "pt")).toBe("22 de nov. de 2026");
    expect(formatDay(at, "ja")).toBe("2026年11月22日");
    expect(formatDay(lastSecond, "fr")).toBe("31 déc. 2026");
    expect(formatDay(Date.UTC(2026, 2, 3), "de")).toBe("3. März 2026");
    expect(formatDay(Date.UTC(2026, 8, 9), "es")).toBe("9 sept 2026");
    expect(formatDay(new Date(Date.UTC(2027, 4, 1)), "pt")).toBe("1 de mai. de 2027");
  });

  it("writes the UTC day and time with 'UTC' in each language", () => {
    expect(formatDayTime(at)).toBe("Nov 22, 2026, 14:05 UTC");
    expect(formatDayTime(at, "fr")).toBe("22 nov. 2026, 14:05 UTC");
    expect(formatDayTime(at, "de")).toBe("22. Nov. 2026, 14:05 UTC");
    expect(formatDayTime(at, "es")).toBe("22 nov 2026, 14:05 UTC");
    expect(formatDayTime(at, "pt")).toBe("22 de nov. de 2026, 14:05 UTC");
    expect(formatDayTime(at, "ja")).toBe("2026年11月22日 14:05 UTC");
    expect(formatDayTime(Date.UTC(2026, 0, 1, 0, 5), "en")).toBe("Jan 1, 2026, 00:05 UTC");
  });

  it("takes a regional code as its language and anything else as English", () => {
    expect(formatDay(at, "pt-BR")).toBe("22 de nov. de 2026");
    expect(formatDay(at, "en-XA")).toBe("Nov 22, 2026");
    expect(formatDayTime(at, "xx")).toBe("Nov 22, 2026, 14:05 UTC");
  });

  it("writes English exactly as the server's dateHuman and dateTimeHuman do (en-US's UTC formatters)", () => {
    // The server's formatters (apps/server/src/lib/dates.ts), rebuilt here.
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
    const dayTime = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    let seed = 54321;
    const instants = [
      0,
      Date.UTC(2024, 1, 29, 0, 0, 0),
      Date.UTC(2026, 10, 22, 14, 5),
      Date.UTC(2026, 11, 31, 23, 59, 59),
      Date.UTC(2100, 0, 1, 9, 5, 7),
    ];
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Math.floor((seed / 2 ** 31) * Date.UTC(2100, 0, 1)));
    }
    for (const ms of instants) {
      expect(formatDay(ms)).toBe(day.format(ms));
      expect(formatDayTime(ms, "en")).toBe(`${dayTime.format(ms)} UTC`);
    }
  });
});
