import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * List filters live in the URL (shareable, back-button friendly). `update` merges changes,
 * drops empty values, and returns to page 1 unless the change is the page itself.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (!("page" in changes)) next.delete("page");
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === "" || (key === "page" && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );

  return { params, page, update };
}
