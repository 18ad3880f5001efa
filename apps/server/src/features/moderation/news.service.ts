import { LIMITS, NEWS_PAGE_SIZE, type NewsListItem, type NewsSaveBody, type NewsSource } from "@site/contract";
import type { AppContext } from "../../context.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { markdownPreview } from "../reference/markdown.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import * as repo from "./news.repository.js";
import { audit } from "../audit/audit.service.js";

/** `GET /api/media/news?page=`: posts, newest first; administrators and moderators also see unpublished ones. */
export async function listNews(
  ctx: AppContext,
  actor: Actor | null,
  page: number,
): Promise<{ data: NewsListItem[]; has_next_page: boolean }> {
  const staff = actor !== null && can(actor, "news.write");
  const rows = await repo.listNews(ctx.db, { includeUnpublished: staff, limit: NEWS_PAGE_SIZE + 1, offset: (page - 1) * NEWS_PAGE_SIZE });
  return {
    data: rows.slice(0, NEWS_PAGE_SIZE).map((r) => ({
      id: r.id,
      url: `/news/${r.id}`,
      image: r.image,
      date_human: dateHuman(Number(r.created_at)),
      date: iso(Number(r.created_at)),
      author: r.author_name,
      title: r.title,
      preview: markdownPreview(r.content, LIMITS.newsPreview),
      published: r.published === 1,
    })),
    has_next_page: rows.length > NEWS_PAGE_SIZE,
  };
}

function requireWriter(actor: Actor): asserts actor is Actor & { userId: number } {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "news.write"))
    throw forbidden("Only administrators and moderators can write news.", { code: "moderation.news_forbidden" });
}

/** `GET /api/media/news/{id}/source` (staff): the markdown to edit. */
export async function newsSource(ctx: AppContext, actor: Actor, id: number): Promise<NewsSource> {
  requireWriter(actor);
  const r = await repo.findNews(ctx.db, id);
  if (!r) throw notFound("That news post does not exist.", { code: "media.news_not_found" });
  return { id: r.id, title: r.title, content: r.content, image: r.image, published: r.published === 1 };
}

/**
 * `POST /api/media/news/{id|new}/edit` (administrators, moderators): writes a post, or edits,
 * publishes or unpublishes one. Title and text go through the word filter. The home news panel
 * (cached under `media:`) is refreshed.
 */
export async function saveNews(ctx: AppContext, actor: Actor, authorName: string, id: number | "new", body: NewsSaveBody) {
  requireWriter(actor);
  await assertAllowed(ctx.db, { title: body.title, "news text": body.content });
  const values = { title: body.title, content: body.content, image: body.image ? body.image : null, published: body.published ? 1 : 0 };
  let postId: number;
  if (id === "new") {
    postId = await ctx.db.transaction().execute(async (trx) => {
      const newId = await repo.insertNews(trx, { ...values, authorUserId: actor.userId, authorName, now: Date.now() });
      await audit(trx, actor, { action: "news.create", targetType: "news_posts", targetId: newId, after: values });
      return newId;
    });
  } else {
    const before = await repo.findNews(ctx.db, id);
    if (!before) throw notFound("That news post does not exist.", { code: "media.news_not_found" });
    await ctx.db.transaction().execute(async (trx) => {
      await repo.updateNews(trx, id, values);
      await audit(trx, actor, { action: "news.edit", targetType: "news_posts", targetId: id, before, after: values });
    });
    postId = id;
  }
  invalidateAfter(ctx.cache, "media");
  const message =
    id === "new" ? "The post was created." : body.published ? "The post was saved." : "The post was saved and is not published.";
  return { status: "ok" as const, message, id: postId };
}
