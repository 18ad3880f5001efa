import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { COUNTS } from "@site/contract";
import { TournamentPickerSchema } from "@site/contract/schemas";
import { ApiError, getJson } from "@/lib/api-client";
import { widgetKeys } from "../api/keys";

export type PickerTournament = { id: number; title: string };

/** The default data URL; the search text is appended URL-encoded (000 §7: caller-supplied URL). */
export const DEFAULT_PICKER_URL = "/api/tournaments/picker?search=";

/**
 * GETs `${dataUrl}${search}` and returns at most 100 tournaments whose title contains the search,
 * case-insensitively. The server already filters; filtering again here keeps the widget correct
 * for caller URLs that ignore `search` and return a whole list.
 */
export async function getPickerTournaments(dataUrl: string, search: string, signal?: AbortSignal): Promise<PickerTournament[]> {
  const raw = await getJson(`${dataUrl}${encodeURIComponent(search)}`, signal);
  const parsed = TournamentPickerSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(200, "The tournament list could not be read.", "ui.picker_unreadable");
  const needle = search.trim().toLowerCase();
  return parsed.data.tournaments.filter((t) => t.title.toLowerCase().includes(needle)).slice(0, COUNTS.pickerResults);
}

export function pickerTournamentsQueryOptions(dataUrl: string, search: string) {
  return queryOptions({
    queryKey: widgetKeys.tournamentPicker(dataUrl, search.trim()),
    queryFn: ({ signal }) => getPickerTournaments(dataUrl, search.trim(), signal),
    staleTime: 60_000,
  });
}

/** Picker results; only fetches while the dropdown is open. Keeps the last list while typing. */
export function usePickerTournaments(dataUrl: string, search: string, enabled: boolean) {
  return useQuery({ ...pickerTournamentsQueryOptions(dataUrl, search), enabled, placeholderData: keepPreviousData });
}
