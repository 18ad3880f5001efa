import { useMemo, useState } from "react";
import {
  pointsForPosition,
  pointsPerRace,
  type PointsTableLike,
  type Room,
  type RoomRacer,
  type RoomTableBody,
  type RoomTableResult,
  type RoundSummary,
  type TableMode,
} from "@site/contract";
import { TabBar } from "@/components/ui/tab-bar";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useSubmitTable } from "../api/submit-table";
import { RoundsDialog } from "./dialog";
import type { Translate } from "./labels";

type Problem = RoomTableResult["problems"][number];

/** A racer of the room with the side they race for. */
interface Racer extends RoomRacer {
  side: string;
}

const modes = (_: Translate): ReadonlyArray<{ value: TableMode; label: string }> => [
  { value: "lorenzi", label: _("rounds.table.mode.paste") },
  { value: "grid", label: _("rounds.table.mode.grid") },
  { value: "totals", label: _("rounds.table.mode.totals") },
];

/**
 * Stored per-race points back to finishing positions, to start the grid from the table already
 * in: per race, racers by points (best first) take positions 1..n; kept only when every
 * position gives back the stored points (a row with equal points for two positions still
 * gives the same points). Empty cells otherwise, and for racers entered by total or GP.
 */
export function positionsFromPoints(
  table: PointsTableLike,
  races: number,
  racers: ReadonlyArray<Pick<RoomRacer, "player_id" | "races">>,
): Record<number, string[]> {
  const out: Record<number, string[]> = Object.fromEntries(racers.map((r) => [r.player_id, Array<string>(races).fill("")]));
  for (let race = 0; race < races; race++) {
    const finished = racers.filter((r) => typeof r.races?.[race] === "number").map((r) => ({ id: r.player_id, points: r.races![race]! }));
    finished.sort((a, b) => b.points - a.points);
    const n = finished.length;
    if (finished.every((f, i) => pointsForPosition(table, n, i + 1) === f.points)) {
      finished.forEach((f, i) => {
        out[f.id]![race] = String(i + 1);
      });
    }
  }
  return out;
}

/** Live grid totals: per racer, the points of their positions (a race scores by how many racers finished it). */
export function gridTotals(table: PointsTableLike, races: number, grid: Record<number, string[]>): Record<number, number> {
  const ids = Object.keys(grid).map(Number);
  const totals: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (let race = 0; race < races; race++) {
    const cells = ids.map((id) => [id, Number(grid[id]?.[race] ?? "")] as const).filter(([, p]) => Number.isInteger(p) && p > 0);
    for (const [id, p] of cells) totals[id] = (totals[id] ?? 0) + pointsForPosition(table, cells.length, p);
  }
  return totals;
}

const wholeNumber = (s: string) => /^\d{1,4}$/.test(s.trim());

function problemText(_: Translate, p: Problem): string {
  const text = (() => {
    switch (p.kind) {
      case "unknown":
        return _("rounds.table.problem.unknown", { name: p.name });
      case "ambiguous":
        return _("rounds.table.problem.ambiguous", { name: p.name });
      case "duplicate":
        return _("rounds.table.problem.duplicate", { name: p.name });
      case "missing":
        return _("rounds.table.problem.missing", { name: p.name });
    }
  })();
  return p.line === null || p.kind === "missing" ? text : _("rounds.table.atLine", { line: p.line, problem: text });
}

