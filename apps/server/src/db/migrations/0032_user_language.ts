import type { Kysely } from "kysely";

/**
 * The account's interface language (#21, docs/decisions.md "#21 i18n framework"): one of the
 * contract's SITE_LANGUAGES, or null when the account never chose one (the `lang` cookie, then
 * Accept-Language, then English decide). Checked by the contract's schema on the way in and
 * re-checked on the way out (an unknown stored value reads as null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("language", "text").execute();
}
