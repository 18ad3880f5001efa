import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { referenceEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { widgetKeys } from "../api/keys";

/** POST /api/markdown {markdown} → {html}; the server sanitizes the HTML. */
export function renderMarkdown(markdown: string, signal?: AbortSignal) {
  return callApi(referenceEndpoints.markdown, { body: { markdown }, signal });
}

export function markdownPreviewQueryOptions(markdown: string) {
  return queryOptions({
    queryKey: widgetKeys.markdownPreview(markdown),
    queryFn: ({ signal }) => renderMarkdown(markdown, signal),
    staleTime: Infinity, // the same markdown always renders the same HTML
  });
}

/** Preview HTML, fetched only while the Preview tab is shown. */
export function useMarkdownPreview(markdown: string, enabled: boolean) {
  return useQuery({
    ...markdownPreviewQueryOptions(markdown),
    enabled: enabled && markdown.trim() !== "",
    placeholderData: keepPreviousData,
  });
}
