import { useState } from "react";
import { Link } from "react-router";
import { EVENT_FORMATS, GAME_MODES, type Proposal } from "@site/contract";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useDecideProposal, useMyProposals, usePropose, useProposalQueue } from "../api/tournament-proposals";
import { formatName } from "./entrant-count";

/**
 * Propose a tournament (issue #22 §5): the basic form for a player with a registry profile,
 * then the player's proposals with their status (and the reason of a decline).
 */
export function ProposeTournament() {
  const _ = useT();
  const { errorText } = useErrorText();
  const serverText = useServerText();
  const session = useSession();
  const user = session.data?.user ?? null;
  const propose = usePropose();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the form's first game mode (a code)
  const [f, setF] = useState({ title: "", mode: "mk8dx_150", format: "1", start: "", end: "", description: "", verify: false });
  const [done, setDone] = useState<string | null>(null);
  if (!user) return <p className="access-note">{_("tournaments.propose.logIn")}</p>;
  if (!user.player_id) return <p className="access-note">{_("tournaments.propose.noProfile")}</p>;
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setDone(null);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- ISO 8601's UTC designator
    const iso = (v: string) => (v ? new Date(`${v}Z`).toISOString() : "");
    propose.mutate(
      {
        tournament_title: f.title,
        game_mode: f.mode,
        registration_format: f.format as "0" | "1" | "2",
        start_date: iso(f.start),
        end_date: iso(f.end),
        minimum_players: 1,
        maximum_players: f.format === "2" ? 2 : 1,
        event_description: f.description,
        verification_required: f.verify,
      },
      { onSuccess: (r) => setDone(serverText(r.message, "tournaments.propose.sent")) },
    );
  };
  return (
    <>
      <form className="series-points-form panel panel__body" onSubmit={submit} aria-label={_("tournaments.propose.formLabel")}>
        <label className="field">
          <span className="field__label">{_("tournaments.propose.tournamentTitle")}</span>
          <input className="input" value={f.title} onChange={(e) => setF({ ...f, title: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">{_("tournaments.propose.gameMode")}</span>
          <select className="input" value={f.mode} onChange={(e) => setF({ ...f, mode: e.target.value })}>
            {Object.entries(GAME_MODES).map(([k, v]) => (
              <option key={k} value={k}>
                {v.abbrev}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{_("tournaments.propose.format")}</span>
          <select className="input" value={f.format} onChange={(e) => setF({ ...f, format: e.target.value })}>
            {Object.entries(EVENT_FORMATS).map(([k, v]) => (
              <option key={k} value={k}>
                {formatName(_, Number(k), v)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{_("tournaments.propose.start")}</span>
          <input className="input" type="datetime-local" value={f.start} onChange={(e) => setF({ ...f, start: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">{_("tournaments.propose.end")}</span>
          <input className="input" type="datetime-local" value={f.end} onChange={(e) => setF({ ...f, end: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">{_("tournaments.form.description")}</span>
          <textarea className="input" rows={4} value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
        </label>
        <label className="check-field">
          <input type="checkbox" checked={f.verify} onChange={(e) => setF({ ...f, verify: e.target.checked })} />{" "}
          {_("tournaments.propose.verify")}
        </label>
        <button type="submit" className="btn btn--primary" disabled={propose.isPending}>
          {propose.isPending ? _("tournaments.propose.sending") : _("tournaments.propose.send")}
        </button>
        {propose.isError && (
          <p className="form-error" role="alert">
            {errorText(propose.error)}
          </p>
        )}
        {done && (
          <p className="form-success" role="status">
            {done}
          </p>
        )}
      </form>
      <HostedTournaments heading={_("tournaments.propose.mine")} showEmpty />
    </>
  );
}

/**
 * The tournaments the signed-in player proposed, with their status (and a decline's reason):
 * approved ones are the tournaments they host. Nothing for an account without proposals
 * unless `showEmpty` (the proposal page's own list, which says so).
 */
export function HostedTournaments({ heading, showEmpty = false }: { heading: string; showEmpty?: boolean }) {
  const _ = useT();
  const session = useSession();
  const mine = useMyProposals(session.data?.user?.id ?? null);
  const list = mine.data?.data ?? [];
  const status = {
    pending: _("tournaments.proposals.status.pending"),
    approved: _("tournaments.proposals.status.approved"),
    declined: _("tournaments.proposals.status.declined"),
  } as const;
  if (list.length === 0 && !showEmpty) return null;
  return (
    <section aria-label={heading}>
      <h2>{heading}</h2>
      {list.length === 0 && <p className="empty">{_("tournaments.proposals.mine.empty")}</p>}
      <ul className="rows">
        {list.map((p) => (
          <li key={p.id} className="row">
            <Link to={paths.tournament(p.tournament_id)}>{p.tournament_title}</Link> — {status[p.status]}
            {p.reason && <span className="muted"> ({p.reason})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueRow({ p }: { p: Proposal }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const decide = useDecideProposal();
  const [reason, setReason] = useState("");
  return (
    <li className="row" aria-label={p.tournament_title}>
      <div>
        <Link to={paths.tournament(p.tournament_id)}>{p.tournament_title}</Link>{" "}
        <span className="muted">
          <Trans
            id="tournaments.proposals.by"
            values={{
              player: p.player_name,
              mode: GAME_MODES[p.game_mode as keyof typeof GAME_MODES]?.abbrev ?? p.game_mode,
              format: formatName(_, p.event_format, EVENT_FORMATS[p.event_format as 0 | 1 | 2] ?? String(p.event_format)),
            }}
            components={{ 0: <Link to={paths.player(p.player_id)} /> }}
          />
        </span>
      </div>
      <div className="form-row">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: p.id, approve: true })}
        >
          {_("tournaments.proposals.approve")}
        </button>
        <input
          className="input"
          aria-label={_("tournaments.proposals.reason")}
          placeholder={_("tournaments.proposals.reasonPlaceholder")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={decide.isPending || !reason.trim()}
          onClick={() => decide.mutate({ id: p.id, approve: false, reason })}
        >
          {_("tournaments.proposals.decline")}
        </button>
      </div>
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorText(decide.error)}
        </p>
      )}
    </li>
  );
}

/** The review queue of proposed tournaments (event administrators and moderators). */
export function ProposalQueue() {
  const _ = useT();
  const session = useSession();
  const perms = session.data?.permissions;
  const q = useProposalQueue("pending");
  if (!perms?.canEventAdministrate && !perms?.canModerate) return <p className="access-note">{_("tournaments.noPermission")}</p>;
  if (q.isPending) return <p className="muted">{_("tournaments.loading")}</p>;
  if (q.isError) return <p className="form-error">{_("failure.text")}</p>;
  if (q.data.data.length === 0) return <p className="empty">{_("tournaments.proposals.empty")}</p>;
  return (
    <ul className="rows">
      {q.data.data.map((p) => (
        <QueueRow key={p.id} p={p} />
      ))}
    </ul>
  );
}
