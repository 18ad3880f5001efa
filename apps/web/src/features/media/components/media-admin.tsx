import { MEDIA_KINDS } from "@site/contract";
import { MediaItemAdminList } from "./media-item-admin-list";
import { MediaItemForm } from "./media-item-form";
import { NewsForm } from "./news-form";

/**
 * The media admin screen: the items of the home Videos, Live Streams and Social panels
 * (000 §2 Home page) with delete, a form to add one, and a form to post news.
 */
export function MediaAdmin() {
  return (
    <div className="media-admin">
      <div className="media-admin__lists">
        {MEDIA_KINDS.map((kind) => (
          <MediaItemAdminList key={kind} kind={kind} />
        ))}
      </div>
      <div className="media-admin__forms">
        <MediaItemForm />
        <NewsForm />
      </div>
    </div>
  );
}
