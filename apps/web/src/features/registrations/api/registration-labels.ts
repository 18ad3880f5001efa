import type { I18n, MessageId } from "@lingui/core";
import type { BulkAction, BulkResult, BulkSkipCode, MoveStatus } from "@site/contract";

/** The lists' names (Registered, Withdrawn, Rejected), as the moves name their target. */
export const MOVE_NAMES: Record<MoveStatus, MessageId> = {
  registered: "registration.state.registered",
  withdrawn: "registration.state.withdrawn",
  rejected: "registration.state.rejected",
};

/** The contract's bulk actions as the bar's buttons name them (BULK_ACTION_LABELS' words). */
export const BULK_LABELS: Record<BulkAction, MessageId> = {
  verify: "registration.bulk.label.verify",
  withdraw: "registration.bulk.label.withdraw",
  reject: "registration.bulk.label.reject",
  checkin: "registration.bulk.label.checkin",
  checkout: "registration.bulk.label.checkout",
};

/**
 * The confirmation's words for a bulk action on `kind` rows ("Check in 20 players?", its detail
 * and button), in the page's language; the shared `bulkWording` says the same in English.
 */
export function bulkTexts(_: I18n["_"], kind: "players" | "squads" | "teams") {
  const question: Record<BulkAction, MessageId> = {
    verify: "registration.bulk.verify.question",
    withdraw: "registration.bulk.withdraw.question",
    reject: "registration.bulk.reject.question",
    checkin: "registration.bulk.checkin.question",
    checkout: "registration.bulk.checkout.question",
  };
  const detail: Record<BulkAction, MessageId> = {
    verify: "registration.bulk.verify.detail",
    withdraw: "registration.bulk.withdraw.detail",
    reject: "registration.bulk.reject.detail",
    checkin: "registration.bulk.checkin.detail",
    checkout: "registration.bulk.checkout.detail",
  };
  return {
    question: (a: BulkAction, count: number) => _(question[a], { kind, count }),
    detail: (a: BulkAction, count: number) => _(detail[a], { kind, count }),
    confirmLabel: (a: BulkAction, count: number) => `${_(BULK_LABELS[a])} (${count})`,
    destructive: (a: BulkAction) => a === "withdraw" || a === "reject",
  };
}

const BULK_DONE: Record<BulkAction, MessageId> = {
  verify: "registration.bulk.done.verify",
  withdraw: "registration.bulk.done.withdraw",
  reject: "registration.bulk.done.reject",
  checkin: "registration.bulk.done.checkin",
  checkout: "registration.bulk.done.checkout",
};
const SKIP_REASONS: Record<BulkSkipCode, MessageId> = {
  not_in_tournament: "registration.bulk.reason.not_in_tournament",
  not_registered: "registration.bulk.reason.not_registered",
  already_verified: "registration.bulk.reason.already_verified",
  already_registered: "registration.bulk.reason.already_registered",
  already_withdrawn: "registration.bulk.reason.already_withdrawn",
  already_rejected: "registration.bulk.reason.already_rejected",
  already_checked_in: "registration.bulk.reason.already_checked_in",
  not_checked_in: "registration.bulk.reason.not_checked_in",
};

/**
 * A bulk action's result line in `i18n`'s language (#21): in English the server's own summary
 * ("18 checked in, 2 skipped: already checked in"); in another language the same from the
 * counts and the skipped rows' reason codes (a reason without a code stays as the server wrote it).
 */
export function bulkResultText(i18n: I18n, action: BulkAction, r: BulkResult): string {
  if (i18n.locale === "en") return r.message;
  const head = i18n._(BULK_DONE[action], { count: r.done });
  if (r.skipped.length === 0) return head;
  const counts = new Map<string, number>();
  for (const s of r.skipped) {
    const reason = s.code ? i18n._(SKIP_REASONS[s.code]) : s.reason;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const reasons =
    counts.size === 1
      ? [...counts.keys()][0]!
      : new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
          [...counts].map(([reason, count]) => i18n._("registration.bulk.reasonCount", { reason, count })),
        );
  return i18n._("registration.bulk.doneSkipped", { done: head, count: r.skipped.length, reasons });
}
