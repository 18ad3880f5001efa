import { useRef, useState, type FormEvent } from "react";
import type { PlayerPickerItem, TournamentDetail } from "@site/contract";
import { PlayerSelect } from "@/components/ui/player-select";
import { playerPickerQueryOptions } from "@/features/players/api/get-player-picker";
import { useAdminRegisterSquadPlayer } from "../api/admin-register-squad-player";
import { MiiNameHint } from "./mii-name-hint";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";

/**
 * The squad page's "Register Player" panel (001 §6: administrators "can register squad players";
 * §7 admin register squad player {player_id, can_host, mii_name}). Administrators only — the
 * caller decides. Picks any registry player (shadow players too, unlike invitations, since the
 * player is placed in the squad without having to accept); Can Host and In-Game Name appear only
 * when the tournament asks for them, as on the manual registration form. While the squad is full
 * the form is hidden, but a success message from the last registration stays on screen.
 */
export function AdminRegisterSquadPlayer({ t, squadId, full }: { t: TournamentDetail; squadId: number; full: boolean }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const serverText = useServerText();
  const [picked, setPicked] = useState<PlayerPickerItem | null>(null);
  const [canHost, setCanHost] = useState(false);
  const [miiName, setMiiName] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const register = useAdminRegisterSquadPlayer(t.id, squadId);
  // Set synchronously on submit: the mutation's pending state reaches the button a render later.
  const inFlight = useRef(false);

  if (full && !message) return null;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    // One submission in flight: a second click while the first is pending does nothing.
    if (!picked || inFlight.current) return;
    inFlight.current = true;
    setMessage(null);
    register.mutate(
      {
        player_id: picked.id,
        can_host: t.player_host_required ? canHost : false,
        mii_name: t.player_mii_name_required ? miiName.trim() : "",
      },
      {
        onSuccess: (r) => {
          setMessage(serverText(r.message, "registration.adminRegister.done"));
          setPicked(null);
          setCanHost(false);
          setMiiName("");
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };
  return (
    <section className="admin-register-squad-player" aria-label={_("registration.manual.registerPlayer")}>
      <h3>{_("registration.manual.registerPlayer")}</h3>
      {message && (
        <p className="form-success" role="status">
          {message}
        </p>
      )}
      {!full && (
        <form className="registration-form" onSubmit={submit}>
          <div className="manual-register__picker">
            <span>{_("registration.col.player")}</span>
            <PlayerSelect
              value={picked}
              onChange={(p) => {
                setPicked(p);
                setMessage(null);
              }}
              source={playerPickerQueryOptions}
              label={_("registration.adminRegister.search")}
            />
          </div>
          {t.player_host_required && (
            <label className="check-label">
              <input type="checkbox" checked={canHost} onChange={(x) => setCanHost(x.target.checked)} /> {_("registration.canHost")}
            </label>
          )}
          {t.player_mii_name_required && (
            <>
              <label>
                {_("registration.inGameName")}
                <input value={miiName} maxLength={t.player_mii_name_max_length} onChange={(x) => setMiiName(x.target.value)} />
              </label>
              <MiiNameHint max={t.player_mii_name_max_length} />
            </>
          )}
          {register.isError && (
            <p className="form-error" role="alert">
              {errorText(register.error)}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={!picked || register.isPending}>
            {_("registration.register")}
          </button>
        </form>
      )}
    </section>
  );
}
