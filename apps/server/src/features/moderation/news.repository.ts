import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** One page of posts, newest first (index news_latest); one extra row tells whether a next page exists. */
export function listNews(db: Db, opts: { includeUnpublished: boolean; limit: number; offset: number }) {
  let q = db.selectFrom("news_posts").select(["id", "title", "content", "image", "author_name", "published", "created_at"]);
  if (!opts.includeUnpublished) q = q.where("published", "=", 1);
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(opts.limit).offset(opts.offset).execute();
}

export function findNews(db: Db, id: number) {
  return db.selectFrom("news_posts").select(["id", "title", "content", "image", "published"]).where("id", "=", id).executeTakeFirst();
}

export async function insertNews(
  db: Db,
  row: { title: string; content: string; image: string | null; published: number; authorUserId: number; authorName: string; now: number },
): Promise<number> {
  const r = await db
    .insertInto("news_posts")
    .values({
      title: row.title,
      content: row.content,
      image: row.image,
      published: row.published,
      author_user_id: row.authorUserId,
      author_name: row.authorName,
      created_at: row.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateNews(db: Db, id: number, set: { title: string; content: string; image: string | null; published: number }) {
  await db.updateTable("news_posts").set(set).where("id", "=", id).execute();
}
