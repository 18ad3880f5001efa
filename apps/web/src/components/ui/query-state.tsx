import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { FailurePanel } from "./failure-panel";
import { useT } from "@/lib/i18n/use-t";
import { Loading } from "./loading";

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** When true for the loaded data, `empty` is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}

/**
 * Renders one query's three states: loading, failure (the shared FailurePanel whose reload
 * link refetches just this query) and data. Data that is already on screen stays visible when
 * a background refetch fails.
 */
export function QueryState<T>({ query, children, isEmpty, empty }: QueryStateProps<T>) {
  const _ = useT();
  if (query.data === undefined) {
    if (query.isError) return <FailurePanel onRetry={() => void query.refetch()} />;
    return <Loading />;
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <p className="empty">{_("ui.empty.nothingYet")}</p>}</>;
  return <>{children(query.data)}</>;
}
