import { type ReactNode, useId, useState } from "react";
import type { PendingPlayer, TeamDetail, TeamViewer } from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { Panel } from "@/components/ui/panel";
import { PlayerName } from "@/components/ui/player-name";
import { usePlayerPicker } from "@/features/players/api/get-player-picker";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import type { RosterRunner } from "./roster-runner";

/** How many search results the invite box lists. */
const INVITE_RESULTS = 8;

/** Search the registry and invite a player (leaders and managers of a team that takes members). */
function InviteForm({ team, runner }: { team: TeamDetail; runner: RosterRunner }) {
  const _ = useT();
  const id = useId();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), 250);
  const found = usePlayerPicker(term, term.length >= 2);
  const onTeam = new Set(team.roster.map((m) => m.player_id));
  const rows = (found.data?.data ?? []).filter((p) => !p.is_shadow && !onTeam.has(p.id)).slice(0, INVITE_RESULTS);
  return (
    <div className="invite-form">
      <div className="field">
        <label htmlFor={id}>{_("teams.manage.invite")}</label>
        <input
          id={id}
          className="input"
          type="search"
          placeholder={_("teams.manage.searchPlayers")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      {term.length >= 2 && (
        <ul className="rows invite-form__results" aria-label={_("teams.manage.playersFound")}>
          {rows.length === 0 && !found.isFetching && <li className="empty">{_("teams.manage.noPlayers")}</li>}
          {rows.map((p) => (
            <li key={p.id} className="row">
              <span className="player-name">
                <Flag code={p.country_code} />
                {p.name}
              </span>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={runner.busy}
                aria-label={_("teams.manage.inviteLabel", { name: p.name })}
                onClick={() => void runner.run({ kind: "invite", teamId: team.id, playerId: p.id, name: p.name }).then(() => setSearch(""))}
              >
                {_("teams.manage.inviteButton")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PendingList({ title, rows, actions }: { title: string; rows: PendingPlayer[]; actions: (p: PendingPlayer) => ReactNode }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <section aria-label={title}>
      <h3 className="team-subtitle">{title}</h3>
      {rows.length === 0 ? (
        <p className="empty">{_("teams.manage.none")}</p>
      ) : (
        <ul className="rows">
          {rows.map((p) => (
            <li key={p.id} className="row pending-row">
              <PlayerName id={p.player_id} name={p.display_name} countryCode={p.country_code} countryName={p.country_name} />
              <span className="row__meta">{formatDay(p.created_at, locale)}</span>
              <span className="pending-row__actions">{actions(p)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Roster management for leaders, managers and administrators: the invite box, the pending
 * invitations (with Cancel) and the join requests (Accept / Reject).
 */
export function TeamManagePanel({ team, viewer, runner }: { team: TeamDetail; viewer: TeamViewer; runner: RosterRunner }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("teams.manage.title")} testId="team-manage">
      {viewer.can_invite ? <InviteForm team={team} runner={runner} /> : <p className="empty">{_("teams.manage.closed")}</p>}
      <PendingList
        title={_("teams.manage.invitations")}
        rows={viewer.invitations}
        actions={(p) => (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={runner.busy}
            aria-label={_("teams.manage.cancelInvitationLabel", { name: p.display_name })}
            onClick={() => void runner.run({ kind: "invitation", id: p.id, action: "cancel" })}
          >
            {_("teams.manage.cancelInvitation")}
          </button>
        )}
      />
      <PendingList
        title={_("teams.manage.requests")}
        rows={viewer.join_requests}
        actions={(p) => (
          <>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={runner.busy}
              aria-label={_("teams.manage.acceptLabel", { name: p.display_name })}
              onClick={() => void runner.run({ kind: "answer_request", id: p.id, action: "accept", name: p.display_name })}
            >
              {_("teams.manage.accept")}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={runner.busy}
              aria-label={_("teams.manage.rejectLabel", { name: p.display_name })}
              onClick={() => void runner.run({ kind: "answer_request", id: p.id, action: "reject" })}
            >
              {_("teams.manage.reject")}
            </button>
          </>
        )}
      />
      {viewer.pending_changes.length > 0 && (
        <section aria-label={_("teams.manage.pendingChanges")}>
          <h3 className="team-subtitle">{_("teams.manage.waiting")}</h3>
          <ul className="rows">
            {viewer.pending_changes.map((c) => (
              <li key={c.field_name} className="row">
                <Trans
                  id="teams.manage.change"
                  values={{ field: c.field_name === "team_name" ? "name" : "tag", value: c.to_value }}
                  components={{ 0: <strong /> }}
                />
                <span className="row__meta">{formatDay(c.date, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Panel>
  );
}
