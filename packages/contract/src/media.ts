import { z } from "zod";
import { endpoint, IdParamsSchema, OkSchema } from "./common.js";
import { COUNTS, LIMITS } from "./reference.js";

/** A news item of the home page (000 §2): preview is at most 450 characters of plain text. */
export const NewsItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  image: z.string().nullable(),
  date_human: z.string(),
  /** When it was posted (UTC ISO): the screens write `date_human`'s day in the page's language (#21 §4). */
  date: z.string(),
  author: z.string(),
  title: z.string(),
  preview: z.string().max(LIMITS.newsPreview),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** Kinds of outside media the home page links to; stored on the server, edited by administrators. */
export const MEDIA_KINDS = ["youtube", "stream", "social"] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;

/** A video, live stream or social post that links out. */
export const MediaItemSchema = z.object({
  id: z.number().int(),
  kind: MediaKindSchema,
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  author: z.string(),
  date_human: z.string(),
  /** When it was added (UTC ISO): the screens write `date_human`'s day in the page's language (#21 §4). */
  date: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** One news post with its content rendered to sanitized HTML. */
export const NewsPostSchema = NewsItemSchema.omit({ preview: true }).extend({ content_html: z.string() });
export type NewsPost = z.infer<typeof NewsPostSchema>;

export const NewsLatestSchema = z.object({ data: z.array(NewsItemSchema) });
export const MediaLatestSchema = z.object({ data: z.array(MediaItemSchema) });

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https?:\/\//i.test(v), "Links must start with http:// or https://");

/** Administrator body to add a media item. */
export const MediaItemBodySchema = z.object({
  kind: MediaKindSchema,
  title: z.string().trim().min(1, "A title is required.").max(200),
  url: httpUrl,
  image: httpUrl.nullable().optional(),
  author: z.string().trim().max(100).default(""),
});
export type MediaItemBody = z.infer<typeof MediaItemBodySchema>;

/** Administrator body to post news. Content is markdown. */
export const NewsBodySchema = z.object({
  title: z.string().trim().min(1, "A title is required.").max(200),
  content: z.string().max(100000),
  image: z.string().max(500).nullable().optional(),
});

export const mediaEndpoints = {
  newsLatest: endpoint({
    method: "GET",
    path: "/api/media/news/latest",
    response: NewsLatestSchema,
    summary: `Latest ${COUNTS.homeNews} news items`,
  }),
  news: endpoint({
    method: "GET",
    path: "/api/media/news/:id",
    params: IdParamsSchema,
    response: NewsPostSchema,
    summary: "One news post",
  }),
  latest: endpoint({
    method: "GET",
    path: "/api/media/:kind/latest",
    params: z.object({ kind: MediaKindSchema }),
    response: MediaLatestSchema,
    summary: "Latest videos, live streams or social posts",
  }),
  addItem: endpoint({
    method: "POST",
    path: "/api/media/items",
    body: MediaItemBodySchema,
    response: MediaItemSchema,
    summary: "Add a media item (administrators)",
  }),
  deleteItem: endpoint({
    method: "POST",
    path: "/api/media/items/:id/delete",
    params: IdParamsSchema,
    response: OkSchema,
    summary: "Delete a media item (administrators)",
  }),
  addNews: endpoint({
    method: "POST",
    path: "/api/media/news",
    body: NewsBodySchema,
    response: NewsItemSchema,
    summary: "Post news (administrators)",
  }),
};
