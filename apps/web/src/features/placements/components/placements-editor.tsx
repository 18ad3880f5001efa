import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import {
  formatBulkPlacements,
  LIMITS,
  PLACEMENT_CODES,
  type PlacementEntrant,
  placementListProblem,
  type PlacementProblem,
  type PlacementsEditor as EditorData,
  type PlacementsSaveBody,
  rankFromOrder,
  readBulkPlacements,
  type TournamentDetail,
} from "@site/contract";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { TabBar } from "@/components/ui/tab-bar";
import { PlacementLabel } from "@/components/ui/placement-label";
import { translateCode, useErrorText, useServerText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { usePlacementsEditor } from "../api/get-placements-editor";
import { useSavePlacements } from "../api/save-placements";

/** One row of the ordered list: the entrant, tied with the row above, disqualified, title. */
interface Item {
  entrant_id: number;
  tied: boolean;
  dq: boolean;
  title: string;
}

/** The stored placements → list items (a row sharing the previous row's tie range is 'tied'). */
export function itemsFromPlacements(placements: EditorData["placements"]): Item[] {
  return placements.map((p, i) => {
    const prev = placements[i - 1];
    const tied =
      !p.dq &&
      p.placement_upper_bound !== null &&
      prev !== undefined &&
      !prev.dq &&
      prev.placement === p.placement &&
      prev.placement_upper_bound === p.placement_upper_bound;
    return { entrant_id: p.entrant_id, tied, dq: p.dq, title: p.title ?? "" };
  });
}

/** List items → the save body, placements numbered from the order (rankFromOrder). */
export function bodyFromItems(items: ReadonlyArray<Item>, override: number | null): PlacementsSaveBody {
  return {
    placements: rankFromOrder(items).map((r) => ({
      entrant_id: r.entrant_id,
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq,
      title: r.title.trim() || null,
    })),
    total_registrations_override: override,
  };
}

/** The drag data's type (a row's index). */
const DRAG_TYPE = "text/plain";

function EntrantName({ e }: { e: PlacementEntrant | undefined }) {
  const _ = useT();
  if (!e) return <span>{_("placements.editor.unknownEntrant")}</span>;
  return (
    <span className="team-name">
      {e.tag && <TeamTag tag={e.tag} color={e.color} name={e.name} />} {e.name}
      {e.members.length > 0 && e.members.length <= 4 && e.members.map((m) => m.display_name).join(", ") !== e.name && (
        <span className="muted"> ({e.members.map((m) => m.display_name).join(", ")})</span>
      )}
      {e.status !== "registered" && <span className="badge badge--muted">{_("placements.editor.status", { status: e.status })}</span>}
    </span>
  );
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x!);
  return next;
}

