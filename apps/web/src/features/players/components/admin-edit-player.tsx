import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Trans, useT } from "@/lib/i18n/use-t";
import type { ProfileSaveResponse } from "@site/contract";
import { usePlayer } from "../api/get-player";
import { ProfileForm } from "./profile-form";
import { ShadowPlayerForm } from "./shadow-player-form";

/**
 * `/registry/players/{id}/edit` (000 §2 admin edit of a player; id 'new' creates one):
 * - an existing player: moderators and administrators edit every ordinary field (nothing is
 *   locked for staff); administrators also the hidden flag, the account and the background;
 * - 'new': administrators choose a shadow player (name and country) or a full player; event
 *   administrators get the shadow form only.
 * Others see a permission note (the server refuses them anyway).
 */
export function AdminEditPlayer({ id }: { id: number | "new" }) {
  const _ = useT();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const player = usePlayer(id === "new" ? 0 : id);
  const [kind, setKind] = useState<"shadow" | "full">("shadow");
  useDocumentTitle(id === "new" ? _("players.newPlayer") : _("players.editPlayer"));

  if (session.data === undefined) {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    return <Loading />;
  }
  const perms = session.data.permissions;
  // Refusals keep the page's one h1 (#17 §7).
  const heading = <h1>{id === "new" ? _("players.newPlayer") : _("players.editPlayer")}</h1>;
  if (!session.data.user) {
    return (
      <>
        {heading}
        <p className="access-note">
          <Trans id="players.admin.logIn" components={{ 0: <Link to={paths.login(location.pathname + location.search)} /> }} />
        </p>
      </>
    );
  }
  const canShadow = perms.canAdministrate || perms.canEventAdministrate;
  const allowed = id === "new" ? canShadow : perms.canModerate || perms.canAdministrate;
  if (!allowed)
    return (
      <>
        {heading}
        <p className="access-note">{_("players.admin.noPermission")}</p>
      </>
    );

  const onSaved = (res: ProfileSaveResponse) =>
    void navigate(paths.player(res.player_id!), { state: { flash: { message: res.message, code: res.code, params: res.params } } });
  const fullForm = (p: Parameters<typeof ProfileForm>[0]["player"]) => (
    <ProfileForm
      mode="admin"
      player={p}
      canCustomise
      isStaff
      adminFields={perms.canAdministrate}
      target={{ kind: "admin", id }}
      onSaved={onSaved}
    />
  );

  if (id !== "new") {
    return (
      <div className="page page--form">
        <QueryState query={player}>
          {(p) => (
            <>
              <div className="page-header">
                <h1>{_("players.admin.editTitle", { name: p.display_name })}</h1>
                <Link to={paths.player(p.id)}>{_("players.backToProfile")}</Link>
              </div>
              {fullForm(p)}
            </>
          )}
        </QueryState>
      </div>
    );
  }
  return (
    <div className="page page--form">
      <div className="page-header">
        <h1>{_("players.newPlayer")}</h1>
      </div>
      {perms.canAdministrate && (
        <fieldset className="kind-switch">
          <legend className="visually-hidden">{_("players.admin.kind")}</legend>
          <label className="choice">
            <input type="radio" name="kind" checked={kind === "shadow"} onChange={() => setKind("shadow")} />{" "}
            {_("players.admin.kind.shadow")}
          </label>
          <label className="choice">
            <input type="radio" name="kind" checked={kind === "full"} onChange={() => setKind("full")} /> {_("players.admin.kind.full")}
          </label>
        </fieldset>
      )}
      {kind === "shadow" || !perms.canAdministrate ? <ShadowPlayerForm onSaved={onSaved} /> : fullForm(null)}
    </div>
  );
}
