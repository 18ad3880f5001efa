import type { AuditEntry } from "@site/contract";
import { AUDIT_PAGE_SIZE } from "@site/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import { dateTimeHuman, iso } from "../../lib/dates.js";
import { forbidden, unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import * as repo from "./audit.repository.js";

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Records a moderator or administrator action (issue 5 §8): who, what, on which row, and the
 * values before and after. Takes the transaction of the change so both land or neither does.
 */
export async function audit(
  db: Kysely<DB>,
  actor: Actor,
  entry: { action: string; targetType: string; targetId: number | null; before?: unknown; after?: unknown },
): Promise<void> {
  await repo.insertAudit(db, {
    actorUserId: actor.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: json(entry.before),
    after: json(entry.after),
    now: Date.now(),
  });
}

/** `GET /api/admin/audit?page=` (administrators): the log, newest first, paged. */
export async function listAudit(ctx: AppContext, actor: Actor, page: number): Promise<{ data: AuditEntry[]; has_next_page: boolean }> {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "admin.audit")) throw forbidden();
  const rows = await repo.listAudit(ctx.db, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE);
  return {
    data: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      actor: r.display_name ?? r.email ?? "(deleted account)",
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: r.before_value,
      after: r.after_value,
      time_human: dateTimeHuman(Number(r.created_at)),
      time: iso(Number(r.created_at)),
    })),
    has_next_page: rows.length > AUDIT_PAGE_SIZE,
  };
}
