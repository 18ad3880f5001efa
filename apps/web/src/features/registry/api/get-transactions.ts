import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { COUNTS, registryEndpoints, type TransactionsQuery } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { registryKeys } from "./keys";

/** GET /api/registry/recent_transactions — pages from 1, mode 'all' or a game-mode key (000 §2). */
export function getTransactions(query: TransactionsQuery, signal?: AbortSignal) {
  return callApi(registryEndpoints.transactions, { query, signal });
}

export const transactionQueries = {
  list: (query: TransactionsQuery) =>
    queryOptions({ queryKey: registryKeys.transactionList(query), queryFn: ({ signal }) => getTransactions(query, signal) }),
};

export function useTransactions(query: TransactionsQuery) {
  return useQuery({ ...transactionQueries.list(query), placeholderData: keepPreviousData });
}

/** The home page's recent transfers (000 §9: 5). */
export function useRecentTransfers() {
  return useQuery(transactionQueries.list({ limit: COUNTS.homeTransfers }));
}
