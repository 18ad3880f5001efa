import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

/** A CSV cell: text, a number, or empty (null/undefined). */
export type CsvCell = string | number | null | undefined;

/**
 * A CSV document (RFC 4180: commas, CRLF line ends, quotes where needed) with a header row,
 * built with csv-stringify. `escape_formulas` prefixes a cell starting with = + - @ (or a tab
 * or carriage return) with ', so a player named `=HYPERLINK(…)` opens in a spreadsheet as text
 * rather than running (CSV injection; issue #22 §3).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringify(
    rows.map((r) => r.map((c) => (c === null || c === undefined ? "" : c))),
    { header: true, columns: [...header], record_delimiter: "windows", escape_formulas: true },
  );
}

/** Sends `body` as a CSV download named `filename`, never stored by shared caches (answers vary per viewer). */
export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(body);
}

/** A millisecond timestamp as an ISO 8601 UTC text for spreadsheets (`2025-05-01T18:00:00.000Z`). */
export const isoTime = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
