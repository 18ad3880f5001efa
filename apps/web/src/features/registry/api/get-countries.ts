import { queryOptions, useQuery } from "@tanstack/react-query";
import { referenceEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { registryKeys } from "./keys";

/** GET /api/countries — code → name, including ZZ 'Choose a Country' and XX 'Unknown Country'. */
export function getCountries(signal?: AbortSignal) {
  return callApi(referenceEndpoints.countries, { signal });
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: registryKeys.countries(), queryFn: ({ signal }) => getCountries(signal), staleTime: Infinity });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
