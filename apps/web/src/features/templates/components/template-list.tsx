import { Link } from "react-router";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LinkButton } from "@/components/ui/link-button";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useDeleteTemplate, useTemplates } from "../api/templates";

/** The registration formats' English names (contract EVENT_FORMATS) → their messages. */
const FORMAT_IDS = { Solo: "format.solo", Squad: "format.squad", Team: "format.team" } as const;

/**
 * `/tournaments/series/{id}/templates` (001 §2 Series templates list): each template with
 * edit, duplicate (the copy's name gets ' - Copy') and delete, which asks 'Are you sure you
 * wish to delete this template?' first (the shared confirmation dialog). Empty: 'No templates yet.'
 */
export function TemplateList({ seriesId }: { seriesId: number }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const query = useTemplates(seriesId);
  const remove = useDeleteTemplate();
  const confirm = useConfirm();
  const toast = useToast();
  const deleting = remove.isPending ? remove.variables : undefined;
  // The server names the format in English (EVENT_FORMATS' words); the page's language has its own.
  const formatText = (human: string | null) => {
    if (human === null) return _("series.templates.noFormat");
    const id = FORMAT_IDS[human as keyof typeof FORMAT_IDS];
    return id ? _(id) : human;
  };
  const del = async (id: number, name: string) => {
    const ok = await confirm({
      title: _("series.templates.delete.title", { name }),
      body: <p>{_("series.templates.delete.body", { name })}</p>,
      confirmLabel: _("series.templates.delete.confirm"),
      destructive: true,
    });
    if (ok) remove.mutate(id, { onSuccess: () => toast(_("series.templates.deleted", { name })) });
  };
  return (
    <>
      <div className="page-actions">
        <LinkButton to={paths.templateEdit(seriesId, "new")}>{_("series.templates.new")}</LinkButton>
      </div>
      {remove.isError && (
        <p className="form-error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("series.templates.empty")}</p>}>
        {(d) => (
          <ul className="rows template-list">
            {d.data.map((t) => (
              <li key={t.id} className="row template-list__row">
                <div className="template-list__main">
                  <Link to={paths.templateEdit(seriesId, t.id)} className="template-list__name">
                    {t.template_name}
                  </Link>
                  <span className="row__meta">
                    {[t.game_mode_human ?? _("series.templates.noMode"), formatText(t.event_format_human)].join(" · ")}
                  </span>
                </div>
                <div className="template-list__actions">
                  <LinkButton
                    to={paths.templateEdit(seriesId, t.id)}
                    variant="secondary"
                    size="sm"
                    aria-label={_("series.templates.editLabel", { name: t.template_name })}
                  >
                    {_("series.admin.edit")}
                  </LinkButton>
                  <LinkButton
                    to={paths.templateEdit(seriesId, "new", t.id)}
                    variant="secondary"
                    size="sm"
                    aria-label={_("series.templates.duplicateLabel", { name: t.template_name })}
                  >
                    {_("series.templates.duplicate")}
                  </LinkButton>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={_("series.templates.deleteLabel", { name: t.template_name })}
                    disabled={remove.isPending}
                    onClick={() => void del(t.id, t.template_name)}
                  >
                    {deleting === t.id ? _("series.templates.deleting") : _("series.templates.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
