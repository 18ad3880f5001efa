import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import {
  BULK_ACTION_LABELS,
  type BulkAction,
  LIMITS,
  type MoveStatus,
  teamRegistrationsCsvUrl,
  TEAM_REGISTRATION_MESSAGES as M,
  teamRegistrationEndpoints as e,
  type TournamentDetail,
} from "@site/contract";
import { MoveStatusSchema } from "@site/contract/schemas";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { MoveMenu } from "@/components/ui/move-menu";
import { QueryState } from "@/components/ui/query-state";
import { useTeamAction, useTeamPicker, useTeamRegistrations } from "../api/team-registrations";
import { SortHeader } from "@/components/ui/sort-header";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import {
  type BulkActionChoice,
  BulkBar,
  bulkWording,
  RowCheckbox,
  SelectAllCheckbox,
  useBulkRunner,
  useRowSelection,
} from "@/components/ui/bulk-selection";
import { useBulkAction } from "@/features/registrations/api/bulk";

type Status = MoveStatus;
const STATUSES = MoveStatusSchema.options;
const LABEL: Record<Status, string> = { registered: "Registered", withdrawn: "Withdrawn", rejected: "Rejected" };

/**
 * Bulk Verify / Move for the team table (issue #22 §2; teams have no check-ins), tournament
 * administrators only: the selection, the bar and the checkbox cells.
 */
function useTeamBulk(t: TournamentDetail, ids: readonly number[], status: Status) {
  const enabled = t.can_administrate;
  const selection = useRowSelection(ids);
  const mutation = useBulkAction(t.id, "teams");
  const runner = useBulkRunner<BulkAction>({
    selection,
    ...bulkWording(["team", "teams"]),
    run: (action, picked) => mutation.mutateAsync({ action, ids: picked }),
  });
  const wanted: BulkAction[] = [
    ...(status === "registered" ? (["verify"] as const) : []),
    ...(status !== "withdrawn" ? (["withdraw"] as const) : []),
    ...(status !== "rejected" ? (["reject"] as const) : []),
  ];
  const actions: BulkActionChoice<BulkAction>[] = wanted.map((a) => ({
    action: a,
    label: BULK_ACTION_LABELS[a],
    destructive: a !== "verify",
  }));
  return {
    bar: enabled && (
      <>
        <BulkBar
          count={selection.selected.length}
          actions={actions}
          busy={runner.busy}
          onAction={(a) => void runner.start(a)}
          onClear={selection.clear}
        />
        {runner.resultLine}
      </>
    ),
    headerCell: enabled && (
      <th className="bulk-cell">
        <SelectAllCheckbox selection={selection} count={ids.length} label="Select all teams" />
      </th>
    ),
    rowCell: (id: number, name: string) =>
      enabled && (
        <td className="bulk-cell">
          <RowCheckbox selection={selection} id={id} label={`Select ${name}`} />
        </td>
      ),
  };
}

