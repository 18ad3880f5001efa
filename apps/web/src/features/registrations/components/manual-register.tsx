import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  COUNTRY_NONE,
  COUNTS,
  isSquadEvent,
  LIMITS,
  type PlayerPickerItem,
  REGISTRATION_MESSAGES as M,
  registrationEndpoints as e,
  type TournamentDetail,
} from "@site/contract";
import { ColorField } from "@/components/ui/color-select";
import { PlayerSelect } from "@/components/ui/player-select";
import { playerPickerQueryOptions } from "@/features/players/api/get-player-picker";
import { useCountries } from "@/features/registry/api/get-countries";
import { useSession } from "@/features/session/api/get-session";
import { createShadowPlayer, registrationQueries, useRegistrationAction } from "../api/registrations";
import { MiiNameHint } from "./mii-name-hint";
import { countriesByName } from "@/lib/country-order";

/**
 * The manual registration panel's preview of the latest registrations (001 §9: 10 items): the
 * registered list sorted by registration date descending (RD), cut to COUNTS.registrationPreview.
 * It shares the lists' query keys, so a registration made here reloads it with the tables.
 */
function LatestRegistrations({ t }: { t: TournamentDetail }) {
  const squad = isSquadEvent(t.event_format);
  const squads = useQuery({ ...registrationQueries.squads(t.id, "registered", "RD"), enabled: squad });
  const players = useQuery({ ...registrationQueries.players(t.id, "registered", "RD"), enabled: !squad });
  const rows = squad
    ? (squads.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.squad_id,
        name: `${r.squad_tag ? `[${r.squad_tag}] ` : ""}${r.squad_name}`,
        detail: `${r.player_count} player(s)`,
        at: r.registered_at_human,
      }))
    : (players.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.player_id,
        name: r.display_name,
        detail: r.country_name,
        at: r.registered_at_human,
      }));
  return (
    <div className="manual-register__latest" aria-label="Latest registrations">
      <h3>Latest Registrations</h3>
      {rows.length === 0 ? (
        <p className="empty">{squad ? M.noSquads : M.noPlayers}</p>
      ) : (
        <ol className="latest-registrations">
          {rows.map((r) => (
            <li key={r.key}>
              <strong>{r.name}</strong> <span className="muted">{r.detail}</span> <span className="muted">{r.at}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Manual registration (001 §4, §7): existing player, new shadow player, or (squads) a new shadow squad. */
export function ManualRegister({ t }: { t: TournamentDetail }) {
  const squad = isSquadEvent(t.event_format);
  // Creating the shadow player (POST /api/registry/players/new with shadow) needs
  // `registry.players.create_shadow` (administrators and event administrators, i.e. the session's
  // canEventAdministrate); series administrators and organizers would get a 403, so the mode is
  // offered only to those who may create one (001 §6: the shadow-player option is for administrators).
  const canCreateShadow = useSession().data?.permissions.canEventAdministrate ?? false;
  const [mode, setMode] = useState<"existing" | "shadow_player" | "shadow_squad">("existing");
  const [picked, setPicked] = useState<PlayerPickerItem | null>(null);
  const countries = useCountries();
  const countryOptions = useMemo(() => countriesByName(countries.data, (code) => code === COUNTRY_NONE), [countries.data]);
  const [v, setV] = useState({
    display_name: "",
    country: COUNTRY_NONE as string,
    squad_name: "",
    squad_tag: "",
    squad_color: 1,
    can_host: false,
    mii_name: "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const action = useRegistrationAction();
  const reset = () => {
    setPicked(null);
    setV({ display_name: "", country: COUNTRY_NONE, squad_name: "", squad_tag: "", squad_color: 1, can_host: false, mii_name: "" });
  };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setMessage(null);
    let playerId = mode === "shadow_squad" ? -1 : (picked?.id ?? 0);
    if (mode === "shadow_player") {
      let j: { status: string; player_id: number | null; message: string };
      try {
        j = await createShadowPlayer({ display_name: v.display_name, country: v.country });
      } catch (err) {
        return setMessage((err as Error).message);
      }
      if (j.status !== "success" || !j.player_id) return setMessage(j.message ?? "An unknown error has occurred.");
      playerId = j.player_id;
    }
    const body = squad
      ? {
          player_id: playerId,
          squad_name: v.squad_name,
          squad_tag: v.squad_tag,
          squad_color: v.squad_color,
          can_host: v.can_host,
          mii_name: v.mii_name,
        }
      : { player_id: playerId, can_host: v.can_host, mii_name: v.mii_name };
    action.call(
      squad ? e.adminRegisterSquad : e.adminRegisterPlayer,
      { params: { id: t.id }, body },
      {
        onSuccess: () => {
          reset();
          setMessage(null);
        },
        onError: (err) => {
          // A shadow player was created but the registration failed: switch to existing-player mode with it preselected.
          if (mode === "shadow_player") {
            setMode("existing");
            setPicked({ id: playerId, name: v.display_name, country_code: v.country, is_shadow: true });
          }
          setMessage(err.message);
        },
      },
    );
  };
  return (
    <section className="panel manual-register" aria-label={squad ? "Manually Register Squad" : "Manually Register Player"}>
      <header className="panel__header">
        <h2 className="panel__title">{squad ? "Manually Register Squad" : "Manually Register Player"}</h2>
      </header>
      <form className="panel__body registration-form" onSubmit={submit}>
        <fieldset>
          <label>
            <input type="radio" name="register_mode" checked={mode === "existing"} onChange={() => setMode("existing")} /> Register with
            Existing Player
          </label>
          {canCreateShadow && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_player"} onChange={() => setMode("shadow_player")} />{" "}
              Register with New Shadow Player
            </label>
          )}
          {squad && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_squad"} onChange={() => setMode("shadow_squad")} />{" "}
              Register New Shadow Squad
            </label>
          )}
        </fieldset>
        {mode === "existing" && (
          <div className="manual-register__picker">
            <span>Player</span>
            <PlayerSelect value={picked} onChange={setPicked} source={playerPickerQueryOptions} label="Search Players" />
          </div>
        )}
        {mode === "shadow_player" && (
          <>
            <label>
              Registry Name
              <input
                value={v.display_name}
                maxLength={LIMITS.shadowPlayerName}
                required
                onChange={(x) => setV({ ...v, display_name: x.target.value })}
              />
            </label>
            <label>
              Country
              <select value={v.country} required onChange={(x) => setV({ ...v, country: x.target.value })}>
                <option value={COUNTRY_NONE}>Choose a Country</option>
                {countryOptions.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {squad && (
          <>
            <label>
              Squad Name
              <input value={v.squad_name} maxLength={LIMITS.squadName} onChange={(x) => setV({ ...v, squad_name: x.target.value })} />
            </label>
            <label>
              Squad Tag
              <input value={v.squad_tag} maxLength={LIMITS.squadTag} onChange={(x) => setV({ ...v, squad_tag: x.target.value })} />
            </label>
            <ColorField label="Squad Color" value={v.squad_color} tag={v.squad_tag} onChange={(c) => setV({ ...v, squad_color: c })} />
          </>
        )}
        {mode !== "shadow_squad" && t.player_host_required && (
          <label className="check-label">
            <input type="checkbox" checked={v.can_host} onChange={(x) => setV({ ...v, can_host: x.target.checked })} /> Can Host
          </label>
        )}
        {mode !== "shadow_squad" && t.player_mii_name_required && (
          <>
            <label>
              In-Game Name
              <input
                value={v.mii_name}
                maxLength={t.player_mii_name_max_length}
                onChange={(x) => setV({ ...v, mii_name: x.target.value })}
              />
            </label>
            <MiiNameHint max={t.player_mii_name_max_length} />
          </>
        )}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        {(mode !== "existing" || picked) && (
          <button type="submit" className="btn btn--primary" disabled={action.isPending}>
            {squad ? "Register Squad" : "Register Player"}
          </button>
        )}
      </form>
      <div className="panel__body">
        <LatestRegistrations t={t} />
      </div>
    </section>
  );
}
