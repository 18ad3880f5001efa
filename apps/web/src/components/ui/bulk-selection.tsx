import { useMemo, useRef, useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useConfirm } from "./confirm-dialog";
import { useToast } from "./toast";
import "./bulk-selection.css";

/**
 * Row selection for a table's bulk actions (issue #22 §2): `ids` are the rows on screen in their
 * order. A checkbox toggles its row; Shift+click (or Shift+Space) sets every row between the
 * last one toggled and this one to this one's new state; the header checkbox selects or clears
 * every row on the page. Ids that leave the page (another page, a filter, a move) drop out of
 * the selection, so an action only ever names rows the organiser can see.
 */
export function useRowSelection(ids: readonly number[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const selected = useMemo(() => ids.filter((id) => picked.has(id)), [ids, picked]);
  const toggle = (id: number, range: boolean) => {
    const on = !picked.has(id);
    const from = anchor.current === null ? -1 : ids.indexOf(anchor.current);
    const to = ids.indexOf(id);
    const span = range && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    setPicked((prev) => {
      const next = new Set(prev);
      for (const x of span) {
        if (on) next.add(x);
        else next.delete(x);
      }
      return next;
    });
    anchor.current = id;
  };
  const allOnPage = ids.length > 0 && selected.length === ids.length;
  const setAll = (on: boolean) => setPicked(on ? new Set(ids) : new Set());
  return { selected, isSelected: (id: number) => picked.has(id), toggle, allOnPage, setAll, clear: () => setAll(false) };
}
export type RowSelection = ReturnType<typeof useRowSelection>;

/** The header cell's checkbox: every row of the page (indeterminate when some are picked). */
export function SelectAllCheckbox({ selection, count, label }: { selection: RowSelection; count: number; label: string }) {
  const some = selection.selected.length > 0 && !selection.allOnPage;
  return (
    <input
      type="checkbox"
      className="bulk-check"
      aria-label={label}
      checked={selection.allOnPage}
      disabled={count === 0}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={(e) => selection.setAll(e.target.checked)}
    />
  );
}

/**
 * One row's checkbox. A mouse click with Shift selects the range from the last row toggled;
 * from the keyboard Space toggles and Shift+Space selects the range (the native checkbox
 * toggles on Space's keyup, so the Shift state is read from the key event).
 */
export function RowCheckbox({ selection, id, label }: { selection: RowSelection; id: number; label: string }) {
  const shift = useRef(false);
  return (
    <input
      type="checkbox"
      className="bulk-check"
      aria-label={label}
      checked={selection.isSelected(id)}
      onKeyDown={(e) => {
        shift.current = e.shiftKey;
      }}
      // The toggle runs on click (mouse, or Space from the keyboard) where Shift can be read;
      // the checkbox is controlled, so its change event has nothing left to do.
      onClick={(e) => {
        selection.toggle(id, e.shiftKey || shift.current);
        shift.current = false;
      }}
      onChange={() => undefined}
    />
  );
}

/** One bulk action button: what it does and its label. */
export interface BulkActionChoice<A extends string> {
  action: A;
  label: string;
  destructive?: boolean;
}

/**
 * The bar over a table with rows selected: the count, one button per action and Clear. While
 * a request runs every button is disabled and the pressed one says so.
 */
export function BulkBar<A extends string>({
  count,
  actions,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  actions: ReadonlyArray<BulkActionChoice<A>>;
  busy: A | null;
  onAction: (action: A) => void;
  onClear: () => void;
}) {
  const _ = useT();
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="toolbar" aria-label={_("ui.bulk.label")}>
      <span className="bulk-bar__count" aria-live="polite">
        {_("ui.bulk.selected", { count })}
      </span>
      {actions.map((a) => (
        <button
          key={a.action}
          type="button"
          className={a.destructive ? "btn btn--secondary btn--sm bulk-bar__danger" : "btn btn--secondary btn--sm"}
          disabled={busy !== null}
          aria-busy={busy === a.action}
          onClick={() => onAction(a.action)}
        >
          {busy === a.action ? _("ui.bulk.busy", { label: a.label }) : a.label}
        </button>
      ))}
      <button type="button" className="link-button" disabled={busy !== null} onClick={onClear}>
        {_("ui.picker.clearSelection")}
      </button>
    </div>
  );
}

/** What a bulk request answers: the summary line ("18 checked in, 2 skipped: already checked in"). */
export interface BulkAnswer {
  message: string;
}

/**
 * Runs one bulk action on a table's selection: one confirmation naming the count and the
 * action, one request (`run`), then the answer's summary as a toast and under the bar, and the
 * selection cleared. `question(action, n)` words the confirmation ("Check in 20 players?").
 * Errors show as an error toast and stay under the bar, in the page's language when the server
 * gave them a code; the summary is the server's own text.
 */
export function useBulkRunner<A extends string>({
  selection,
  question,
  detail,
  confirmLabel,
  destructive,
  run,
}: {
  selection: RowSelection;
  question: (action: A, n: number) => string;
  detail: (action: A, n: number) => string;
  confirmLabel: (action: A, n: number) => string;
  destructive: (action: A) => boolean;
  run: (action: A, ids: number[]) => Promise<BulkAnswer>;
}) {
  const confirm = useConfirm();
  const toast = useToast();
  const { errorText } = useErrorText();
  const [busy, setBusy] = useState<A | null>(null);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const start = async (action: A) => {
    const ids = [...selection.selected];
    const n = ids.length;
    if (n === 0) return;
    const ok = await confirm({
      title: question(action, n),
      body: <p>{detail(action, n)}</p>,
      confirmLabel: confirmLabel(action, n),
      destructive: destructive(action),
    });
    if (!ok) return;
    setBusy(action);
    setResult(null);
    try {
      const answer = await run(action, ids);
      setResult({ text: answer.message, error: false });
      toast(answer.message);
      selection.clear();
    } catch (err) {
      const text = errorText(err);
      setResult({ text, error: true });
      toast(text, { tone: "error" });
    } finally {
      setBusy(null);
    }
  };
  const resultLine = result && (
    <p className={result.error ? "form-error bulk-result" : "bulk-result"} role={result.error ? "alert" : "status"}>
      {result.text}
    </p>
  );
  return { busy, start, resultLine };
}
