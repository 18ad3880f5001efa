import { useId, useState, type FormEvent } from "react";
import type { PlayerPickerItem } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Flag } from "@/components/ui/flag";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay, toMs } from "@/lib/time-format";
import { useBanAction, useBans, useInactiveAccounts, usePlayerSearch } from "../api/bans";
import "@/styles/moderation.css";

/** The flag of an account without a profile (no country). */
const UNKNOWN_COUNTRY = "ZZ";

function BanForm() {
  const _ = useT();
  const i18n = useI18n();
  const { errorText } = useErrorText();
  const [lastBanned, setLastBanned] = useState("");
  const [search, setSearch] = useState("");
  const [player, setPlayer] = useState<PlayerPickerItem | null>(null);
  const [reason, setReason] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const debounced = useDebouncedValue(search, 250);
  const results = usePlayerSearch(player ? "" : debounced);
  const action = useBanAction();
  const ids = { search: useId(), reason: useId(), ends: useId() };
  const confirm = useConfirm();
  const toast = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!player || action.isPending) return;
    const banned = player;
    const ok = await confirm({
      title: _("moderation.bans.confirmTitle", { name: banned.name }),
      body: (
        <p>
          {_("moderation.bans.confirmBody", {
            name: banned.name,
            hasEnd: endsOn ? "yes" : "no",
            end: endsOn,
            hasReason: reason ? "yes" : "no",
            reason,
          })}
        </p>
      ),
      confirmLabel: _("moderation.bans.confirmLabel", { name: banned.name }),
      destructive: true,
    });
    if (!ok) return;
    action.mutate(
      { kind: "ban", body: { player_id: player.id, reason, ends_on: endsOn } },
      {
        onSuccess: () => {
          setLastBanned(banned.name);
          toast(_("moderation.bans.bannedToast", { name: banned.name }));
          setPlayer(null);
          setSearch("");
          setReason("");
          setEndsOn("");
        },
      },
    );
  };

  return (
    <form className="ban-form" onSubmit={(e) => void submit(e)} aria-label={_("moderation.bans.formLabel")}>
      <div className="field">
        <label htmlFor={ids.search}>{_("moderation.bans.player")}</label>
        {player ? (
          <div className="admin-roles__results">
            <span className="player-name">
              <Flag code={player.country_code} /> {player.name}
            </span>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPlayer(null)}>
              {_("moderation.bans.change")}
            </button>
          </div>
        ) : (
          <input
            id={ids.search}
            className="input"
            type="search"
            placeholder={_("moderation.searchPlayers")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </div>
      {!player && debounced.trim() !== "" && results.data && (
        <ul className="admin-roles__results" aria-label={_("moderation.searchResults")}>
          {results.data.data.length === 0 && <li className="empty">{_("home.players.empty")}</li>}
          {results.data.data.map((p) => (
            <li key={p.id}>
              <span className="player-name">
                <Flag code={p.country_code} /> {p.name}
              </span>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPlayer(p)}>
                {_("moderation.bans.choose", { name: p.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={ids.reason}>{_("moderation.bans.reason")}</label>
        <input id={ids.reason} className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.ends}>{_("moderation.bans.lastDay")}</label>
        <input id={ids.ends} className="input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
      </div>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      {action.isSuccess && (
        <p className="form-success" role="status">
          {i18n.locale === "en" ? action.data.message : _("moderation.bans.banned", { name: lastBanned })}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={!player || action.isPending}>
        {action.isPending ? _("moderation.bans.banning") : _("moderation.bans.submit")}
      </button>
    </form>
  );
}

/**
 * `/admin/bans` (moderators and administrators): ban a player with a reason and an optional last
 * day (lifted automatically after it), the bans in force with Unban, and accounts waiting for
 * activation with Activate.
 */
export function BansPage() {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const bans = useBans();
  const inactive = useInactiveAccounts();
  const action = useBanAction();
  const toast = useToast();
  return (
    <div className="bans">
      <BanForm />
      <h2>{_("moderation.bans.current")}</h2>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      <QueryState query={bans} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("moderation.bans.currentEmpty")}</p>}>
        {(d) => (
          <ul className="mod-list" aria-label={_("moderation.bans.current")}>
            {d.data.map((b) => (
              <li key={b.ban_id} className="mod-item">
                <div className="mod-item__change">
                  <PlayerName id={b.player_id} name={b.display_name} countryCode={b.country_code} />
                  <span className="mod-item__arrow">{b.reason}</span>
                </div>
                <div className="mod-item__actions">
                  <span>
                    {_("moderation.bans.period", {
                      start: formatDay(b.banned_at, locale),
                      hasEnd: b.ends_at ? "yes" : "no",
                      // The last day of the ban: the UTC day before the instant it ends (ends_human's day).
                      end: b.ends_at ? formatDay(toMs(b.ends_at) - 1, locale) : "",
                      hasBy: b.banned_by ? "yes" : "no",
                      by: b.banned_by ?? "",
                    })}
                  </span>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={action.isPending}
                    aria-label={_("moderation.bans.unbanLabel", { name: b.display_name })}
                    onClick={() =>
                      action.mutate(
                        { kind: "unban", playerId: b.player_id },
                        { onSuccess: () => toast(_("moderation.bans.unbannedToast", { name: b.display_name })) },
                      )
                    }
                  >
                    {action.isPending && action.variables.kind === "unban" && action.variables.playerId === b.player_id
                      ? _("moderation.bans.unbanning")
                      : _("moderation.bans.unban")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <h2>{_("moderation.bans.inactive")}</h2>
      <QueryState
        query={inactive}
        isEmpty={(d) => d.data.length === 0}
        empty={<p className="empty">{_("moderation.bans.inactiveEmpty")}</p>}
      >
        {(d) => (
          <ul className="mod-list" aria-label={_("moderation.bans.inactiveLabel")}>
            {d.data.map((a) => (
              <li key={a.user_id} className="mod-item">
                <div className="mod-item__change">
                  {a.player_id !== null ? (
                    <PlayerName id={a.player_id} name={a.display_name ?? ""} countryCode={a.country_code ?? UNKNOWN_COUNTRY} />
                  ) : (
                    <span>{_("moderation.bans.noProfile", { id: a.user_id })}</span>
                  )}
                </div>
                <div className="mod-item__actions">
                  <span>{formatDay(a.created_at, locale)}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={action.isPending}
                    onClick={() =>
                      action.mutate(
                        { kind: "activate", userId: a.user_id },
                        { onSuccess: () => toast(_("moderation.bans.activatedToast")) },
                      )
                    }
                  >
                    {action.isPending && action.variables.kind === "activate" && action.variables.userId === a.user_id
                      ? _("moderation.bans.activating")
                      : _("moderation.bans.activate")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
