import { useState } from "react";
import { type PointsRule, type TieRule, TIE_RULES } from "@site/contract";
import { PointsRuleSchema } from "@site/contract/schemas";
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useImportSeriesPoints, useSaveSeriesRule, useSeriesPoints } from "../api/series-points";

/** A line of the ranges or multipliers that does not parse; `line` counts from 1. */
export class RuleLineError extends Error {
  constructor(
    message: string,
    readonly field: "ranges" | "multipliers",
    readonly line: number,
  ) {
    super(message);
  }
}

/** `1: 100` / `3-4: 60` lines → ranges; throws with the bad line's number. */
export function parseRanges(text: string): PointsRule["ranges"] {
  const out: PointsRule["ranges"] = [];
  text.split(/\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?\s*:\s*(\d+(?:\.\d+)?)$/.exec(line);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the English message; the form shows series.points.badRangeLine
    if (!m) throw new RuleLineError(`Line ${i + 1}: write "place: points" or "from-to: points".`, "ranges", i + 1);
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
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the English message; the form shows series.points.badMultiplierLine
    if (!m) throw new RuleLineError(`Multipliers line ${i + 1}: write "tournament id: multiplier".`, "multipliers", i + 1);
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
  const _ = useT();
  const points = useSeriesPoints(seriesId);
  if (points.isPending) return <p className="muted">{_("series.points.loading")}</p>;
  if (points.isError) return <p className="form-error">{_("series.points.loadFailed")}</p>;
  return <PointsEditor seriesId={seriesId} rule={points.data.rule} adjustments={points.data.adjustments.length} />;
}

function PointsEditor({ seriesId, rule, adjustments }: { seriesId: number; rule: PointsRule | null; adjustments: number }) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const serverText = useServerText();
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
      if (!parsed.success) {
        setError(fieldError(parsed.error.issues[0]?.message) ?? _("series.points.check"));
        return;
      }
      save.mutate(parsed.data, {
        onSuccess: (r) => setNote(serverText(r.message, "series.points.saved")),
        onError: (err) => setError(errorText(err)),
      });
    } catch (err) {
      setError(
        err instanceof RuleLineError
          ? _(err.field === "ranges" ? "series.points.badRangeLine" : "series.points.badMultiplierLine", { line: err.line })
          : errorText(err),
      );
    }
  };
  const onImport = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    imp.mutate(csv, {
      onSuccess: (r) => {
        setNote(_("series.points.imported", { count: r.imported }));
        setCsv("");
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  return (
    <section className="panel" aria-labelledby="series-points">
      <header className="panel__header">
        <h2 className="panel__title" id="series-points">
          {_("series.points.title")}
        </h2>
      </header>
      <div className="panel__body">
        <form onSubmit={onSave} className="series-points-form">
          <label className="field">
            <span className="field__label">{_("series.points.ranges")}</span>
            <textarea className="input" rows={6} value={ranges} onChange={(e) => setRanges(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">{_("series.points.ties")}</span>
            <select className="input" value={tie} onChange={(e) => setTie(e.target.value as TieRule)}>
              {(Object.keys(TIE_RULES) as TieRule[]).map((k) => (
                <option key={k} value={k}>
                  {_("series.points.tie", { tie: k })}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{_("series.points.bestN")}</span>
            <input className="input" inputMode="numeric" value={bestN} onChange={(e) => setBestN(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">{_("series.points.multipliers")}</span>
            <textarea className="input" rows={3} value={mult} onChange={(e) => setMult(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? _("series.points.saving") : _("series.points.save")}
          </button>
        </form>
        <form onSubmit={onImport} className="series-points-form">
          <label className="field">
            <span className="field__label">{_("series.points.import")}</span>
            <textarea className="input" rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
          </label>
          <p className="muted">{_("series.points.adjustmentsSoFar", { count: adjustments })}</p>
          <button type="submit" className="btn btn--secondary" disabled={imp.isPending || !csv.trim()}>
            {imp.isPending ? _("series.points.importing") : _("series.points.importButton")}
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
