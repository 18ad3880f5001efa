import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import * as repo from "./word-filter.repository.js";
import { audit } from "../audit/audit.service.js";

/** The filter's words: one per line, trimmed, lower-cased, blanks dropped, duplicates removed. */
export function parseWords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((w) => w.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A matcher for the filter: case-insensitive and by whole word, so a filtered word inside a
 * longer innocent word passes ('ass' does not refuse 'class'). A word is bounded by anything
 * that is not a letter, digit or underscore (Unicode-aware).
 */
export function compileFilter(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  // Longer words first so a phrase wins over a word it starts with; the result is only a yes/no.
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegex);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
}

/** True when `text` contains one of `words` as a whole word (case-insensitive). */
export function containsFiltered(text: string, words: string[]): boolean {
  return compileFilter(words)?.test(text) ?? false;
}

/** The refusal for a field, e.g. 'The display name contains a word that is not allowed.'. */
export function refusalMessage(fieldLabel: string): string {
  return `The ${fieldLabel} contains a word that is not allowed.`;
}

/**
 * Checks user-written texts against the word filter (issue 5 §3) and throws a 400 naming the
 * first offending field. `fields` maps a human field label ('display name', 'team tag') to its
 * value; undefined and null values are skipped. Takes the database or a transaction.
 */
export async function assertAllowed(db: Kysely<DB>, fields: Record<string, string | null | undefined>): Promise<void> {
  const present = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "");
  if (present.length === 0) return;
  const re = compileFilter(parseWords(await repo.getWords(db)));
  if (!re) return;
  for (const [label, value] of present)
    if (re.test(value))
      // `field` names the label for translation (#21: "team name" → team_name), `label` is the English text.
      throw badRequest(refusalMessage(label), {
        code: "word_filter.refused",
        params: { field: label.replace(/[^a-z]+/gi, "_"), label },
      });
}

/** `GET /api/admin/word_filter` (administrators). */
export async function getFilter(ctx: AppContext, actor: Actor): Promise<{ words: string }> {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "admin.word_filter")) throw forbidden();
  return { words: await repo.getWords(ctx.db) };
}

/** `POST /api/admin/word_filter` (administrators): replaces the list (≤ 100,000 characters, checked by the contract). */
export async function saveFilter(ctx: AppContext, actor: Actor, words: string): Promise<{ status: "ok"; message: string }> {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "admin.word_filter")) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getWords(trx);
    await repo.saveWords(trx, words, Date.now());
    await audit(trx, actor, {
      action: "word_filter.save",
      targetType: "word_filter",
      targetId: 1,
      before: { words: before },
      after: { words },
    });
  });
  return { status: "ok", message: "The word filter was saved." };
}
