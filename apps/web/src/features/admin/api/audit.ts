import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** GET /api/admin/audit?page= (administrators). */
export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => callApi(auditEndpoints.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
