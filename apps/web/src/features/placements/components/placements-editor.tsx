import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import {
  checkPlacementList,
  formatBulkPlacements,
  LIMITS,
  parseBulkPlacements,
  type PlacementEntrant,
  type PlacementsEditor as EditorData,
  type PlacementsSaveBody,
  rankFromOrder,
  type TournamentDetail,
} from "@site/contract";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { TabBar } from "@/components/ui/tab-bar";
import { PlacementLabel } from "@/components/ui/placement-label";
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

function EntrantName({ e }: { e: PlacementEntrant | undefined }) {
  if (!e) return <span>Unknown entrant</span>;
  return (
    <span className="team-name">
      {e.tag && <TeamTag tag={e.tag} color={e.color} name={e.name} />} {e.name}
      {e.members.length > 0 && e.members.length <= 4 && e.members.map((m) => m.display_name).join(", ") !== e.name && (
        <span className="muted"> ({e.members.map((m) => m.display_name).join(", ")})</span>
      )}
      {e.status !== "registered" && <span className="badge badge--muted">{e.status}</span>}
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
  const noun = data.entrant_type === "team" ? "team" : data.entrant_type === "player" ? "player" : "squad";

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
    const local = checkPlacementList(
      body.placements.map((p) => ({ ...p, placement_upper_bound: p.placement_upper_bound ?? null, dq: p.dq ?? false })),
    );
    if (local) {
      setMessage({ ok: false, text: local });
      return;
    }
    setMessage(null);
    save.mutate(body, {
      onSuccess: (r) => {
        setMessage({ ok: true, text: r.message ?? "Placements saved." });
        onSaved?.();
      },
      onError: (err) => setMessage({ ok: false, text: err instanceof ApiError ? err.message : "An unknown error has occurred." }),
    });
  };

  const saveList = () => {
    const o = parseOverride();
    if (o === "bad") return setMessage({ ok: false, text: "Total registrations override must be a whole number." });
    submit(bodyFromItems(items, o));
  };

  const saveBulk = () => {
    const o = parseOverride();
    if (o === "bad") return setMessage({ ok: false, text: "Total registrations override must be a whole number." });
    const parsed = parseBulkPlacements(bulk);
    if ("error" in parsed) return setMessage({ ok: false, text: parsed.error });
    const unknown = parsed.rows.find((r) => !byId.has(r.entrant_id));
    if (unknown) return setMessage({ ok: false, text: `Entrant ${unknown.entrant_id} is not an entrant of this tournament.` });
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
      e.dataTransfer.setData("text/plain", String(i));
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragFrom.current ?? Number(e.dataTransfer.getData("text/plain"));
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
        label="Editing mode"
        tabs={[
          { value: "list", label: "Order" },
          { value: "bulk", label: "Bulk Text" },
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
        <label htmlFor="total-override">Total registrations override</label>
        <input
          id="total-override"
          className="input"
          inputMode="numeric"
          value={override}
          onChange={(e) => setOverride(e.target.value)}
          placeholder={`${data.count} (registered)`}
          maxLength={5}
        />
        <p className="muted">Leave empty to show the {data.count} registered. Set it for events whose entrant count differs.</p>
      </div>

      {mode === "list" ? (
        <>
          <p className="muted">
            Drag rows, or focus a row and press Alt+↑ / Alt+↓ (or use its buttons), to order the {noun}s. Tick “Tied” to share the place of
            the row above; disqualified {noun}s are listed last.
          </p>
          {items.length === 0 ? (
            <p className="empty">No placements yet. Add {noun}s below.</p>
          ) : (
            <ol className="placements-editor__list" aria-label="Placements order">
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
                    aria-label={`${name}, ${it.dq ? "disqualified" : `place ${r?.placement_upper_bound ?? r?.placement}`}`}
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
                      Tied
                    </label>
                    <label className="placements-editor__check">
                      <input type="checkbox" checked={it.dq} onChange={(ev) => update(i, { dq: ev.target.checked, tied: false })} /> DQ
                    </label>
                    <input
                      className="input placements-editor__title"
                      aria-label={`Title of ${name}`}
                      placeholder="Title"
                      maxLength={LIMITS.placementTitle}
                      value={it.title}
                      onChange={(ev) => update(i, { title: ev.target.value })}
                    />
                    <span className="placements-editor__buttons">
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Move ${name} up`}
                        disabled={i === 0}
                        onClick={() => moveTo(i, i - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Move ${name} down`}
                        disabled={i === items.length - 1}
                        onClick={() => moveTo(i, i + 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Remove ${name}`}
                        onClick={() => setItems((list) => list.filter((_, k) => k !== i))}
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
                Not placed ({unplaced.length}){" "}
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() =>
                    setItems((list) => [...list, ...unplaced.map((e) => ({ entrant_id: e.entrant_id, tied: false, dq: false, title: "" }))])
                  }
                >
                  Add all
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
                      aria-label={`Add ${e.name}`}
                      onClick={() => setItems((list) => [...list, { entrant_id: e.entrant_id, tied: false, dq: false, title: "" }])}
                    >
                      Add
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="form-actions placements-editor__save">
            <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={saveList}>
              Save Placements
            </button>
            <Link to={paths.tournamentPlacements(t.id)} className="btn btn--secondary">
              View Placements
            </Link>
            {feedback}
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            One line per {noun}: <code>id placement [title]</code>. The placement is a number, a tie range such as <code>3-4</code>, or{" "}
            <code>DQ</code>. Example: <code>12 1 Champion</code>. Gaps are kept (for back-filled events).
          </p>
          <label htmlFor="bulk-text" className="visually-hidden">
            Bulk placements
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
            <summary>Entrant ids</summary>
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
              Save Bulk Placements
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
  const query = usePlacementsEditor(t.id);
  return (
    <section className="panel placements-editor-panel" aria-labelledby="edit-placements">
      <header className="panel__header">
        <h2 className="panel__title" id="edit-placements">
          Edit Placements
        </h2>
        <Link className="panel__action" to={paths.tournament(t.id)}>
          Back to the tournament
        </Link>
      </header>
      <div className="panel__body">
        <QueryState query={query}>{(d) => <Editor key={t.id} t={t} data={d} />}</QueryState>
      </div>
    </section>
  );
}