function TeamTable({ t, status }: { t: TournamentDetail; status: Status }) {
  const [order, setOrder] = useState("RA");
  const q = useTeamRegistrations(t.id, status, order);
  const bulk = useTeamBulk(t, q.data?.data.map((x) => x.team_id) ?? [], status);
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const move = async (st: MoveStatus, teamId: number, name: string) => {
    const to = st === "withdrawn" ? "Withdrawn" : st === "rejected" ? "Rejected" : "Registered";
    // Registered verifies a registered team (nothing is removed); the other two take it out.
    const ok =
      st === "registered" ||
      (await confirm({
        title: `Move ${name} to ${to}?`,
        body: <p>The team's registration and its players are moved to {to}.</p>,
        confirmLabel: `Move to ${to}`,
        destructive: true,
      }));
    if (ok)
      action.call(
        e.moveTeam,
        { params: { id: t.id }, body: { status: st, team_id: teamId } },
        { onSuccess: () => toast(`${name} moved to ${to}.`) },
      );
  };
  // IDs, the Unverified badge and the Move/Edit actions are for registration moderators (000 §6).
  const moderator = t.can_moderate;
  const h = { order, setOrder };
  return (
    <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{M.noTeams}</p>}>
      {(d) => (
        <>
          <p className="reg-count">{d.data.length} team(s)</p>
          {action.isError && <p className="form-error">{action.error.message}</p>}
          {bulk.bar}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {bulk.headerCell}
                  {moderator && <th>ID</th>}
                  <SortHeader code="N" label="Team" {...h} />
                  <SortHeader code="C" label="Eligible Players" {...h} />
                  <SortHeader code="R" label="Registered On" {...h} />
                  {moderator && <th className="table-scroll__sticky-end">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((x) => (
                  <tr key={x.team_id}>
                    {bulk.rowCell(x.team_id, x.team_name)}
                    {moderator && <td>{x.team_id}</td>}
                    {/* Tag, name, "with" partner and badges read as text: .team-pair underlines the links (#17 §7). */}
                    <td className="team-pair">
                      <span className="tag-badge">{x.team_tag}</span> <Link to={`/registry/teams/${x.team_id}`}>{x.team_name}</Link>
                      {x.secondary_team_name && (
                        <>
                          {" with "}
                          <Link to={`/registry/teams/${x.secondary_team_id}`}>{x.secondary_team_name}</Link>
                        </>
                      )}
                      {moderator && status === "registered" && x.verified < Math.max(1, t.verification_required) && (
                        <span className="badge badge--muted"> Unverified</span>
                      )}
                    </td>
                    <td>
                      {x.player_count} <Link to={`/tournaments/${t.id}/teams/${x.team_id}/eligible_players`}>(View Roster)</Link>
                    </td>
                    <td>{x.registered_at_human}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        {/* The team popup offers all three statuses (001 §4); registered on a registered team verifies it. */}
                        <MoveMenu
                          label="Move team to:"
                          targets={STATUSES}
                          disabled={action.isPending}
                          onMove={(st) => void move(st, x.team_id, x.team_name)}
                        />{" "}
                        <Link to={`/tournaments/${t.id}/registrations/teams/${x.team_id}/edit`}>Edit</Link>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </QueryState>
  );
}

/** An existing team by name (the registry's picker), limited to the tournament's category for the primary. */
function TeamPicker({
  label,
  category,
  value,
  onChange,
}: {
  label: string;
  category?: string;
  value: number;
  onChange: (id: number) => void;
}) {
  const [search, setSearch] = useState("");
  const q = useTeamPicker(search);
  const items = (q.data?.data ?? []).filter((x) => !category || x.category === category);
  return (
    <div className="manual-register__picker">
      <label>
        {label}
        <input type="search" value={search} placeholder="Search teams" onChange={(x) => setSearch(x.target.value)} />
      </label>
      <select aria-label={`${label} result`} value={value || ""} onChange={(x) => onChange(Number(x.target.value))}>
        <option value="">Choose a team</option>
        {items.map((x) => (
          <option key={x.team_id} value={x.team_id}>
            [{x.team_tag}] {x.team_name} ({x.category_title})
          </option>
        ))}
      </select>
    </div>
  );
}

const EMPTY = { team_id: 0, team_id2: 0, shadow_name: "", shadow_tag: "", shadow_name2: "", shadow_tag2: "" };

/** 'Manually Register Team' (001 §2): primary existing or shadow; secondary none, existing or shadow. */
export function ManualRegisterTeam({ t }: { t: TournamentDetail }) {
  const [mode, setMode] = useState<"existing" | "shadow">("existing");
  const [mode2, setMode2] = useState<"none" | "existing" | "shadow">("none");
  const [v, setV] = useState(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const action = useTeamAction();
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setMessage(null);
    action.call(
      e.adminRegisterTeam,
      { params: { id: t.id }, body: { register_mode: mode, register_mode2: mode2, ...v } },
      {
        onSuccess: (r) => {
          setMessage(r.message ?? null);
          setV(EMPTY);
          setPickerKey((k) => k + 1);
        },
      },
    );
  };
  const shadow = (suffix: "" | "2") => (
    <>
      <label>
        Team Name
        <input
          value={v[`shadow_name${suffix}`]}
          maxLength={LIMITS.shadowTeamName}
          required
          onChange={(x) => setV({ ...v, [`shadow_name${suffix}`]: x.target.value })}
        />
      </label>
      <label>
        Team Tag
        <input
          value={v[`shadow_tag${suffix}`]}
          maxLength={LIMITS.teamTag}
          required
          onChange={(x) => setV({ ...v, [`shadow_tag${suffix}`]: x.target.value })}
        />
      </label>
    </>
  );
  return (
    <section className="panel manual-register" aria-labelledby="manual-team">
      <header className="panel__header">
        <h2 className="panel__title" id="manual-team">
          Manually Register Team
        </h2>
      </header>
      <form className="panel__body registration-form" onSubmit={submit} key={pickerKey}>
        <fieldset>
          <legend>Primary Team</legend>
          <label>
            <input type="radio" name="register_mode" checked={mode === "existing"} onChange={() => setMode("existing")} /> Existing Team
          </label>
          <label>
            <input type="radio" name="register_mode" checked={mode === "shadow"} onChange={() => setMode("shadow")} /> New Shadow Team
          </label>
        </fieldset>
        {mode === "existing" ? (
          <TeamPicker label="Team" category={t.game_mode} value={v.team_id} onChange={(id) => setV({ ...v, team_id: id })} />
        ) : (
          shadow("")
        )}
        <fieldset>
          <legend>Secondary Team</legend>
          {(["none", "existing", "shadow"] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="register_mode2" checked={mode2 === m} onChange={() => setMode2(m)} />{" "}
              {m === "none" ? "None" : m === "existing" ? "Existing Team" : "New Shadow Team"}
            </label>
          ))}
        </fieldset>
        {mode2 === "existing" && <TeamPicker label="Secondary team" value={v.team_id2} onChange={(id) => setV({ ...v, team_id2: id })} />}
        {mode2 === "shadow" && shadow("2")}
        {action.isError && (
          <p className="form-error" role="alert">
            {action.error.message}
          </p>
        )}
        {message && <p role="status">{message}</p>}
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          Register Team
        </button>
      </form>
    </section>
  );
}

/** `/tournaments/{id}/registrations` for teams (001 §2 Team registrations). */
export function TeamRegistrationsPage({ t, waitlist }: { t: TournamentDetail; waitlist?: ReactNode }) {
  // "waitlisted" shows the `waitlist` slot (the shared waitlist panel, composed in app/; issue #22 §1).
  const [status, setStatus] = useState<Status | "waitlisted">("registered");
  return (
    <div className="registrations-page">
      <p>
        <Link to={`/tournaments/${t.id}`}>← Back to {t.title}</Link>
        {" · "}
        <a href={teamRegistrationsCsvUrl(t.id, status === "waitlisted" ? "registered" : status)} download>
          Download CSV
        </a>
      </p>
      {t.can_moderate && (
        <div className="registrations-filters">
          <label>
            Status{" "}
            <select className="input" value={status} onChange={(x) => setStatus(x.target.value as Status | "waitlisted")}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LABEL[s]}
                </option>
              ))}
              {t.max_entrants !== null && waitlist && <option value="waitlisted">Waitlist</option>}
            </select>
          </label>
        </div>
      )}
      {status === "waitlisted" ? (
        waitlist
      ) : (
        <section className="panel">
          <div className="panel__body">
            <TeamTable t={t} status={status} />
          </div>
        </section>
      )}
      {t.can_administrate && <ManualRegisterTeam t={t} />}
    </div>
  );
}
