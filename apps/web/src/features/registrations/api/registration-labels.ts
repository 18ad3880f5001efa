import type { I18n, MessageId } from "@lingui/core";
import type { BulkAction, MoveStatus } from "@site/contract";

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
