import { useMutation } from "@tanstack/react-query";
import { teamEndpoints, UNKNOWN_ERROR_MESSAGE, uploadTooLargeMessage } from "@site/contract";
import { ApiError } from "@/lib/api-client";
import { callMultipart } from "@/lib/multipart-save";
import { useRefreshTeams } from "./refresh";

/**
 * The team saves (000 §7), multipart with the CSRF header: POST /api/registry/teams/new,
 * /api/registry/teams/{id} (leaders) and /api/registry/teams/{id}/admin (administrators).
 */
export type TeamSaveTarget = { kind: "new" } | { kind: "edit"; id: number } | { kind: "admin"; id: number };

export function saveTeam({ target, form }: { target: TeamSaveTarget; form: FormData }) {
  if (target.kind === "new") return callMultipart(teamEndpoints.create, {}, form);
  if (target.kind === "edit") return callMultipart(teamEndpoints.edit, { id: target.id }, form);
  return callMultipart(teamEndpoints.adminEdit, { id: target.id }, form);
}

/** The texts of teamSaveError's outcomes, in the page's language (English by default). */
export interface TeamSaveErrorTexts {
  tooLarge: string;
  refusal: (err: ApiError) => string;
  unknown: string;
}
const ENGLISH_SAVE_ERRORS: TeamSaveErrorTexts = {
  tooLarge: uploadTooLargeMessage("team_logo"),
  refusal: (err) => err.message,
  unknown: UNKNOWN_ERROR_MESSAGE,
};

/**
 * The error box text of a team save (000 §8): 413 'The logo exceeds the maximum size of 200KB.',
 * the server's message for a refusal (status error), and 'An unknown error has occurred.' for
 * anything else (network failure, 5xx); `texts` gives them in the page's language.
 */
export function teamSaveError(err: unknown, texts: TeamSaveErrorTexts = ENGLISH_SAVE_ERRORS): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return texts.tooLarge;
    if (err.status >= 400 && err.status < 500) return texts.refusal(err);
  }
  return texts.unknown;
}

export function useSaveTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: saveTeam,
    onSuccess: async (res) => {
      if (res.status === "success") await refresh();
    },
  });
}
