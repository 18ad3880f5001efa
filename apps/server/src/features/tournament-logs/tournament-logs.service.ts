import type { Kysely } from "kysely";
import { TOURNAMENT_LOG_ACTIONS, type TournamentLogItem, type TournamentLogValue, TournamentLogValueSchema } from "@site/contract";
import type { DB } from "../../db/schema.js";
import { dateTimeHuman } from "../../lib/dates.js";
import * as repo from "./tournament-logs.repository.js";

/** Lines per page of the logs screen. */
export const LOGS_PAGE_SIZE = 50;

/**
 * One entry of a tournament's log (001 §2 logs: who, what, when, before and after).
 * - `action`: a key such as 'controls.published' or 'registration.withdraw'; its human name comes
 *   from TOURNAMENT_LOG_ACTIONS (contract) or, when given, `summary`.
 * - `before` / `after`: short human texts of the changed value(s); null when not applicable.
 * - `beforeValues` / `afterValues`: the same values for translation (#21), given where the text
 *   holds words (a status, a field's name); stored as `before_values` / `after_values`.
 */
export interface TournamentLogEntry {
  tournamentId: number;
  /** The acting account; null for the system. */
  userId: number | null;
  action: string;
  before?: string | null;
  after?: string | null;
  /** Overrides the action's human name for this line (e.g. 'Withdrew squad Alpha'). */
  summary?: string;
  /** The summary's catalogue key and ICU params (#21), stored beside it as `summary_key` / `summary_params`. */
  summaryKey?: string;
  summaryParams?: Record<string, string | number>;
  beforeValues?: TournamentLogValue[];
  afterValues?: TournamentLogValue[];
  now?: number;
}

/**
 * Writes one log line. Pass the transaction the change runs in as `db` so the log and the
 * change commit together. Used by every tournament and registration write (001 §2: "every
 * staff and player action on the tournament and its registrations").
 */
export async function writeTournamentLog(db: Kysely<DB>, e: TournamentLogEntry): Promise<void> {
  const details = JSON.stringify({
    before: e.before ?? null,
    after: e.after ?? null,
    ...(e.summary ? { summary: e.summary } : {}),
    ...(e.summary && e.summaryKey ? { summary_key: e.summaryKey, summary_params: e.summaryParams ?? {} } : {}),
    ...(e.beforeValues ? { before_values: e.beforeValues } : {}),
    ...(e.afterValues ? { after_values: e.afterValues } : {}),
  });
  await repo.insertLog(db, { tournamentId: e.tournamentId, userId: e.userId, action: e.action, details, now: e.now ?? Date.now() });
}

interface ParsedDetails {
  before: string | null;
  after: string | null;
  summary?: string;
  summaryKey: string | null;
  summaryParams: Record<string, string | number> | null;
  beforeValues: TournamentLogValue[] | null;
  afterValues: TournamentLogValue[] | null;
}

/** The params of a stored summary: only string and number values (anything else is dropped). */
function paramsOf(v: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (v && typeof v === "object" && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) if (typeof x === "string" || typeof x === "number") out[k] = x;
  }
  return out;
}

/** Stored structured values (#21): null when absent or when any item is malformed (the English text is shown instead). */
function valuesOf(v: unknown): TournamentLogValue[] | null {
  if (!Array.isArray(v)) return null;
  const out: TournamentLogValue[] = [];
  for (const x of v) {
    const parsed = TournamentLogValueSchema.safeParse(x);
    if (!parsed.success) return null;
    out.push(parsed.data);
  }
  return out;
}

function parseDetails(text: string): ParsedDetails {
  try {
    const d = JSON.parse(text) as Record<string, unknown>;
    const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const key = typeof d.summary === "string" && typeof d.summary_key === "string" ? d.summary_key : null;
    return {
      before: str(d.before),
      after: str(d.after),
      ...(typeof d.summary === "string" ? { summary: d.summary } : {}),
      summaryKey: key,
      summaryParams: key === null ? null : paramsOf(d.summary_params),
      beforeValues: valuesOf(d.before_values),
      afterValues: valuesOf(d.after_values),
    };
  } catch {
    return { before: null, after: null, summaryKey: null, summaryParams: null, beforeValues: null, afterValues: null };
  }
}

/** A page of the log, newest first. The caller has checked the viewer administrates the tournament. */
export async function listTournamentLogs(
  db: Kysely<DB>,
  tournamentId: number,
  page: number,
): Promise<{ data: TournamentLogItem[]; has_next_page: boolean }> {
  const rows = await repo.listLogs(db, tournamentId, LOGS_PAGE_SIZE, (page - 1) * LOGS_PAGE_SIZE);
  return {
    data: rows.slice(0, LOGS_PAGE_SIZE).map((r) => {
      const d = parseDetails(r.details);
      return {
        id: r.id,
        created_at: new Date(r.created_at).toISOString(),
        created_at_human: dateTimeHuman(r.created_at),
        user_id: r.user_id,
        player_id: r.player_id ?? null,
        user_name: r.display_name ?? (r.user_id === null ? "System" : `User ${r.user_id}`),
        action: r.action,
        action_human: d.summary ?? TOURNAMENT_LOG_ACTIONS[r.action] ?? r.action,
        summary_key: d.summaryKey,
        summary_params: d.summaryParams,
        before: d.before,
        after: d.after,
        before_values: d.beforeValues,
        after_values: d.afterValues,
      };
    }),
    has_next_page: rows.length > LOGS_PAGE_SIZE,
  };
}
