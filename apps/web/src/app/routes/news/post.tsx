import { useParams } from "react-router";
import { NewsPost } from "@/features/media/components/news-post";

/** `/news/:id`: one news post (000 §2 Home page, linked from the Latest News panel). */
export default function NewsPostRoute() {
  const { id = "" } = useParams();
  // Only plain digits are ids; anything else (e.g. "1e3", "0x10") reaches the not-found text.
  const postId = /^\d+$/.test(id) ? Number(id) : NaN;
  return (
    <div className="page page--article">
      <NewsPost id={postId} />
    </div>
  );
}
