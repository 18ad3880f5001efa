import { useId, useState, type FormEvent } from "react";
import type { PlayerPickerItem } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Flag } from "@/components/ui/flag";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { errorMessage } from "@/lib/api-client";
import { useBanAction, useBans, useInactiveAccounts, usePlayerSearch } from "../api/bans";
import "@/styles/moderation.css";

function BanForm() {
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
      title: `Ban ${banned.name}?`,
      body: (
        <p>
          {banned.name} is banned {endsOn ? `until ${endsOn}` : "until the ban is lifted"}
          {reason ? ` for "${reason}"` : ""}: they cannot register for tournaments while it lasts.
        </p>
      ),
      confirmLabel: `Ban ${banned.name}`,
      destructive: true,
    });
    if (!ok) return;
    action.mutate(
      { kind: "ban", body: { player_id: player.id, reason, ends_on: endsOn } },
      {
        onSuccess: () => {
          toast(`${banned.name} is banned.`);
          setPlayer(null);
          setSearch("");
          setReason("");
          setEndsOn("");
        },
      },
    );
  };

  return (
    <form className="ban-form" onSubmit={(e) => void submit(e)} aria-label="Ban a player">
      <div className="field">
        <label htmlFor={ids.search}>Player</label>
        {player ? (
          <div className="admin-roles__results">
            <span className="player-name">
              <Flag code={player.country_code} /> {player.name}
            </span>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPlayer(null)}>
              Change
            </button>
          </div>
        ) : (
          <input
            id={ids.search}
            className="input"
            type="search"
            placeholder="Search players..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </div>
      {!player && debounced.trim() !== "" && results.data && (
        <ul className="admin-roles__results" aria-label="Search results">
          {results.data.data.length === 0 && <li className="empty">No players.</li>}
          {results.data.data.map((p) => (
            <li key={p.id}>
              <span className="player-name">
                <Flag code={p.country_code} /> {p.name}
              </span>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPlayer(p)}>
                Choose {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={ids.reason}>Reason</label>
        <input id={ids.reason} className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.ends}>Last day (UTC, optional)</label>
        <input id={ids.ends} className="input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
      </div>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorMessage(action.error)}
        </p>
      )}
      {action.isSuccess && (
        <p className="form-success" role="status">
          {action.data.message}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={!player || action.isPending}>
        {action.isPending ? "Banning…" : "Ban Player"}
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
  const bans = useBans();
  const inactive = useInactiveAccounts();
  const action = useBanAction();
  const toast = useToast();
  return (
    <div className="bans">
      <BanForm />
      <h2>Current bans</h2>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorMessage(action.error)}
        </p>
      )}
      <QueryState query={bans} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No players are banned.</p>}>
        {(d) => (
          <ul className="mod-list" aria-label="Current bans">
            {d.data.map((b) => (
              <li key={b.ban_id} className="mod-item">
                <div className="mod-item__change">
                  <PlayerName id={b.player_id} name={b.display_name} countryCode={b.country_code} />
                  <span className="mod-item__arrow">{b.reason}</span>
                </div>
                <div className="mod-item__actions">
                  <span>
                    {b.banned_human} – {b.ends_human ?? "until lifted"}
                    {b.banned_by ? ` · by ${b.banned_by}` : ""}
                  </span>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={action.isPending}
                    aria-label={`Unban ${b.display_name}`}
                    onClick={() =>
                      action.mutate({ kind: "unban", playerId: b.player_id }, { onSuccess: () => toast(`${b.display_name} is unbanned.`) })
                    }
                  >
                    {action.isPending && action.variables.kind === "unban" && action.variables.playerId === b.player_id
                      ? "Unbanning…"
                      : "Unban"}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <h2>Accounts waiting for activation</h2>
      <QueryState query={inactive} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No inactive accounts.</p>}>
        {(d) => (
          <ul className="mod-list" aria-label="Inactive accounts">
            {d.data.map((a) => (
              <li key={a.user_id} className="mod-item">
                <div className="mod-item__change">
                  {a.player_id !== null ? (
                    <PlayerName id={a.player_id} name={a.display_name ?? ""} countryCode={a.country_code ?? "ZZ"} />
                  ) : (
                    <span>Account #{a.user_id} (no profile)</span>
                  )}
                </div>
                <div className="mod-item__actions">
                  <span>{a.created_human}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ kind: "activate", userId: a.user_id }, { onSuccess: () => toast("Account activated.") })}
                  >
                    {action.isPending && action.variables.kind === "activate" && action.variables.userId === a.user_id
                      ? "Activating…"
                      : "Activate"}
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