function Editor({ t, data }: { t: TournamentDetail; data: EditorData }) {
  const _ = useT();
  const i18n = useI18n();
  const { errorText } = useErrorText();
  const serverText = useServerText();
  // The editor's own checks name their problems by code (PLACEMENT_CODES, #21), as the server's refusals do.
  const problemText = (p: PlacementProblem) => translateCode(i18n, p, p.message);
  const [mode, setMode] = useState<"list" | "bulk">("list");
  const [items, setItems] = useState<Item[]>(() => itemsFromPlacements(data.placements));
  const [override, setOverride] = useState(data.total_registrations_override === null ? "" : String(data.total_registrations_override));
  const [bulk, setBulk] = useState(() => formatBulkPlacements(data.placements));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const dragFrom = useRef<number | null>(null);
  const rowRefs = useRef<Array<HTMLLIElement | null>>([]);
  const save = useSavePlacements(t.id);

  const byId = useMemo(() => new Map(data.entrants.map((e) => [e.entrant_id, e])), [data.entrants]);
  const placedIds = new Set(items.map((i) => i.entrant_id));
  const unplaced = data.entrants.filter((e) => !placedIds.has(e.entrant_id) && e.status === "registered");
  const ranked = new Map(rankFromOrder(items).map((r) => [r.entrant_id, r]));
  const type = data.entrant_type === "team" || data.entrant_type === "player" ? data.entrant_type : "squad";

  const update = (i: number, patch: Partial<Item>) => setItems((list) => list.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const moveTo = (from: number, to: number) => {
    setItems((list) => move(list, from, to));
    // Keep keyboard focus on the moved row.
    requestAnimationFrame(() => rowRefs.current[Math.max(0, Math.min(to, items.length - 1))]?.focus());
  };

  const parseOverride = (): number | null | "bad" => {
    if (override.trim() === "") return null;
    return /^\d{1,5}$/.test(override.trim()) ? Number(override.trim()) : "bad";
  };

  const submit = (body: PlacementsSaveBody, onSaved?: () => void) => {
    const local = placementListProblem(
      body.placements.map((p) => ({ ...p, placement_upper_bound: p.placement_upper_bound ?? null, dq: p.dq ?? false })),
    );
    if (local) {
      setMessage({ ok: false, text: problemText(local) });
      return;
    }
    setMessage(null);
    save.mutate(body, {
      onSuccess: (r) => {
        setMessage({ ok: true, text: serverText(r.message, "placements.editor.saved") });
        onSaved?.();
      },
      // The server's list problems carry their PLACEMENT_CODES code and params, like every refusal.
      onError: (err) => setMessage({ ok: false, text: errorText(err) }),
    });
  };

  const saveList = () => {
    const o = parseOverride();
    if (o === "bad") return setMessage({ ok: false, text: _("placements.editor.overrideError") });
    submit(bodyFromItems(items, o));
  };

  const saveBulk = () => {
    const o = parseOverride();
    if (o === "bad") return setMessage({ ok: false, text: _("placements.editor.overrideError") });
    const parsed = readBulkPlacements(bulk);
    if ("problem" in parsed) return setMessage({ ok: false, text: problemText(parsed.problem) });
    const unknown = parsed.rows.find((r) => !byId.has(r.entrant_id));
    if (unknown) return setMessage({ ok: false, text: _(`error.${PLACEMENT_CODES.notEntrant}`, { id: unknown.entrant_id }) });
    // Once saved, the list mode shows what the bulk text saved.
    submit({ placements: parsed.rows, total_registrations_override: o }, () => setItems(itemsFromPlacements(parsed.rows)));
  };

  const onKey = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (e.target !== e.currentTarget) return;
    if ((e.altKey || e.ctrlKey) && e.key === "ArrowUp") {
      e.preventDefault();
      moveTo(i, i - 1);
    } else if ((e.altKey || e.ctrlKey) && e.key === "ArrowDown") {
      e.preventDefault();
      moveTo(i, i + 1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      rowRefs.current[i - 1]?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      rowRefs.current[i + 1]?.focus();
    }
  };

  const dragProps = (i: number) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      dragFrom.current = i;
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData(DRAG_TYPE, String(i));
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragFrom.current ?? Number(e.dataTransfer.getData(DRAG_TYPE));
      dragFrom.current = null;
      if (Number.isInteger(from)) setItems((list) => move(list, from, i));
    },
  });

  // Shown in the sticky Save bar, so the outcome is in view wherever Save was pressed.
  const feedback = message && (
    <p className={message.ok ? "form-success" : "form-error"} role={message.ok ? "status" : "alert"}>
      {message.text}
    </p>
  );

  return (
    <div className="placements-editor">
      <TabBar
        label={_("placements.editor.mode")}
        tabs={[
          { value: "list", label: _("placements.editor.order") },
          { value: "bulk", label: _("placements.editor.bulkText") },
        ]}
        value={mode}
        onChange={(m) => {
          if (m === "bulk") {
            setBulk(formatBulkPlacements(rankFromOrder(items)));
          }
          setMode(m);
          setMessage(null);
        }}
      />
      <div className="field placements-editor__override">
        <label htmlFor="total-override">{_("placements.editor.override")}</label>
        <input
          id="total-override"
          className="input"
          inputMode="numeric"
          value={override}
          onChange={(e) => setOverride(e.target.value)}
          placeholder={_("placements.editor.overridePlaceholder", { count: data.count })}
          maxLength={5}
        />
        <p className="muted">{_("placements.editor.overrideHint", { count: data.count })}</p>
      </div>

      {mode === "list" ? (
        <>
          <p className="muted">{_("placements.editor.listHint", { type })}</p>
          {items.length === 0 ? (
            <p className="empty">{_("placements.editor.empty", { type })}</p>
          ) : (
            <ol className="placements-editor__list" aria-label={_("placements.editor.listLabel")}>
              {items.map((it, i) => {
                const e = byId.get(it.entrant_id);
                const r = ranked.get(it.entrant_id);
                const name = e?.name ?? `#${it.entrant_id}`;
                return (
                  <li
                    key={it.entrant_id}
                    ref={(el) => {
                      rowRefs.current[i] = el;
                    }}
                    tabIndex={0}
                    className={it.dq ? "placements-editor__row is-dq" : "placements-editor__row"}
                    data-entrant={it.entrant_id}
                    aria-label={
                      it.dq
                        ? _("placements.editor.rowDq", { name })
                        : _("placements.editor.row", { name, place: String(r?.placement_upper_bound ?? r?.placement) })
                    }
                    onKeyDown={(ev) => onKey(ev, i)}
                    {...dragProps(i)}
                  >
                    <span className="placements-editor__handle" aria-hidden="true">
                      ⋮⋮
                    </span>
                    <span className="placements-editor__place">
                      <PlacementLabel placement={r?.placement ?? null} upperBound={r?.placement_upper_bound} dq={it.dq} />
                    </span>
                    <span className="placements-editor__name">
                      <EntrantName e={e} />
                      <span className="muted"> #{it.entrant_id}</span>
                    </span>
                    <label className="placements-editor__check">
                      <input
                        type="checkbox"
                        checked={it.tied}
                        disabled={i === 0 || it.dq}
                        onChange={(ev) => update(i, { tied: ev.target.checked })}
                      />{" "}
                      {_("placements.editor.tied")}
                    </label>
                    <label className="placements-editor__check">
                      <input type="checkbox" checked={it.dq} onChange={(ev) => update(i, { dq: ev.target.checked, tied: false })} />{" "}
                      {_("placements.editor.dq")}
                    </label>
                    <input
                      className="input placements-editor__title"
                      aria-label={_("placements.editor.titleOf", { name })}
                      placeholder={_("placements.table.title")}
                      maxLength={LIMITS.placementTitle}
                      value={it.title}
                      onChange={(ev) => update(i, { title: ev.target.value })}
                    />
                    <span className="placements-editor__buttons">
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={_("placements.editor.moveUp", { name })}
                        disabled={i === 0}
                        onClick={() => moveTo(i, i - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={_("placements.editor.moveDown", { name })}
                        disabled={i === items.length - 1}
                        onClick={() => moveTo(i, i + 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={_("placements.editor.remove", { name })}
                        onClick={() => setItems((list) => list.filter((_x, k) => k !== i))}
                      >
                        ✕
                      </button>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
          {unplaced.length > 0 && (
            <section className="placements-editor__pool" aria-labelledby="unplaced-heading">
              <h3 id="unplaced-heading">
                {_("placements.editor.notPlaced", { count: unplaced.length })}{" "}
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() =>
                    setItems((list) => [...list, ...unplaced.map((e) => ({ entrant_id: e.entrant_id, tied: false, dq: false, title: "" }))])
                  }
                >
                  {_("placements.editor.addAll")}
                </button>
              </h3>
              <ul className="rows">
                {unplaced.map((e) => (
                  <li key={e.entrant_id} className="row">
                    <EntrantName e={e} />
                    <span className="muted">#{e.entrant_id}</span>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      aria-label={_("placements.editor.addLabel", { name: e.name })}
                      onClick={() => setItems((list) => [...list, { entrant_id: e.entrant_id, tied: false, dq: false, title: "" }])}
                    >
                      {_("placements.editor.add")}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="form-actions placements-editor__save">
            <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={saveList}>
              {_("placements.editor.save")}
            </button>
            <Link to={paths.tournamentPlacements(t.id)} className="btn btn--secondary">
              {_("placements.editor.view")}
            </Link>
            {feedback}
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            <Trans id="placements.editor.bulkHint" values={{ type }} components={{ 0: <code />, 1: <code />, 2: <code />, 3: <code /> }} />
          </p>
          <label htmlFor="bulk-text" className="visually-hidden">
            {_("placements.editor.bulkLabel")}
          </label>
          <textarea
            id="bulk-text"
            className="input placements-editor__bulk"
            rows={14}
            value={bulk}
            onChange={(e) => setBulk(e.target.value)}
            spellCheck={false}
          />
          <details className="placements-editor__ids">
            <summary>{_("placements.editor.entrantIds")}</summary>
            <ul className="rows">
              {data.entrants.map((e) => (
                <li key={e.entrant_id} className="row">
                  <code>{e.entrant_id}</code> <EntrantName e={e} />
                </li>
              ))}
            </ul>
          </details>
          <div className="form-actions placements-editor__save">
            <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={saveBulk}>
              {_("placements.editor.saveBulk")}
            </button>
            {feedback}
          </div>
        </>
      )}
    </div>
  );
}

/** `/tournaments/{id}/placements/edit` (001 §2, tournament administrators): order, ties, DQ, titles, bulk text, override. */
export function PlacementsEditor({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const query = usePlacementsEditor(t.id);
  return (
    <section className="panel placements-editor-panel" aria-labelledby="edit-placements">
      <header className="panel__header">
        <h2 className="panel__title" id="edit-placements">
          {_("placements.edit.title")}
        </h2>
        <Link className="panel__action" to={paths.tournament(t.id)}>
          {_("placements.backToTournament")}
        </Link>
      </header>
      <div className="panel__body">
        <QueryState query={query}>{(d) => <Editor key={t.id} t={t} data={d} />}</QueryState>
      </div>
    </section>
  );
}
