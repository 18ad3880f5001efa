import { useState } from "react";
import { Link } from "react-router";
import { EVENT_FORMATS, GAME_MODES, type Proposal } from "@site/contract";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useSession } from "@/features/session/api/get-session";
import { useDecideProposal, useMyProposals, usePropose, useProposalQueue } from "../api/tournament-proposals";

const STATUS = { pending: "Waiting for approval", approved: "Approved", declined: "Declined" } as const;

/**
 * Propose a tournament (issue #22 §5): the basic form for a player with a registry profile,
 * then the player's proposals with their status (and the reason of a decline).
 */
export function ProposeTournament() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const propose = usePropose();
  const [f, setF] = useState({ title: "", mode: "mk8dx_150", format: "1", start: "", end: "", description: "", verify: false });
  const [done, setDone] = useState<string | null>(null);
  if (!user) return <p className="access-note">Log in to propose a tournament.</p>;
  if (!user.player_id) return <p className="access-note">Create your player profile before proposing a tournament.</p>;
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setDone(null);
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
      { onSuccess: (r) => setDone(r.message) },
    );
  };
  return (
    <>
      <form className="series-points-form panel panel__body" onSubmit={submit} aria-label="Propose a tournament">
        <label className="field">
          <span className="field__label">Tournament title</span>
          <input className="input" value={f.title} onChange={(e) => setF({ ...f, title: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">Game mode</span>
          <select className="input" value={f.mode} onChange={(e) => setF({ ...f, mode: e.target.value })}>
            {Object.entries(GAME_MODES).map(([k, v]) => (
              <option key={k} value={k}>
                {v.abbrev}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Registration format</span>
          <select className="input" value={f.format} onChange={(e) => setF({ ...f, format: e.target.value })}>
            {Object.entries(EVENT_FORMATS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Start (UTC)</span>
          <input className="input" type="datetime-local" value={f.start} onChange={(e) => setF({ ...f, start: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">End (UTC)</span>
          <input className="input" type="datetime-local" value={f.end} onChange={(e) => setF({ ...f, end: e.target.value })} required />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="input" rows={4} value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
        </label>
        <label className="check-field">
          <input type="checkbox" checked={f.verify} onChange={(e) => setF({ ...f, verify: e.target.checked })} /> Entrants need my
          verification
        </label>
        <button type="submit" className="btn btn--primary" disabled={propose.isPending}>
          {propose.isPending ? "Sending…" : "Send for approval"}
        </button>
        {propose.isError && (
          <p className="form-error" role="alert">
            {errorMessage(propose.error)}
          </p>
        )}
        {done && (
          <p className="form-success" role="status">
            {done}
          </p>
        )}
      </form>
      <HostedTournaments heading="My proposals" />
    </>
  );
}

/**
 * The tournaments the signed-in player proposed, with their status (and a decline's reason):
 * approved ones are the tournaments they host. Nothing for an account without proposals
 * unless `heading` is the proposal page's own list, which says so.
 */
export function HostedTournaments({ heading }: { heading: string }) {
  const session = useSession();
  const mine = useMyProposals(session.data?.user?.id ?? null);
  const list = mine.data?.data ?? [];
  if (list.length === 0 && heading !== "My proposals") return null;
  return (
    <section aria-label={heading}>
      <h2>{heading}</h2>
      {list.length === 0 && <p className="empty">No proposals yet.</p>}
      <ul className="rows">
        {list.map((p) => (
          <li key={p.id} className="row">
            <Link to={paths.tournament(p.tournament_id)}>{p.tournament_title}</Link> — {STATUS[p.status]}
            {p.reason && <span className="muted"> ({p.reason})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueRow({ p }: { p: Proposal }) {
  const decide = useDecideProposal();
  const [reason, setReason] = useState("");
  return (
    <li className="row" aria-label={p.tournament_title}>
      <div>
        <Link to={paths.tournament(p.tournament_id)}>{p.tournament_title}</Link>{" "}
        <span className="muted">
          by <Link to={paths.player(p.player_id)}>{p.player_name}</Link>,{" "}
          {GAME_MODES[p.game_mode as keyof typeof GAME_MODES]?.abbrev ?? p.game_mode}, {EVENT_FORMATS[p.event_format as 0 | 1 | 2]}
        </span>
      </div>
      <div className="form-row">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: p.id, approve: true })}
        >
          Approve
        </button>
        <input
          className="input"
          aria-label="Reason"
          placeholder="Reason to decline"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={decide.isPending || !reason.trim()}
          onClick={() => decide.mutate({ id: p.id, approve: false, reason })}
        >
          Decline
        </button>
      </div>
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
    </li>
  );
}

/** The review queue of proposed tournaments (event administrators and moderators). */
export function ProposalQueue() {
  const session = useSession();
  const perms = session.data?.permissions;
  const q = useProposalQueue("pending");
  if (!perms?.canEventAdministrate && !perms?.canModerate)
    return <p className="access-note">You do not have permission to view this page.</p>;
  if (q.isPending) return <p className="muted">Loading…</p>;
  if (q.isError) return <p className="form-error">Something went wrong...</p>;
  if (q.data.data.length === 0) return <p className="empty">No proposed tournaments are waiting.</p>;
  return (
    <ul className="rows">
      {q.data.data.map((p) => (
        <QueueRow key={p.id} p={p} />
      ))}
    </ul>
  );
}
