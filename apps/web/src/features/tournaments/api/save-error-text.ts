import { UPLOAD_PURPOSES } from "@site/contract";
import { ApiError } from "@/lib/api-client";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";

/**
 * `saveErrorMessage` (lib/multipart-save) in the page's language (#21), for the tournament, series
 * and template forms: a 413 says the logo is too large, a refusal shows the server's message
 * (translated when it has a code), anything else 'An unknown error has occurred.'.
 */
export function useSaveErrorText(): (err: unknown) => string {
  const _ = useT();
  const { errorText } = useErrorText();
  return (err) => {
    if (err instanceof ApiError) {
      if (err.status === 413) return _("tournaments.form.logoTooLarge", { size: UPLOAD_PURPOSES.tournament_logo.label });
      if (err.status >= 400 && err.status < 500) return errorText(err);
    }
    return _("error.unknown");
  };
}
