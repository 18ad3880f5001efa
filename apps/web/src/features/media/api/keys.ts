import type { MediaKind } from "@site/contract";

/** Query keys of the media panels; `mediaKeys.all` reloads them all (the news editor's save does). */
export const mediaKeys = {
  all: ["media"] as const,
  latest: (kind: MediaKind) => [...mediaKeys.all, kind, "latest"] as const,
  latestNews: () => [...mediaKeys.all, "news", "latest"] as const,
  newsPost: (id: number) => [...mediaKeys.all, "news", "post", id] as const,
};