/** The room as the server computed it (ranks, totals), shown after Preview. */
function PreviewTable({ room, squads }: { room: Room; squads: boolean }) {
  const _ = useT();
  return (
    <div className="table-scroll">
      <table className="stats-table table-entry__preview">
        <caption className="visually-hidden">{_("rounds.table.computedRoom")}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {_("rounds.table.rank")}
            </th>
            <th scope="col">{squads ? _("rounds.table.squad") : _("rounds.table.player")}</th>
            <th scope="col" className="num">
              {_("rounds.table.points")}
            </th>
          </tr>
        </thead>
        <tbody>
          {room.sides.map((s) => (
            <tr key={s.entrant_id}>
              <td className="num">{s.rank ?? "–"}</td>
              <td>
                {s.name}
                {squads && <span className="muted"> ({s.racers.map((r) => `${r.name} ${r.total ?? 0}`).join(", ")})</span>}
              </td>
              <td className="num">{s.total ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Entering a room's table (issue #19 §3), three ways: paste the host's Lorenzi text (names are
 * matched by the server; an unknown or ambiguous line gets a select to pick the racer, sent as
 * `picks`), a grid of finishing positions per race (empty = disconnected), or one total per
 * racer; penalties per racer in each. Preview asks the server (`dry_run`) and shows the
 * computed room; Save stores it. A total that does not add up comes back unsaved with the
 * mismatch ("The table adds up to X points; Y were expected.") and a Save anyway button, which
 * sends the same table with `confirm_mismatch`.
 */
export function TableEntry({
  tournamentId,
  round,
  points: table,
  room,
  squads,
  onClose,
}: {
  tournamentId: number;
  round: RoundSummary;
  /** The round's points table, from the round's answer (built in or custom). */
  points: PointsTableLike;
  room: Room;
  squads: boolean;
  onClose: () => void;
}) {
  const _ = useT();
  const { errorText } = useErrorText();
  const racers: Racer[] = useMemo(() => room.sides.flatMap((s) => s.racers.map((r) => ({ ...r, side: s.name }))), [room.sides]);
  const [mode, setMode] = useState<TableMode>(room.table_mode ?? "lorenzi");
  const [text, setText] = useState("");
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [grid, setGrid] = useState<Record<number, string[]>>(() => positionsFromPoints(table, round.races, racers));
  const [totals, setTotals] = useState<Record<number, string>>(() =>
    Object.fromEntries(racers.map((r) => [r.player_id, r.total === null ? "" : String(r.total + r.penalty)])),
  );
  const [penalties, setPenalties] = useState<Record<number, string>>(() =>
    Object.fromEntries(racers.map((r) => [r.player_id, r.penalty > 0 ? String(r.penalty) : ""])),
  );
  const [result, setResult] = useState<RoomTableResult | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [pending, setPending] = useState<"preview" | "save" | "force" | null>(null);
  const submit = useSubmitTable(tournamentId, round.number, room.number);
  const toast = useToast();
  const expected = round.races * pointsPerRace(table, racers.length);
  const live = useMemo(() => gridTotals(table, round.races, grid), [table, round.races, grid]);

  // Any change to what would be sent makes the last answer stale (picks keep it: they answer its problems).
  const edited = () => {
    setResult(null);
    setLocalError(null);
  };

  const body = (): RoomTableBody | string => {
    const pens = racers.flatMap((r) => {
      const v = (penalties[r.player_id] ?? "").trim();
      return v === "" ? [] : [{ player_id: r.player_id, penalty: Number(v) }];
    });
    if (pens.some((p) => !Number.isInteger(p.penalty) || p.penalty < 0 || p.penalty > 1000)) return _("rounds.table.error.penalty");
    if (mode === "lorenzi") {
      if (text.trim() === "") return _("rounds.table.error.pasteFirst");
      return { mode, text, picks: Object.keys(picks).length > 0 ? picks : undefined, penalties: pens };
    }
    if (mode === "grid") {
      const rows = racers.map((r) => ({
        player_id: r.player_id,
        positions: Array.from({ length: round.races }, (_x, i) => {
          const v = (grid[r.player_id]?.[i] ?? "").trim();
          return v === "" ? null : Number(v);
        }),
      }));
      const max = racers.length;
      if (rows.some((r) => r.positions.some((p) => p !== null && (!Number.isInteger(p) || p < 1 || p > max)))) {
        return _("rounds.table.error.position", { max });
      }
      return { mode, grid: rows, penalties: pens };
    }
    if (racers.some((r) => !wholeNumber(totals[r.player_id] ?? ""))) return _("rounds.table.error.totals");
    return { mode, totals: racers.map((r) => ({ player_id: r.player_id, total: Number(totals[r.player_id]) })), penalties: pens };
  };

  const send = (kind: "preview" | "save" | "force") => {
    const b = body();
    if (typeof b === "string") {
      setLocalError(b);
      return;
    }
    setLocalError(null);
    setPending(kind);
    submit.mutate(
      { ...b, dry_run: kind === "preview", confirm_mismatch: kind === "force" },
      {
        onSuccess: (answer) => {
          if (answer.saved) {
            toast(_("rounds.table.saved", { number: room.number }));
            onClose();
            return;
          }
          setResult(answer);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const penaltyInput = (r: Racer) => (
    <input
      className="input table-entry__num"
      inputMode="numeric"
      aria-label={_("rounds.table.penaltyOf", { name: r.name })}
      placeholder="0"
      value={penalties[r.player_id] ?? ""}
      onChange={(e) => {
        setPenalties((p) => ({ ...p, [r.player_id]: e.target.value }));
        edited();
      }}
    />
  );

  const example = racers
    .slice(0, 2)
    .map(
      (r) =>
        `${r.mii_name || r.name} [${r.country_code.toLowerCase()}] ${Array.from({ length: Math.min(round.races, 4) }, (_x, i) => 15 - i * 3).join("|")}…`,
    )
    .join("\n");
  const busy = pending !== null;

  return (
    <RoundsDialog title={_("rounds.table.title", { number: room.number })} onClose={onClose}>
      <p className="muted table-entry__expect">
        <Trans id="rounds.table.expect" values={{ races: round.races, racers: racers.length, expected }} components={{ 0: <strong /> }} />
      </p>
      <TabBar
        label={_("rounds.table.howTo")}
        tabs={modes(_)}
        value={mode}
        onChange={(m) => {
          setMode(m);
          edited();
        }}
      />
      <div className="table-entry__mode">
        {mode === "lorenzi" && (
          <>
            <label htmlFor={`lorenzi-${room.number}`} className="table-entry__label">
              {_("rounds.table.lorenziLabel")}
            </label>
            <p className="muted table-entry__hint">
              <Trans id="rounds.table.lorenziHint" components={{ 0: <code />, 1: <code />, 2: <code />, 3: <code /> }} />
            </p>
            <textarea
              id={`lorenzi-${room.number}`}
              className="input table-entry__text"
              rows={12}
              spellCheck={false}
              // eslint-disable-next-line lingui/no-unlocalized-strings -- Lorenzi's own syntax
              placeholder={`#title\n${example}`}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                edited();
              }}
            />
            <details className="table-entry__penalties">
              <summary>{_("rounds.table.penalties")}</summary>
              <ul className="rows">
                {racers.map((r) => (
                  <li key={r.player_id} className="row">
                    <span className="table-entry__racer">{r.name}</span>
                    {penaltyInput(r)}
                  </li>
                ))}
              </ul>
            </details>
          </>
        )}
        {mode === "grid" && (
          <>
            <p className="muted table-entry__hint">{_("rounds.table.gridHint", { max: racers.length })}</p>
            <div className="table-scroll">
              <table className="stats-table table-entry__grid">
                <caption className="visually-hidden">{_("rounds.table.positionsPerRace")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{_("rounds.table.racer")}</th>
                    {Array.from({ length: round.races }, (_x, i) => (
                      <th key={i} scope="col" className="num">
                        <abbr title={_("rounds.table.race", { n: i + 1 })}>{_("rounds.table.raceShort", { n: i + 1 })}</abbr>
                      </th>
                    ))}
                    <th scope="col" className="num">
                      <abbr title={_("rounds.table.penalty")}>{_("rounds.table.penaltyShort")}</abbr>
                    </th>
                    <th scope="col" className="num">
                      {_("rounds.table.points")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {racers.map((r) => (
                    <tr key={r.player_id}>
                      <th scope="row" className="table-entry__racer">
                        {r.name}
                      </th>
                      {Array.from({ length: round.races }, (_x, i) => (
                        <td key={i}>
                          <input
                            className="input table-entry__cell"
                            inputMode="numeric"
                            aria-label={_("rounds.table.cellLabel", { name: r.name, n: i + 1 })}
                            value={grid[r.player_id]?.[i] ?? ""}
                            onChange={(e) => {
                              const v = e.target.value;
                              setGrid((g) => ({ ...g, [r.player_id]: (g[r.player_id] ?? []).map((x, k) => (k === i ? v : x)) }));
                              edited();
                            }}
                          />
                        </td>
                      ))}
                      <td>{penaltyInput(r)}</td>
                      <td className="num">{(live[r.player_id] ?? 0) - Number(penalties[r.player_id] || 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {mode === "totals" && (
          <>
            <p className="muted table-entry__hint">{_("rounds.table.totalsHint")}</p>
            <div className="table-scroll">
              <table className="stats-table table-entry__totals">
                <caption className="visually-hidden">{_("rounds.table.totalsPerRacer")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{_("rounds.table.racer")}</th>
                    <th scope="col" className="num">
                      {_("rounds.table.total")}
                    </th>
                    <th scope="col" className="num">
                      {_("rounds.table.penalty")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {racers.map((r) => (
                    <tr key={r.player_id}>
                      <th scope="row" className="table-entry__racer">
                        {r.name}
                        {squads && <span className="muted"> · {r.side}</span>}
                      </th>
                      <td>
                        <input
                          className="input table-entry__num"
                          inputMode="numeric"
                          aria-label={_("rounds.table.totalOf", { name: r.name })}
                          value={totals[r.player_id] ?? ""}
                          onChange={(e) => {
                            setTotals((t) => ({ ...t, [r.player_id]: e.target.value }));
                            edited();
                          }}
                        />
                      </td>
                      <td>{penaltyInput(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>

      {(localError || submit.isError) && (
        <p className="form-error" role="alert">
          {localError ?? errorText(submit.error)}
        </p>
      )}

      {result && result.problems.length > 0 && (
        <section className="table-entry__problems" aria-label={_("rounds.table.problems")}>
          <ul className="rows">
            {result.problems.map((p, i) => {
              const options =
                p.kind === "ambiguous"
                  ? p.candidates
                  : p.kind === "unknown"
                    ? racers.map((r) => ({ player_id: r.player_id, name: r.name }))
                    : [];
              return (
                <li key={`${p.kind}-${p.line ?? p.name}-${i}`} className="row">
                  <span className="table-entry__problem">{problemText(_, p)}</span>
                  {options.length > 0 && p.line !== null && (
                    <select
                      className="input"
                      aria-label={_("rounds.table.racerForLine", { line: p.line })}
                      value={picks[String(p.line)] ?? ""}
                      onChange={(e) => {
                        const v = e.target.value;
                        setPicks((all) => {
                          const next = { ...all };
                          if (v === "") delete next[String(p.line)];
                          else next[String(p.line)] = Number(v);
                          return next;
                        });
                      }}
                    >
                      <option value="">{_("rounds.table.pickRacer")}</option>
                      {options.map((o) => (
                        <option key={o.player_id} value={o.player_id}>
                          {o.name}
                        </option>
                      ))}
                    </select>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="muted">{_("rounds.table.pickThenPreview")}</p>
        </section>
      )}

      {result?.mismatch && (
        <div className="room-card__warning table-entry__mismatch" role="alert">
          <p>{_("rounds.mismatch", { actual: result.mismatch.actual, expected: result.mismatch.expected })}</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            aria-busy={pending === "force" || undefined}
            onClick={() => send("force")}
          >
            {pending === "force" ? _("rounds.saving") : _("rounds.table.saveAnyway")}
          </button>
        </div>
      )}

      {result?.room && (
        <section aria-label={_("rounds.preview")}>
          <h3 className="table-entry__subtitle">{_("rounds.preview")}</h3>
          <PreviewTable room={result.room} squads={squads} />
        </section>
      )}

      <div className="form-actions table-entry__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          aria-busy={pending === "preview" || undefined}
          onClick={() => send("preview")}
        >
          {pending === "preview" ? _("rounds.checking") : _("rounds.preview")}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          aria-busy={pending === "save" || undefined}
          onClick={() => send("save")}
        >
          {pending === "save" ? _("rounds.saving") : _("rounds.table.save")}
        </button>
      </div>
    </RoundsDialog>
  );
}
