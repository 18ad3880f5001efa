import { Link } from "react-router";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LinkButton } from "@/components/ui/link-button";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTemplate, useTemplates } from "../api/templates";

export const DELETE_TEMPLATE_CONFIRMATION = "Are you sure you wish to delete this template?";

/**
 * `/tournaments/series/{id}/templates` (001 §2 Series templates list): each template with
 * edit, duplicate (the copy's name gets ' - Copy') and delete, which asks 'Are you sure you
 * wish to delete this template?' first (the shared confirmation dialog). Empty: 'No templates yet.'
 */
export function TemplateList({ seriesId }: { seriesId: number }) {
  const query = useTemplates(seriesId);
  const remove = useDeleteTemplate();
  const confirm = useConfirm();
  const toast = useToast();
  const deleting = remove.isPending ? remove.variables : undefined;
  const del = async (id: number, name: string) => {
    const ok = await confirm({
      title: `Delete the template ${name}?`,
      body: (
        <p>
          {DELETE_TEMPLATE_CONFIRMATION} {name} is removed from this series for good; tournaments already created from it are not changed.
        </p>
      ),
      confirmLabel: "Delete template",
      destructive: true,
    });
    if (ok) remove.mutate(id, { onSuccess: () => toast(`Template ${name} deleted.`) });
  };
  return (
    <>
      <div className="page-actions">
        <LinkButton to={paths.templateEdit(seriesId, "new")}>New Template</LinkButton>
      </div>
      {remove.isError && (
        <p className="form-error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No templates yet.</p>}>
        {(d) => (
          <ul className="rows template-list">
            {d.data.map((t) => (
              <li key={t.id} className="row template-list__row">
                <div className="template-list__main">
                  <Link to={paths.templateEdit(seriesId, t.id)} className="template-list__name">
                    {t.template_name}
                  </Link>
                  <span className="row__meta">
                    {[t.game_mode_human ?? "No game mode", t.event_format_human ?? "No format"].join(" · ")}
                  </span>
                </div>
                <div className="template-list__actions">
                  <LinkButton to={paths.templateEdit(seriesId, t.id)} variant="secondary" size="sm" aria-label={`Edit ${t.template_name}`}>
                    Edit
                  </LinkButton>
                  <LinkButton
                    to={paths.templateEdit(seriesId, "new", t.id)}
                    variant="secondary"
                    size="sm"
                    aria-label={`Duplicate ${t.template_name}`}
                  >
                    Duplicate
                  </LinkButton>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={`Delete ${t.template_name}`}
                    disabled={remove.isPending}
                    onClick={() => void del(t.id, t.template_name)}
                  >
                    {deleting === t.id ? "Deleting…" : "Delete"}
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
