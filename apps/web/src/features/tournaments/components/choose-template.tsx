import { Link } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useTemplateChoices } from "../api/get-template-choices";

/**
 * `/tournaments/choose_template` (001 §2 Choose template): event administrators may start from
 * scratch; everyone allowed picks a template, grouped by series. Empty: 'No templates available.'
 */
export function ChooseTemplate() {
  const _ = useT();
  const session = useSession();
  const signedIn = !!session.data?.user;
  const choices = useTemplateChoices(signedIn);
  if (session.data === undefined) return session.isError ? <FailurePanel onRetry={() => void session.refetch()} /> : <Loading />;
  if (!signedIn) {
    return (
      <p className="access-note">
        <Trans id="tournaments.choose.logIn" components={{ 0: <Link to={paths.login(paths.chooseTemplate)} /> }} />
      </p>
    );
  }
  if (choices.data === undefined) return choices.isError ? <FailurePanel onRetry={() => void choices.refetch()} /> : <Loading />;
  const { data, can_start_from_scratch } = choices.data;
  const bySeries = new Map<number, { name: string; templates: typeof data }>();
  for (const t of data) {
    if (!bySeries.has(t.series_id)) bySeries.set(t.series_id, { name: t.series_name, templates: [] });
    bySeries.get(t.series_id)!.templates.push(t);
  }
  return (
    <div className="choose-template">
      {can_start_from_scratch && (
        <section className="panel">
          <div className="panel__body choose-template__scratch">
            <p>{_("tournaments.choose.scratchText")}</p>
            <LinkButton to={paths.tournamentEdit("new")}>{_("tournaments.choose.scratch")}</LinkButton>
          </div>
        </section>
      )}
      {data.length === 0 ? (
        <p className="empty">{_("tournaments.choose.empty")}</p>
      ) : (
        [...bySeries.entries()].map(([seriesId, group]) => (
          <section key={seriesId} className="panel" aria-label={group.name}>
            <header className="panel__header">
              <h2 className="panel__title">{group.name}</h2>
            </header>
            <ul className="rows">
              {group.templates.map((t) => (
                <li key={t.id} className="row">
                  <Link to={paths.tournamentEdit("new", t.id)}>{t.template_name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
