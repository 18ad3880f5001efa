import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { I18n } from "@lingui/core";
import { type AdminProfileBody, type OwnProfileBody, playerEndpoints } from "@site/contract";
import { ApiError, callApi } from "@/lib/api-client";
import { translateError } from "@/lib/i18n/error-text";
import { registryKeys } from "@/features/registry/api/keys";
import { sessionKeys } from "@/features/session/api/keys";
import { playerKeys } from "./keys";

/** POST /api/registry/edit_profile: the signed-in account's own profile (created when it has none). */
export function saveOwnProfile(body: OwnProfileBody) {
  return callApi(playerEndpoints.editProfile, { body });
}

/** POST /api/registry/players/{id|new}: staff edit of any player, or creation ('new', shadow players too). */
export function adminSavePlayer({ id, body }: { id: number | "new"; body: AdminProfileBody }) {
  return callApi(playerEndpoints.adminSave, { params: { id }, body });
}

/** Where a profile form saves: the signed-in account's own profile, or (staff) player `id` or a new one. */
export type ProfileSaveTarget = { kind: "own" } | { kind: "admin"; id: number | "new" };

/**
 * Saves a profile form's body to its target. The admin body is the own body plus the admin-only
 * fields, which the own form never sets.
 */
export function saveProfile({ target, body }: { target: ProfileSaveTarget; body: AdminProfileBody }) {
  return target.kind === "own" ? saveOwnProfile(body) : adminSavePlayer({ id: target.id, body });
}

/**
 * The error box text of a profile save (000 §8) in the page's language (`i18n` from `useI18n()`):
 * 413 'The logo exceeds the maximum size of 8MB.', the server's refusal (translated by its code:
 * every refusal of the profile saves carries one, the schema's field checks `validation.invalid`),
 * and 'An unknown error has occurred.' for anything else (network failure, 5xx).
 */
export function profileSaveError(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return i18n._("players.save.tooLarge");
    if (err.status >= 400 && err.status < 500) return translateError(i18n, err);
  }
  return i18n._("error.unknown");
}

function useRefreshAfterSave() {
  const queryClient = useQueryClient();
  // The session carries the player id, name and theme; lists and pages show the profile.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      queryClient.invalidateQueries({ queryKey: playerKeys.profiles() }),
      queryClient.invalidateQueries({ queryKey: registryKeys.players() }),
    ]);
}

/**
 * The profile form's save (own or staff, see `saveProfile`); a success refreshes the session, the
 * profile and the lists. Creating or changing one's own profile also changes every answer about
 * "me" (a tournament's register status said no_profile), so those are marked stale too.
 */
export function useSaveProfile() {
  const refresh = useRefreshAfterSave();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (res, { target }) => {
      if (res.status !== "success") return;
      if (target.kind === "own") void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      await refresh();
    },
  });
}
