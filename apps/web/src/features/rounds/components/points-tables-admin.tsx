import { useId, useRef } from "react";
import { Link } from "react-router";
import {
  GAME_KEYS,
  GAMES,
  POINTS_TABLE_NAME_MAX,
  type CreatePointsTableBody,
  type GameKey,
  type PointsTableWire,
  pointsPerRace,
} from "@site/contract";
import { CreatePointsTableBodySchema } from "@site/contract/schemas";
import { SubmitButton } from "@/components/form/submit-button";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useContractForm } from "@/lib/use-contract-form";
import { i18n } from "@/lib/i18n/i18n";
import { gameTitle } from "@/lib/i18n/contract-labels";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useCreatePointsTable, usePointsTables } from "../api/points-tables";
import { pointsTableName, type Translate } from "./labels";
import "./rounds.css";

/**
 * Rows as the form shows them: one line per racer count, `12: 15 12 10 9 …`, fewest racers
 * first. The inverse of `parsePointsText`.
 */
export function formatPointsText(points: Record<string, number[]>): string {
  return Object.keys(points)
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => `${n}: ${points[String(n)]!.join(" ")}`)
    .join("\n");
}

/**
 * Reads the rows textarea: each non-empty line is `n: p1 p2 … pn` (racer count, a colon, the
 * points of positions 1..n separated by spaces or commas). Answers the rows, or the first
 * line that cannot be read (its number and what is wrong). Whether the rows are sound (every
 * count present, non-increasing) is the contract's `pointsRowsProblem`, checked afterwards.
 * The messages are in `_`'s language (the browser's, English in tests, by default).
 */
export function parsePointsText(text: string, _: Translate = i18n._.bind(i18n)): { points: Record<string, number[]> } | { error: string } {
  const points: Record<string, number[]> = {};
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const m = /^(\d{1,2})\s*:\s*(.*)$/.exec(line);
    if (!m) return { error: _("rounds.pointsTables.error.format", { line: i + 1 }) };
    const values = m[2]!.split(/[\s,]+/).filter(Boolean);
    if (values.some((v) => !/^\d{1,4}$/.test(v))) return { error: _("rounds.pointsTables.error.numbers", { line: i + 1 }) };
    const n = String(Number(m[1]));
    if (points[n]) return { error: _("rounds.pointsTables.error.twice", { line: i + 1, count: n }) };
    points[n] = values.map(Number);
  }
  if (Object.keys(points).length === 0) return { error: _("rounds.pointsTables.error.empty") };
  return { points };
}

/** The contract's `pointsRowsProblem` texts (English) in `_`'s language; a text not recognised is returned as it is. */
export function pointsRowsProblemText(_: Translate, text: string): string {
  let m = /^Row (\d+): the racer counts go from 1 to the room size \((\d+)\)\.$/.exec(text);
  if (m) return _("rounds.pointsTables.rowProblem.count", { row: m[1]!, size: Number(m[2]) });
  m = /^Row (\d+) is missing: give the points for every number of racers from 1 to (\d+)\.$/.exec(text);
  if (m) return _("rounds.pointsTables.rowProblem.missing", { row: Number(m[1]), size: Number(m[2]) });
  m = /^Row (\d+) must list \d+ points \(one per position\); it lists (\d+)\.$/.exec(text);
  if (m) return _("rounds.pointsTables.rowProblem.length", { row: Number(m[1]), count: Number(m[2]) });
  m = /^Row (\d+): points are whole numbers, 0 or more\.$/.exec(text);
  if (m) return _("rounds.pointsTables.rowProblem.numbers", { row: Number(m[1]) });
  m = /^Row (\d+): a position never scores more than the one above it\.$/.exec(text);
  if (m) return _("rounds.pointsTables.rowProblem.order", { row: Number(m[1]) });
  return text;
}

interface Values {
  name: string;
  room_size: string;
  games: string[];
  rows: string;
}

