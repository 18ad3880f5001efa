import { queryOptions, useQuery } from "@tanstack/react-query";
import { tournamentEventEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/tournaments/template_choices (001 §2 Choose template): templates the viewer may start from. */
export function getTemplateChoices(signal?: AbortSignal) {
  return callApi(tournamentEventEndpoints.templateChoices, { signal });
}

export const templateChoiceQueries = {
  list: () => queryOptions({ queryKey: tournamentKeys.templateChoices(), queryFn: ({ signal }) => getTemplateChoices(signal) }),
};

export function useTemplateChoices(enabled = true) {
  return useQuery({ ...templateChoiceQueries.list(), enabled });
}
