import {
  COUNTS,
  LIMITS,
  type MediaItem,
  type MediaItemBody,
  type MediaKind,
  MediaLatestSchema,
  type NewsItem,
  NewsLatestSchema,
  type NewsPost,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { markdownPreview, renderMarkdown } from "../reference/markdown.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import * as repo from "./media.repository.js";

/** How many media items of each kind the home panels show. */
export const MEDIA_PANEL_ITEMS = 6;

type NewsRow = Awaited<ReturnType<typeof repo.latestNews>>[number];
type MediaRow = Awaited<ReturnType<typeof repo.latestMedia>>[number];

function toNewsItem(r: NewsRow): NewsItem {
  return {
    id: r.id,
    url: `/news/${r.id}`,
    image: r.image,
    date_human: dateHuman(r.created_at),
    date: iso(r.created_at),
    author: r.author_name,
    title: r.title,
    preview: markdownPreview(r.content, LIMITS.newsPreview),
  };
}

function toMediaItem(r: MediaRow): MediaItem {
  return {
    id: r.id,
    kind: r.kind as MediaKind,
    title: r.title,
    url: r.url,
    image: r.image,
    author: r.author,
    date_human: dateHuman(r.created_at),
    date: iso(r.created_at),
  };
}

/** Home news panel (000 §2): the 3 newest published posts, preview ≤ 450 characters. */
export function latestNews(ctx: AppContext): Promise<RawJson> {
  // Kept until a news or media write clears `media:` (issue #16): the author is stored text.
  return ctx.cache.keepJson(cacheKeys.media.news(), NewsLatestSchema, async () => ({
    data: (await repo.latestNews(ctx.db, COUNTS.homeNews)).map(toNewsItem),
  }));
}

/** One published news post with sanitized HTML content. Throws NOT_FOUND. */
export async function newsPost(ctx: AppContext, id: number): Promise<NewsPost> {
  const r = await repo.findNews(ctx.db, id);
  if (!r) throw notFound("That news post does not exist.", { code: "media.news_not_found" });
  const { preview: _preview, ...item } = toNewsItem(r);
  return { ...item, content_html: renderMarkdown(r.content) };
}

/** Home video / live-stream / social panels: newest items of `kind`. */
export function latestMedia(ctx: AppContext, kind: MediaKind): Promise<RawJson> {
  // Kept until a media write clears `media:` (issue #16).
  return ctx.cache.keepJson(cacheKeys.media.latest(kind), MediaLatestSchema, async () => ({
    data: (await repo.latestMedia(ctx.db, kind, MEDIA_PANEL_ITEMS)).map(toMediaItem),
  }));
}

/** Adds a media item. Permission: admin.media (administrators). */
export async function addMedia(ctx: AppContext, actor: Actor, body: MediaItemBody): Promise<MediaItem> {
  if (!can(actor, "admin.media")) throw forbidden();
  const row = await repo.insertMedia(ctx.db, { ...body, image: body.image ?? null, now: Date.now() });
  invalidateAfter(ctx.cache, "media");
  return toMediaItem(row);
}

/** Deletes a media item. Permission: admin.media. Throws NOT_FOUND for an unknown id. */
export async function deleteMedia(ctx: AppContext, actor: Actor, id: number): Promise<{ status: "ok" }> {
  if (!can(actor, "admin.media")) throw forbidden();
  if (!(await repo.deleteMedia(ctx.db, id))) throw notFound("That item does not exist.", { code: "media.item_not_found" });
  invalidateAfter(ctx.cache, "media");
  return { status: "ok" };
}

/** Posts news. Permission: admin.media. */
export async function addNews(
  ctx: AppContext,
  actor: Actor,
  authorName: string,
  body: { title: string; content: string; image?: string | null | undefined },
): Promise<NewsItem> {
  if (!can(actor, "admin.media") || actor.userId === null) throw forbidden();
  await assertAllowed(ctx.db, { title: body.title, "news text": body.content });
  const row = await repo.insertNews(ctx.db, {
    title: body.title,
    content: body.content,
    image: body.image ?? null,
    authorUserId: actor.userId,
    authorName,
    now: Date.now(),
  });
  invalidateAfter(ctx.cache, "media");
  return toNewsItem(row);
}
