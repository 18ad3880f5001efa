import type { MediaKind } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/api-client";
import { useDeleteMediaItem } from "../api/delete-media-item";
import { useLatestMedia } from "../api/get-latest-media";
import { MEDIA_PANELS } from "./media-panel";
import { useT } from "@/lib/i18n/use-t";

export const DELETE_CONFIRM = "Delete this item?";

/**
 * One home media panel as the administrator sees it (/admin/media): the same items the home page
 * shows for `kind`, each with a Delete button (confirmed first, since a delete cannot be undone).
 */
export function MediaItemAdminList({ kind }: { kind: MediaKind }) {
  const query = useLatestMedia(kind);
  const del = useDeleteMediaItem();
  const _ = useT();
  const cfg = MEDIA_PANELS[kind];

  const confirm = useConfirm();
  const remove = async (id: number, title: string) => {
    const ok = await confirm({
      title: DELETE_CONFIRM,
      body: (
        <p>
          “{title}” is deleted and no longer shown in {_(cfg.title)} on the home page. This cannot be undone.
        </p>
      ),
      confirmLabel: "Delete item",
      destructive: true,
    });
    if (ok) del.mutate(id);
  };

  return (
    <Panel title={_(cfg.title)} testId={`admin-${cfg.testId}`} className="media-admin__list">
      {del.isError && (
        <p className="form-error" role="alert">
          {errorMessage(del.error)}
        </p>
      )}
      {del.isSuccess && (
        <p className="form-success" role="status">
          Item deleted.
        </p>
      )}
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_(cfg.empty)}</p>}>
        {(d) => (
          <ul className="rows">
            {d.data.map((m) => (
              <li key={m.id} className="row media-admin__item">
                <span className="media-admin__text">
                  <a className="media-admin__title" href={m.url} target="_blank" rel="noopener noreferrer">
                    {m.title}
                  </a>
                  <span className="media-admin__meta">{[m.author, m.date_human].filter(Boolean).join(" · ")}</span>
                </span>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm media-admin__delete"
                  aria-label={`Delete ${m.title}`}
                  disabled={del.isPending}
                  onClick={() => void remove(m.id, m.title)}
                >
                  {del.isPending && del.variables === m.id ? "Deleting…" : "Delete"}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