/** The add form: name, games it suits, room size and the rows; starts from the MK8DX table's rows to edit. */
function AddPointsTable({ tables }: { tables: PointsTableWire[] }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const toast = useToast();
  const ids = { name: useId(), size: useId(), rows: useId(), start: useId() };
  const start = tables[0];
  const unreadable = useRef<string | null>(null);
  const { form, submit, isPending, error } = useContractForm({
    schema: CreatePointsTableBodySchema,
    defaults: { name: "", room_size: String(start?.room_size ?? 12), games: [], rows: start ? formatPointsText(start.points) : "" },
    toBody: (v: Values): CreatePointsTableBody => {
      const parsed = parsePointsText(v.rows, _);
      unreadable.current = "error" in parsed ? parsed.error : null;
      return {
        name: v.name,
        games: (Array.isArray(v.games) ? v.games : []) as GameKey[],
        room_size: /^\d{1,2}$/.test(v.room_size.trim()) ? Number(v.room_size) : Number.NaN,
        // Unreadable text sends no rows (the schema then refuses `points`, shown as the unreadable line).
        points: "points" in parsed ? parsed.points : {},
      };
    },
    // The schema checks the body `toBody` just built: rows it could not read name their line instead of a missing row.
    fieldError: (path, message) =>
      path === "points"
        ? { field: "rows", message: unreadable.current ?? pointsRowsProblemText(_, message) }
        : path === "room_size"
          ? // eslint-disable-next-line lingui/no-unlocalized-strings -- a field name
            { field: "room_size", message: _("rounds.pointsTables.error.roomSize") }
          : path === "name"
            ? { field: "name", message: _("rounds.pointsTables.error.name", { max: POINTS_TABLE_NAME_MAX }) }
            : { field: path, message },
    toVariables: (body) => body,
    mutation: useCreatePointsTable(),
    // The server checks the rows with the same contract function: its uncoded refusal is translated by its text.
    errorText: (err) => pointsRowsProblemText(_, errorText(err)),
    onSaved: (table) => {
      toast(_("rounds.pointsTables.added", { name: table.name }));
      form.reset({ name: "", room_size: String(table.room_size), games: [], rows: formatPointsText(table.points) });
    },
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <form className="points-form" noValidate onSubmit={submit} aria-labelledby="add-points-table" aria-busy={isPending}>
      <h2 className="draw-form__title" id="add-points-table">
        {_("rounds.draw.addPointsTable")}
      </h2>
      <p className="muted">{_("rounds.pointsTables.neverChanged")}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="draw-form__grid">
        <div className="field">
          <label htmlFor={ids.name}>{_("rounds.draw.name")}</label>
          <input
            id={ids.name}
            className="input"
            maxLength={POINTS_TABLE_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            {...register("name")}
          />
          {errors.name?.message && <p className="field__error">{errors.name.message}</p>}
        </div>
        <div className="field">
          <label htmlFor={ids.size}>{_("rounds.pointsTables.roomSize")}</label>
          <input
            id={ids.size}
            className="input"
            inputMode="numeric"
            aria-invalid={errors.room_size ? true : undefined}
            {...register("room_size")}
          />
          {errors.room_size?.message && <p className="field__error">{errors.room_size.message}</p>}
        </div>
        <div className="field">
          <label htmlFor={ids.start}>{_("rounds.pointsTables.startFrom")}</label>
          <select
            id={ids.start}
            className="input"
            defaultValue=""
            onChange={(e) => {
              const from = tables.find((t) => t.key === e.target.value);
              if (!from) return;
              setValue("rows", formatPointsText(from.points));
              setValue("room_size", String(from.room_size));
            }}
          >
            <option value="">{_("rounds.pointsTables.keepRows")}</option>
            {tables.map((t) => (
              <option key={t.key} value={t.key}>
                {pointsTableName(_, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="points-form__games">
        <legend>{_("rounds.pointsTables.games")}</legend>
        {GAME_KEYS.map((g) => (
          <label key={g} className="points-form__game">
            <input type="checkbox" value={g} {...register("games")} /> {gameTitle(_, g)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.rows}>{_("rounds.pointsTables.rows")}</label>
        <p className="field__hint" id={`${ids.rows}-hint`}>
          <Trans id="rounds.pointsTables.rowsHint" components={{ 0: <code /> }} />
        </p>
        <textarea
          id={ids.rows}
          className="input points-form__rows"
          rows={14}
          spellCheck={false}
          aria-describedby={`${ids.rows}-hint`}
          aria-invalid={errors.rows ? true : undefined}
          {...register("rows")}
        />
        {errors.rows?.message && <p className="field__error">{errors.rows.message}</p>}
      </div>
      <div className="form-actions">
        <SubmitButton busy={isPending} busyLabel={_("rounds.pointsTables.adding")}>
          {_("rounds.pointsTables.add")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Every table: name, room size, points per race when full, the full room's row, and who added it. */
function PointsTableList({ tables }: { tables: PointsTableWire[] }) {
  const _ = useT();
  return (
    <ul className="rows points-tables">
      {tables.map((t) => (
        <li key={t.key} className="row points-tables__item">
          <span className="points-tables__name">{pointsTableName(_, t)}</span>
          <span className="badge">{t.built_in ? _("rounds.pointsTables.builtIn") : _("rounds.pointsTables.custom")}</span>
          <span className="points-tables__meta">
            {_("rounds.pointsTables.meta", { size: t.room_size, points: pointsPerRace(t, t.room_size) })}
            {t.created_by && <> · {_("rounds.pointsTables.addedBy", { name: t.created_by })}</>}
            {t.games.length > 0 && <> · {t.games.map((g) => GAMES[g as GameKey]?.abbrev ?? g).join(", ")}</>}
          </span>
          <details className="points-tables__rows">
            <summary>{_("rounds.pointsTables.rowsSummary")}</summary>
            <pre>{formatPointsText(t.points)}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/admin/points-tables` (event administrators; issue #19 "administrators can add one"): the
 * points tables rounds can use, built in and custom, and the form to add one. Reached from the
 * account menu and from the draw form of a tournament's rounds page.
 */
export function PointsTablesAdmin() {
  const _ = useT();
  const query = usePointsTables();
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <section className="panel" aria-labelledby="points-tables-title">
            <header className="panel__header">
              <h2 className="panel__title" id="points-tables-title">
                {_("rounds.pointsTables.listTitle")}
              </h2>
              <Link className="panel__action" to={paths.tournaments}>
                {_("rounds.pointsTables.tournaments")}
              </Link>
            </header>
            <div className="panel__body">
              <p className="muted">{_("rounds.pointsTables.intro")}</p>
              <PointsTableList tables={data.data} />
            </div>
          </section>
          <section className="panel points-tables__add">
            <div className="panel__body">
              <AddPointsTable tables={data.data} />
            </div>
          </section>
        </>
      )}
    </QueryState>
  );
}
