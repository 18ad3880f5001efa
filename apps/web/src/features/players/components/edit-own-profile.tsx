import type { ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { useToast } from "@/components/ui/toast";
import { QueryState } from "@/components/ui/query-state";
import { paths, safeNext } from "@/config/paths";
import { useHere } from "@/hooks/use-here";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Trans, useT } from "@/lib/i18n/use-t";
import type { ProfileSaveResponse } from "@site/contract";
import { usePlayer } from "../api/get-player";
import { useSaveMessage } from "../texts";
import { ProfileForm } from "./profile-form";

/**
 * `/registry/edit_profile` (000 §2): the signed-in account's own profile. Without a profile it
 * creates one; with one it edits it and links back to it. Success goes to the profile, or to
 * `?next=` when it names a page of this site (the tournament a profile-less player came from;
 * `safeNext` refuses anything else). `after` follows the form for an account with a profile (the
 * route puts the personal calendar feed there, issue #20 §4).
 */
export function EditOwnProfile({ after }: { after?: ReactNode } = {}) {
  const _ = useT();
  const saveMessage = useSaveMessage();
  const session = useSession();
  const here = useHere();
  const [params] = useSearchParams();
  const next = params.get("next");
  const navigate = useNavigate();
  const toast = useToast();
  const user = session.data?.user ?? null;
  const playerId = user?.player_id ?? 0;
  const player = usePlayer(playerId);
  useDocumentTitle(user?.player_id ? _("players.editProfile") : _("players.form.create"));

  if (session.data === undefined) {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    return <Loading />;
  }
  if (!user) {
    return (
      <>
        {/* The page's one h1 (#17 §7). */}
        <h1>{_("players.editProfile")}</h1>
        <p className="access-note">
          <Trans id="players.own.logIn" components={{ 0: <Link to={paths.login(here)} /> }} />
        </p>
      </>
    );
  }
  const perms = session.data.permissions;
  const form = (p: Parameters<typeof ProfileForm>[0]["player"]) => (
    <ProfileForm
      mode="own"
      player={p}
      canCustomise={user.is_supporter || perms.canAdministrate}
      isStaff={perms.canModerate || perms.canAdministrate}
      adminFields={false}
      target={{ kind: "own" }}
      onSaved={(res: ProfileSaveResponse) => {
        const back = safeNext(next, "");
        const flash = { message: res.message, code: res.code, params: res.params };
        if (!back) return void navigate(paths.player(res.player_id!), { state: { flash } });
        // Back where the player came from (a tournament): the message goes to the live region.
        toast(res.message ? saveMessage(flash) : _("players.saved.saved"));
        void navigate(back);
      }}
    />
  );

  return (
    <div className="page page--form">
      <div className="page-header">
        <h1>{user.player_id ? _("players.editProfile") : _("players.own.create")}</h1>
        {user.player_id !== null && <Link to={paths.player(user.player_id)}>{_("players.backToProfile")}</Link>}
      </div>
      {user.player_id === null ? form(null) : <QueryState query={player}>{(p) => form(p)}</QueryState>}
      {user.player_id !== null && after}
    </div>
  );
}
