import { useParams } from "react-router";
import type { WebhookScope } from "@site/contract";
import { paths } from "@/config/paths";
import { WebhooksScreen } from "@/features/webhooks/components/webhooks-screen";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import NotFoundRoute from "./not-found";
import { idParam } from "./tournaments/tournament";

/** Where each scope's own page is. */
const BACK: Record<WebhookScope, (id: number) => string> = {
  tournament: paths.tournament,
  series: paths.seriesDetail,
  team: paths.team,
};

/** `/webhooks/{scope}/{id}` (issue #20 §5): a tournament's, series' or team's webhooks, for their owners. */
export default function WebhooksRoute() {
  const _ = useT();
  const params = useParams();
  const scope = Object.keys(BACK).find((s) => s === params.scope) as WebhookScope | undefined;
  const id = idParam(params.id);
  useDocumentTitle(_("webhooks.title"));
  if (!scope || Number.isNaN(id)) return <NotFoundRoute />;
  return <WebhooksScreen key={`${scope}-${id}`} scope={scope} id={id} backTo={BACK[scope](id)} />;
}
