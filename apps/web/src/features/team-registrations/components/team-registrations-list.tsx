import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import {
  type BulkAction,
  LIMITS,
  type MoveStatus,
  teamRegistrationsCsvUrl,
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
  RowCheckbox,
  SelectAllCheckbox,
  useBulkRunner,
  useRowSelection,
} from "@/components/ui/bulk-selection";
import { useBulkAction } from "@/features/registrations/api/bulk";
import { BULK_LABELS, bulkResultText, bulkTexts, MOVE_NAMES } from "@/features/registrations/api/registration-labels";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

type Status = MoveStatus;
const STATUSES = MoveStatusSchema.options;
/** The team list's sort codes (001 §9): team, eligible players, registration date; `RA` first. */
const SORT = { TEAM: "N", PLAYERS: "C", REGISTERED: "R", DEFAULT: "RA" } as const;

/**
 * Bulk Verify / Move for the team table (issue #22 §2; teams have no check-ins), tournament
 * administrators only: the selection, the bar and the checkbox cells.
 */
function useTeamBulk(t: TournamentDetail, ids: readonly number[], status: Status) {
  const _ = useT();
  const enabled = t.can_administrate;
  const selection = useRowSelection(ids);
  const mutation = useBulkAction(t.id, "teams");
  const i18n = useI18n();
  const runner = useBulkRunner<BulkAction>({
    selection,
    ...bulkTexts(_, "teams"),
    run: async (action, picked) => ({ message: bulkResultText(i18n, action, await mutation.mutateAsync({ action, ids: picked })) }),
  });
  const wanted: BulkAction[] = [
    ...(status === "registered" ? (["verify"] as const) : []),
    ...(status !== "withdrawn" ? (["withdraw"] as const) : []),
    ...(status !== "rejected" ? (["reject"] as const) : []),
  ];
  const actions: BulkActionChoice<BulkAction>[] = wanted.map((a) => ({
    action: a,
    label: _(BULK_LABELS[a]),
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
        <SelectAllCheckbox selection={selection} count={ids.length} label={_("registration.bulk.selectAllTeams")} />
      </th>
    ),
    rowCell: (id: number, name: string) =>
      enabled && (
        <td className="bulk-cell">
          <RowCheckbox selection={selection} id={id} label={_("registration.bulk.select", { name })} />
        </td>
      ),
  };
}

function TeamTable({ t, status }: { t: TournamentDetail; status: Status }) {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const [order, setOrder] = useState<string>(SORT.DEFAULT);
  const q = useTeamRegistrations(t.id, status, order);
  const bulk = useTeamBulk(t, q.data?.data.map((x) => x.team_id) ?? [], status);
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const move = async (st: MoveStatus, teamId: number, name: string) => {
    const to = _(MOVE_NAMES[st]);
    // Registered verifies a registered team (nothing is removed); the other two take it out.
    const ok =
      st === "registered" ||
      (await confirm({
        title: _("registration.move.title", { name, status: to }),
        body: <p>{_("registration.move.teamBody", { status: to })}</p>,
        confirmLabel: _("registration.move.confirm", { status: to }),
        destructive: true,
      }));
    if (ok)
      action.call(
        e.moveTeam,
        { params: { id: t.id }, body: { status: st, team_id: teamId } },
        { onSuccess: () => toast(_("registration.move.done", { name, status: to })) },
      );
  };
  // IDs, the Unverified badge and the Move/Edit actions are for registration moderators (000 §6).
  const moderator = t.can_moderate;
  const h = { order, setOrder };
  return (
    <QueryState query={q} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("registration.noTeams")}</p>}>
      {(d) => (
        <>
          <p className="reg-count">{_("registration.teamCount", { count: d.data.length })}</p>
          {action.isError && <p className="form-error">{errorText(action.error)}</p>}
          {bulk.bar}
          <TableScroll>
            <table className="stats-table registrations-table">
              <thead>
                <tr>
                  {bulk.headerCell}
                  {moderator && <th>{_("registration.col.id")}</th>}
                  <SortHeader code={SORT.TEAM} label={_("registration.col.team")} {...h} />
                  <SortHeader code={SORT.PLAYERS} label={_("registration.col.eligiblePlayers")} {...h} />
                  <SortHeader code={SORT.REGISTERED} label={_("registration.col.registeredOn")} {...h} />
                  {moderator && <th className="table-scroll__sticky-end">{_("registration.col.actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {d.data.map((x) => (
                  <tr key={x.team_id}>
                    {bulk.rowCell(x.team_id, x.team_name)}
                    {moderator && <td>{x.team_id}</td>}
                    {/* Tag, name, "with" partner and badges read as text: .team-pair underlines the links (#17 §7). */}
                    <td className="team-pair">
                      <span className="tag-badge">{x.team_tag}</span>{" "}
                      {x.secondary_team_name ? (
                        <Trans
                          id="registration.team.pairLinks"
                          values={{ team: x.team_name, second: x.secondary_team_name }}
                          components={{
                            0: <Link to={`/registry/teams/${x.team_id}`} />,
                            1: <Link to={`/registry/teams/${x.secondary_team_id}`} />,
                          }}
                        />
                      ) : (
                        <Link to={`/registry/teams/${x.team_id}`}>{x.team_name}</Link>
                      )}
                      {moderator && status === "registered" && x.verified < Math.max(1, t.verification_required) && (
                        <span className="badge badge--muted"> {_("registration.unverified")}</span>
                      )}
                    </td>
                    <td>
                      {x.player_count}{" "}
                      <Link to={`/tournaments/${t.id}/teams/${x.team_id}/eligible_players`}>{_("registration.team.viewRoster")}</Link>
                    </td>
                    <td>{formatDay(x.registered_at, locale)}</td>
                    {moderator && (
                      <td className="table-scroll__sticky-end">
                        {/* The team popup offers all three statuses (001 §4); registered on a registered team verifies it. */}
                        <MoveMenu
                          label={_("registration.move.teamMenu")}
                          targets={STATUSES}
                          disabled={action.isPending}
                          onMove={(st) => void move(st, x.team_id, x.team_name)}
                        />{" "}
                        <Link to={`/tournaments/${t.id}/registrations/teams/${x.team_id}/edit`}>{_("registration.editLink")}</Link>
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

/**
 * An existing team by name (the registry's picker), limited to the tournament's category for the
 * primary. `onChange` gets the chosen team's id and name (the success line names it, #21).
 */
function TeamPicker({
  label,
  category,
  value,
  onChange,
}: {
  label: string;
  category?: string;
  value: number;
  onChange: (id: number, name: string) => void;
}) {
  const _ = useT();
  const [search, setSearch] = useState("");
  const q = useTeamPicker(search);
  const items = (q.data?.data ?? []).filter((x) => !category || x.category === category);
  return (
    <div className="manual-register__picker">
      <label>
        {label}
        <input type="search" value={search} placeholder={_("registration.teamPicker.search")} onChange={(x) => setSearch(x.target.value)} />
      </label>
      <select
        aria-label={_("registration.teamPicker.result", { label })}
        value={value || ""}
        onChange={(x) => {
          const id = Number(x.target.value);
          onChange(id, items.find((i) => i.team_id === id)?.team_name ?? "");
        }}
      >
        <option value="">{_("registration.teamPicker.choose")}</option>
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

/**
 * 'Manually Register Team' (001 §2): primary existing or shadow; secondary none, existing or
 * shadow. The success line names the team (and its secondary) in every language (#21): in
 * English the server's own text, else the catalogue's with the names the form holds.
 */
export function ManualRegisterTeam({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const serverText = useServerText();
  const [mode, setMode] = useState<"existing" | "shadow">("existing");
  const [mode2, setMode2] = useState<"none" | "existing" | "shadow">("none");
  const [v, setV] = useState(EMPTY);
  // The picked existing teams' names, for the success line.
  const [picked, setPicked] = useState({ team: "", team2: "" });
  const [message, setMessage] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const action = useTeamAction();
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    setMessage(null);
    const team = (mode === "existing" ? picked.team : v.shadow_name).trim();
    const second = mode2 === "none" ? null : (mode2 === "existing" ? picked.team2 : v.shadow_name2).trim();
    action.call(
      e.adminRegisterTeam,
      { params: { id: t.id }, body: { register_mode: mode, register_mode2: mode2, ...v } },
      {
        onSuccess: (r) => {
          setMessage(
            second === null
              ? serverText(r.message, "registration.manualTeam.registered", { team })
              : serverText(r.message, "registration.manualTeam.registeredPair", { team, second }),
          );
          setV(EMPTY);
          setPicked({ team: "", team2: "" });
          setPickerKey((k) => k + 1);
        },
      },
    );
  };
  const shadow = (suffix: "" | "2") => (
    <>
      <label>
        {_("registration.manualTeam.name")}
        <input
          value={v[`shadow_name${suffix}`]}
          maxLength={LIMITS.shadowTeamName}
          required
          onChange={(x) => setV({ ...v, [`shadow_name${suffix}`]: x.target.value })}
        />
      </label>
      <label>
        {_("registration.manualTeam.tag")}
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
          {_("registration.manualTeam.title")}
        </h2>
      </header>
      <form className="panel__body registration-form" onSubmit={submit} key={pickerKey}>
        <fieldset>
          <legend>{_("registration.manualTeam.primary")}</legend>
          <label>
            <input type="radio" name="register_mode" checked={mode === "existing"} onChange={() => setMode("existing")} />{" "}
            {_("registration.manualTeam.existing")}
          </label>
          <label>
            <input type="radio" name="register_mode" checked={mode === "shadow"} onChange={() => setMode("shadow")} />{" "}
            {_("registration.manualTeam.shadow")}
          </label>
        </fieldset>
        {mode === "existing" ? (
          <TeamPicker
            label={_("registration.col.team")}
            category={t.game_mode}
            value={v.team_id}
            onChange={(id, name) => {
              setV({ ...v, team_id: id });
              setPicked({ ...picked, team: name });
            }}
          />
        ) : (
          shadow("")
        )}
        <fieldset>
          <legend>{_("registration.team.secondary")}</legend>
          {(["none", "existing", "shadow"] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="register_mode2" checked={mode2 === m} onChange={() => setMode2(m)} />{" "}
              {m === "none"
                ? _("registration.team.none")
                : m === "existing"
                  ? _("registration.manualTeam.existing")
                  : _("registration.manualTeam.shadow")}
            </label>
          ))}
        </fieldset>
        {mode2 === "existing" && (
          <TeamPicker
            label={_("registration.manualTeam.secondaryPicker")}
            value={v.team_id2}
            onChange={(id, name) => {
              setV({ ...v, team_id2: id });
              setPicked({ ...picked, team2: name });
            }}
          />
        )}
        {mode2 === "shadow" && shadow("2")}
        {action.isError && (
          <p className="form-error" role="alert">
            {errorText(action.error)}
          </p>
        )}
        {message && <p role="status">{message}</p>}
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          {_("registration.manualTeam.submit")}
        </button>
      </form>
    </section>
  );
}

/** `/tournaments/{id}/registrations` for teams (001 §2 Team registrations). */
export function TeamRegistrationsPage({ t, waitlist }: { t: TournamentDetail; waitlist?: ReactNode }) {
  const _ = useT();
  // "waitlisted" shows the `waitlist` slot (the shared waitlist panel, composed in app/; issue #22 §1).
  const [status, setStatus] = useState<Status | "waitlisted">("registered");
  return (
    <div className="registrations-page">
      <p>
        <Link to={`/tournaments/${t.id}`}>{_("registration.backTo", { tournament: t.title })}</Link>
        {" · "}
        <a href={teamRegistrationsCsvUrl(t.id, status === "waitlisted" ? "registered" : status)} download>
          {_("registration.downloadCsv")}
        </a>
      </p>
      {t.can_moderate && (
        <div className="registrations-filters">
          <label>
            {_("registration.col.status")}{" "}
            <select className="input" value={status} onChange={(x) => setStatus(x.target.value as Status | "waitlisted")}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {_(MOVE_NAMES[s])}
                </option>
              ))}
              {t.max_entrants !== null && waitlist && <option value="waitlisted">{_("registration.state.waitlist")}</option>}
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
