import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  COUNTRY_NONE,
  COUNTS,
  isSquadEvent,
  LIMITS,
  type PlayerPickerItem,
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
import { SORT } from "./sort-codes";
import { countriesByName } from "@/lib/country-order";
import { useErrorText } from "@/lib/i18n/error-text";
import { compareText, countryName } from "@/lib/i18n/format";
import { useI18n, useT } from "@/lib/i18n/use-t";
import type { Locale } from "@/lib/i18n/i18n";
import { formatDay } from "@/lib/time-format";

/**
 * The manual registration panel's preview of the latest registrations (001 §9: 10 items): the
 * registered list sorted by registration date descending (RD), cut to COUNTS.registrationPreview.
 * It shares the lists' query keys, so a registration made here reloads it with the tables.
 */
function LatestRegistrations({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { locale } = useI18n();
  const squad = isSquadEvent(t.event_format);
  const squads = useQuery({ ...registrationQueries.squads(t.id, "registered", SORT.NEWEST), enabled: squad });
  const players = useQuery({ ...registrationQueries.players(t.id, "registered", SORT.NEWEST), enabled: !squad });
  const rows = squad
    ? (squads.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.squad_id,
        name: `${r.squad_tag ? `[${r.squad_tag}] ` : ""}${r.squad_name}`,
        detail: _("registration.manual.playerCount", { count: r.player_count }),
        at: formatDay(r.registered_at, locale),
      }))
    : (players.data?.data ?? []).slice(0, COUNTS.registrationPreview).map((r) => ({
        key: r.player_id,
        name: r.display_name,
        detail: r.country_name,
        at: formatDay(r.registered_at, locale),
      }));
  return (
    <div className="manual-register__latest" aria-label={_("registration.manual.latestLabel")}>
      <h3>{_("registration.manual.latest")}</h3>
      {rows.length === 0 ? (
        <p className="empty">{squad ? _("registration.noSquads") : _("registration.noPlayers")}</p>
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
  const _ = useT();
  const { errorText } = useErrorText();
  const locale = useI18n().locale as Locale;
  const squad = isSquadEvent(t.event_format);
  // Creating the shadow player (POST /api/registry/players/new with shadow) needs
  // `registry.players.create_shadow` (administrators and event administrators, i.e. the session's
  // canEventAdministrate); series administrators and organizers would get a 403, so the mode is
  // offered only to those who may create one (001 §6: the shadow-player option is for administrators).
  const canCreateShadow = useSession().data?.permissions.canEventAdministrate ?? false;
  const [mode, setMode] = useState<"existing" | "shadow_player" | "shadow_squad">("existing");
  const [picked, setPicked] = useState<PlayerPickerItem | null>(null);
  const countries = useCountries();
  // English keeps the server's names in their hand-made order; other languages name and sort them in the page's language.
  const countryOptions = useMemo(() => {
    const list = countriesByName(countries.data, (code) => code === COUNTRY_NONE);
    if (locale === "en") return list;
    const compare = compareText(locale);
    return list.map(([code, name]) => [code, countryName(code, locale, name)] as const).sort((a, b) => compare(a[1], b[1]));
  }, [countries.data, locale]);
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
        return setMessage(errorText(err));
      }
      if (j.status !== "success" || !j.player_id) return setMessage(j.message ?? _("error.unknown"));
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
          setMessage(errorText(err));
        },
      },
    );
  };
  return (
    <section
      className="panel manual-register"
      aria-label={squad ? _("registration.manual.titleSquad") : _("registration.manual.titlePlayer")}
    >
      <header className="panel__header">
        <h2 className="panel__title">{squad ? _("registration.manual.titleSquad") : _("registration.manual.titlePlayer")}</h2>
      </header>
      <form className="panel__body registration-form" onSubmit={submit}>
        <fieldset>
          <label>
            <input type="radio" name="register_mode" checked={mode === "existing"} onChange={() => setMode("existing")} />{" "}
            {_("registration.manual.existing")}
          </label>
          {canCreateShadow && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_player"} onChange={() => setMode("shadow_player")} />{" "}
              {_("registration.manual.shadowPlayer")}
            </label>
          )}
          {squad && (
            <label>
              <input type="radio" name="register_mode" checked={mode === "shadow_squad"} onChange={() => setMode("shadow_squad")} />{" "}
              {_("registration.manual.shadowSquad")}
            </label>
          )}
        </fieldset>
        {mode === "existing" && (
          <div className="manual-register__picker">
            <span>{_("registration.col.player")}</span>
            <PlayerSelect value={picked} onChange={setPicked} source={playerPickerQueryOptions} label={_("registration.manual.search")} />
          </div>
        )}
        {mode === "shadow_player" && (
          <>
            <label>
              {_("registration.manual.registryName")}
              <input
                value={v.display_name}
                maxLength={LIMITS.shadowPlayerName}
                required
                onChange={(x) => setV({ ...v, display_name: x.target.value })}
              />
            </label>
            <label>
              {_("registration.manual.country")}
              <select value={v.country} required onChange={(x) => setV({ ...v, country: x.target.value })}>
                <option value={COUNTRY_NONE}>{_("registration.manual.chooseCountry")}</option>
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
              {_("registration.squadName")}
              <input value={v.squad_name} maxLength={LIMITS.squadName} onChange={(x) => setV({ ...v, squad_name: x.target.value })} />
            </label>
            <label>
              {_("registration.squadTag")}
              <input value={v.squad_tag} maxLength={LIMITS.squadTag} onChange={(x) => setV({ ...v, squad_tag: x.target.value })} />
            </label>
            <ColorField
              label={_("registration.squadColor")}
              value={v.squad_color}
              tag={v.squad_tag}
              onChange={(c) => setV({ ...v, squad_color: c })}
            />
          </>
        )}
        {mode !== "shadow_squad" && t.player_host_required && (
          <label className="check-label">
            <input type="checkbox" checked={v.can_host} onChange={(x) => setV({ ...v, can_host: x.target.checked })} />{" "}
            {_("registration.canHost")}
          </label>
        )}
        {mode !== "shadow_squad" && t.player_mii_name_required && (
          <>
            <label>
              {_("registration.inGameName")}
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
            {squad ? _("registration.registerSquad") : _("registration.manual.registerPlayer")}
          </button>
        )}
      </form>
      <div className="panel__body">
        <LatestRegistrations t={t} />
      </div>
    </section>
  );
}
