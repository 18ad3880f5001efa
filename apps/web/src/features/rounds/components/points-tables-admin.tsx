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
import { useCreatePointsTable, usePointsTables } from "../api/points-tables";
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
 */
export function parsePointsText(text: string): { points: Record<string, number[]> } | { error: string } {
  const points: Record<string, number[]> = {};
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const m = /^(\d{1,2})\s*:\s*(.*)$/.exec(line);
    if (!m) return { error: `Line ${i + 1}: write the number of racers, a colon, then the points (e.g. "12: 15 12 10 …").` };
    const values = m[2]!.split(/[\s,]+/).filter(Boolean);
    if (values.some((v) => !/^\d{1,4}$/.test(v))) return { error: `Line ${i + 1}: points are whole numbers, 0 or more.` };
    const n = String(Number(m[1]));
    if (points[n]) return { error: `Line ${i + 1}: the row for ${n} racers is given twice.` };
    points[n] = values.map(Number);
  }
  if (Object.keys(points).length === 0) return { error: "Enter the points, one line per number of racers." };
  return { points };
}

interface Values {
  name: string;
  room_size: string;
  games: string[];
  rows: string;
}

/** The add form: name, games it suits, room size and the rows; starts from the MK8DX table's rows to edit. */
function AddPointsTable({ tables }: { tables: PointsTableWire[] }) {
  const toast = useToast();
  const ids = { name: useId(), size: useId(), rows: useId(), start: useId() };
  const start = tables[0];
  const unreadable = useRef<string | null>(null);
  const { form, submit, isPending, error } = useContractForm({
    schema: CreatePointsTableBodySchema,
    defaults: { name: "", room_size: String(start?.room_size ?? 12), games: [], rows: start ? formatPointsText(start.points) : "" },
    toBody: (v: Values): CreatePointsTableBody => {
      const parsed = parsePointsText(v.rows);
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
        ? { field: "rows", message: unreadable.current ?? message }
        : path === "room_size"
          ? { field: "room_size", message: "Room size: a whole number of racers from 2 to 24." }
          : path === "name"
            ? { field: "name", message: `Name: 1 to ${POINTS_TABLE_NAME_MAX} characters.` }
            : { field: path, message },
    toVariables: (body) => body,
    mutation: useCreatePointsTable(),
    onSaved: (table) => {
      toast(`Points table "${table.name}" added.`);
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
        Add a points table
      </h2>
      <p className="muted">
        A table is never changed once added (rounds scored with it keep their meaning): to correct one, add a new table with another name.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="draw-form__grid">
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
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
          <label htmlFor={ids.size}>Room size (racers)</label>
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
          <label htmlFor={ids.start}>Start from</label>
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
            <option value="">Keep the rows below</option>
            {tables.map((t) => (
              <option key={t.key} value={t.key}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="points-form__games">
        <legend>Games it suits (optional)</legend>
        {GAME_KEYS.map((g) => (
          <label key={g} className="points-form__game">
            <input type="checkbox" value={g} {...register("games")} /> {GAMES[g].title}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.rows}>Points per race, one line per number of racers</label>
        <p className="field__hint" id={`${ids.rows}-hint`}>
          <code>12: 15 12 10 9 8 7 6 5 4 3 2 1</code> gives the points of 1st to 12th when 12 racers finish a race. Give a line for every
          number of racers from 1 to the room size (races with disconnected racers score with the smaller rows); a position never scores
          more than the one above it.
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
        <SubmitButton busy={isPending} busyLabel="Adding…">
          Add points table
        </SubmitButton>
      </div>
    </form>
  );
}

/** Every table: name, room size, points per race when full, the full room's row, and who added it. */
function PointsTableList({ tables }: { tables: PointsTableWire[] }) {
  return (
    <ul className="rows points-tables">
      {tables.map((t) => (
        <li key={t.key} className="row points-tables__item">
          <span className="points-tables__name">{t.name}</span>
          <span className="badge">{t.built_in ? "Built in" : "Custom"}</span>
          <span className="points-tables__meta">
            {t.room_size} racers · {pointsPerRace(t, t.room_size)} points per race when full
            {t.created_by && <> · added by {t.created_by}</>}
            {t.games.length > 0 && <> · {t.games.map((g) => GAMES[g as GameKey]?.abbrev ?? g).join(", ")}</>}
          </span>
          <details className="points-tables__rows">
            <summary>Rows</summary>
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
  const query = usePointsTables();
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <section className="panel" aria-labelledby="points-tables-title">
            <header className="panel__header">
              <h2 className="panel__title" id="points-tables-title">
                Tables rounds can use
              </h2>
              <Link className="panel__action" to={paths.tournaments}>
                Tournaments
              </Link>
            </header>
            <div className="panel__body">
              <p className="muted">A round picks its table when it is drawn; its score entry and room totals follow that table.</p>
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
