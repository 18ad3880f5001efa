import type { I18n, MessageId } from "@lingui/core";
import { LIMITS } from "@site/contract";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useI18n } from "./use-t";

/**
 * The English texts of the contract's own form checks (zod messages in `@site/contract`
 * schemas, shown under a field before anything is sent) → their message ids. Keyed by the
 * exact English text, because a zod message is all the form has; a text not listed is shown as
 * it is (English). Grown screen by screen with the forms translated (docs/i18n.md).
 */
const FIELD_MESSAGES: Record<string, { id: MessageId; params?: Record<string, number> }> = {
  "Enter a valid email address.": { id: "validation.email" },
  "Enter your password.": { id: "validation.passwordRequired" },
  [`Passwords must be at least ${LIMITS.password.min} characters.`]: { id: "validation.passwordMin", params: { min: LIMITS.password.min } },
  [`Passwords may be at most ${LIMITS.password.max} characters.`]: { id: "validation.passwordMax", params: { max: LIMITS.password.max } },
};

/**
 * Human text for anything a query or mutation threw, in the page's language (#21): a server
 * refusal with a `code` whose `error.<code>` message the catalogue has is translated with its
 * `params`; anything else is `errorMessage`'s English text (the spec's message, verbatim).
 */
export function translateError(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.code) {
    const id = `error.${err.code}` as MessageId;
    if (i18n.messages[id] !== undefined) return i18n._(id, err.params);
  }
  if (err instanceof ApiError && err.status === 0) return i18n._("error.network");
  return errorMessage(err);
}

/** A form field's error message in the page's language (see FIELD_MESSAGES). */
export function translateFieldError(i18n: I18n, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = FIELD_MESSAGES[message];
  return known ? i18n._(known.id, known.params) : message;
}

/** `translateError` and `translateFieldError` bound to the active language; re-renders on a switch. */
export function useErrorText() {
  const i18n = useI18n();
  return { errorText: (err: unknown) => translateError(i18n, err), fieldError: (m: string | undefined) => translateFieldError(i18n, m) };
}

/**
 * A server's success message in the page's language: in English the server's own text (the
 * spec's words, verbatim), else the catalogue's `id` (which says the same). The answer's
 * `message` has no code: success texts are few and each screen knows which it expects.
 */
export function useServerText() {
  const i18n = useI18n();
  return (serverMessage: string | undefined, id: MessageId) => (i18n.locale === "en" && serverMessage ? serverMessage : i18n._(id));
}
