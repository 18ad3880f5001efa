import { useState } from "react";
import { type PointsRule, type TieRule, TIE_RULES } from "@site/contract";
import { PointsRuleSchema } from "@site/contract/schemas";
import { useImportSeriesPoints, useSaveSeriesRule, useSeriesPoints } from "../api/series-points";

/** `1: 100` / `3-4: 60` lines → ranges; throws with the bad line's number. */
export function parseRanges(text: string): PointsRule["ranges"] {
  const out: PointsRule["ranges"] = [];
  text.split(/\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?\s*:\s*(\d+(?:\.\d+)?)$/.exec(line);
    if (!m) throw new Error(`Line ${i + 1}: write "place: points" or "from-to: points".`);
    out.push({ from: Number(m[1]), to: Number(m[2] ?? m[1]), points: Number(m[3]) });
  });
  return out;
}

/** `tournament id: multiplier` lines → the multipliers object. */
export function parseMultipliers(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  text.split(/\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^(\d+)\s*:\s*(\d+(?:\.\d+)?)$/.exec(line);
    if (!m) throw new Error(`Multipliers line ${i + 1}: write "tournament id: multiplier".`);
    out[m[1]!] = Number(m[2]);
  });
  return out;
}

const rangesText = (r: PointsRule["ranges"]) => r.map((x) => `${x.from === x.to ? x.from : `${x.from}-${x.to}`}: ${x.points}`).join("\n");

/**
 * The Points panel of the series edit page (issue #22 §4), for the series' editors: placement
 * ranges, tie rule, best N, multipliers per tournament, and a CSV import of `id,points` rows.
 */
export function SeriesPointsForm({ seriesId }: { seriesId: number }) {
  const points = useSeriesPoints(seriesId);
  if (points.isPending) return <p className="muted">Loading points…</p>;
  if (points.isError) return <p className="form-error">Something went wrong loading the points rule.</p>;
  return <PointsEditor seriesId={seriesId} rule={points.data.rule} adjustments={points.data.adjustments.length} />;
}

function PointsEditor({ seriesId, rule, adjustments }: { seriesId: number; rule: PointsRule | null; adjustments: number }) {
  const save = useSaveSeriesRule(seriesId);
  const imp = useImportSeriesPoints(seriesId);
  const [ranges, setRanges] = useState(rule ? rangesText(rule.ranges) : "1: 100\n2: 80\n3-4: 60\n5-8: 40");
  const [tie, setTie] = useState<TieRule>(rule?.tie_rule ?? "best");
  const [bestN, setBestN] = useState(rule?.best_n ? String(rule.best_n) : "");
  const [mult, setMult] = useState(
    rule
      ? Object.entries(rule.multipliers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")
      : "",
  );
  const [csv, setCsv] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const onSave = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    try {
      const parsed = PointsRuleSchema.safeParse({
        ranges: parseRanges(ranges),
        tie_rule: tie,
        best_n: bestN.trim() ? Number(bestN) : null,
        multipliers: parseMultipliers(mult),
      });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Check the rule.");
      save.mutate(parsed.data, { onSuccess: (r) => setNote(r.message ?? "Saved."), onError: (err) => setError(err.message) });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const onImport = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    imp.mutate(csv, {
      onSuccess: (r) => {
        setNote(r.message);
        setCsv("");
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <section className="panel" aria-labelledby="series-points">
      <header className="panel__header">
        <h2 className="panel__title" id="series-points">
          Points and standings
        </h2>
      </header>
      <div className="panel__body">
        <form onSubmit={onSave} className="series-points-form">
          <label className="field">
            <span className="field__label">Points by placement (one range per line)</span>
            <textarea className="input" rows={6} value={ranges} onChange={(e) => setRanges(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Ties</span>
            <select className="input" value={tie} onChange={(e) => setTie(e.target.value as TieRule)}>
              {Object.entries(TIE_RULES).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Count only the best N results (empty: all)</span>
            <input className="input" inputMode="numeric" value={bestN} onChange={(e) => setBestN(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Multipliers (tournament id: multiplier, one per line)</span>
            <textarea className="input" rows={3} value={mult} onChange={(e) => setMult(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save points rule"}
          </button>
        </form>
        <form onSubmit={onImport} className="series-points-form">
          <label className="field">
            <span className="field__label">Import points (CSV: id,points — registry player ids; each row is an adjustment “import”)</span>
            <textarea className="input" rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
          </label>
          <p className="muted">{adjustments} adjustments so far.</p>
          <button type="submit" className="btn btn--secondary" disabled={imp.isPending || !csv.trim()}>
            {imp.isPending ? "Importing…" : "Import"}
          </button>
        </form>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {note && (
          <p className="form-success" role="status">
            {note}
          </p>
        )}
      </div>
    </section>
  );
}
