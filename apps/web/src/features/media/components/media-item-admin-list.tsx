import type { MediaKind } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { useErrorText } from "@/lib/i18n/error-text";
import { useDeleteMediaItem } from "../api/delete-media-item";
import { useLatestMedia } from "../api/get-latest-media";
import { MEDIA_PANELS } from "./media-panel";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

/**
 * One home media panel as the administrator sees it (/admin/media): the same items the home page
 * shows for `kind`, each with a Delete button (confirmed first, since a delete cannot be undone).
 */
export function MediaItemAdminList({ kind }: { kind: MediaKind }) {
  const query = useLatestMedia(kind);
  const del = useDeleteMediaItem();
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const cfg = MEDIA_PANELS[kind];

  const confirm = useConfirm();
  const remove = async (id: number, title: string) => {
    const ok = await confirm({
      title: _("media.adminList.confirmTitle"),
      body: <p>{_("media.adminList.confirmBody", { title, panel: _(cfg.title) })}</p>,
      confirmLabel: _("media.adminList.confirmLabel"),
      destructive: true,
    });
    if (ok) del.mutate(id);
  };

  return (
    <Panel title={_(cfg.title)} testId={`admin-${cfg.testId}`} className="media-admin__list">
      {del.isError && (
        <p className="form-error" role="alert">
          {errorText(del.error)}
        </p>
      )}
      {del.isSuccess && (
        <p className="form-success" role="status">
          {_("media.adminList.deleted")}
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
                  <span className="media-admin__meta">{[m.author, formatDay(m.date, locale)].filter(Boolean).join(" · ")}</span>
                </span>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm media-admin__delete"
                  aria-label={_("media.adminList.deleteLabel", { title: m.title })}
                  disabled={del.isPending}
                  onClick={() => void remove(m.id, m.title)}
                >
                  {del.isPending && del.variables === m.id ? _("media.adminList.deleting") : _("media.adminList.delete")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
