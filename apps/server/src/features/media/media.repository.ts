import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Newest published news posts (index news_latest). */
export async function latestNews(db: Db, limit: number) {
  return db
    .selectFrom("news_posts")
    .select(["id", "title", "content", "image", "author_name", "created_at"])
    .where("published", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function findNews(db: Db, id: number) {
  return db
    .selectFrom("news_posts")
    .select(["id", "title", "content", "image", "author_name", "created_at"])
    .where("id", "=", id)
    .where("published", "=", 1)
    .executeTakeFirst();
}

export async function insertNews(
  db: Db,
  row: { title: string; content: string; image: string | null; authorUserId: number; authorName: string; now: number },
) {
  return db
    .insertInto("news_posts")
    .values({
      title: row.title,
      content: row.content,
      image: row.image,
      author_user_id: row.authorUserId,
      author_name: row.authorName,
      published: 1,
      created_at: row.now,
    })
    .returning(["id", "title", "content", "image", "author_name", "created_at"])
    .executeTakeFirstOrThrow();
}

/** Newest media items of one kind (index media_kind_latest). */
export async function latestMedia(db: Db, kind: string, limit: number) {
  return db
    .selectFrom("media_items")
    .selectAll()
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function insertMedia(
  db: Db,
  row: { kind: string; title: string; url: string; image: string | null; author: string; now: number },
) {
  return db
    .insertInto("media_items")
    .values({ kind: row.kind, title: row.title, url: row.url, image: row.image, author: row.author, created_at: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteMedia(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom("media_items").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
