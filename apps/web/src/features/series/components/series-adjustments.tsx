import { type FormEvent, useState } from "react";
import type { PointsAdjustment, SeriesStandings } from "@site/contract";
import { PointsAdjustmentBodySchema } from "@site/contract/schemas";
import { Select } from "@/components/form/form-fields";
import { SubmitButton } from "@/components/form/submit-button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useAddAdjustment, useDeleteAdjustment, useSeriesPoints } from "../api/series-points";

const OTHER = "__other";
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Manual points adjustments on the Standings tab (issue #22 §4), for the series' editors only
 * (`can_edit` of the standings; the server checks again): one adjustment at a time — who (an
 * entrant of the standings, or another id / squad name), points (negative for a penalty) and a
 * reason — and the list of adjustments with who made each, each removable after a confirmation.
 */
export function SeriesAdjustments({ seriesId, standings }: { seriesId: number; standings: SeriesStandings }) {
  const _ = useT();
  const points = useSeriesPoints(seriesId, standings.can_edit);
  if (!standings.can_edit) return null;
  return (
    <section className="series-adjustments" aria-labelledby="series-adjustments-title">
      <h3 id="series-adjustments-title" className="series-adjustments__title">
        {_("series.adjustments.title")}
      </h3>
      <AdjustmentForm seriesId={seriesId} standings={standings} />
      {points.isPending ? (
        <p className="muted">{_("series.adjustments.loading")}</p>
      ) : points.isError ? (
        <p className="form-error">{_("series.adjustments.loadFailed")}</p>
      ) : (
        <AdjustmentList seriesId={seriesId} items={points.data.adjustments} />
      )}
    </section>
  );
}

function AdjustmentForm({ seriesId, standings }: { seriesId: number; standings: SeriesStandings }) {
  const _ = useT();
  const { errorText, fieldError } = useErrorText();
  const add = useAddAdjustment(seriesId);
  const toast = useToast();
  const entrants = standings.rows.map((r) => ({ value: String(r.key), label: r.name }));
  const [who, setWho] = useState(entrants[0]?.value ?? OTHER);
  const [other, setOther] = useState("");
  const [pts, setPts] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const kind = standings.aggregation_field === "squad_name" ? "squad" : standings.aggregation_field === "team_id" ? "team" : "player";
  const otherLabel = _("series.adjustments.otherKey", { kind });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty field would coerce to 0 points: ask for a number instead.
    if (pts.trim() === "") {
      setError(_("series.adjustments.pointsRequired"));
      return;
    }
    const parsed = PointsAdjustmentBodySchema.safeParse({ key: who === OTHER ? other : who, points: pts, reason });
    if (!parsed.success) {
      setError(fieldError(parsed.error.issues[0]?.message) ?? _("series.adjustments.check"));
      return;
    }
    setError(null);
    const name = who === OTHER ? parsed.data.key : (entrants.find((x) => x.value === who)?.label ?? parsed.data.key);
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast(_("series.adjustments.added", { points: signed(parsed.data.points), name }));
        setPts("");
        setReason("");
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <form className="series-adjustments__form" onSubmit={submit} aria-label={_("series.adjustments.formLabel")} noValidate>
      <Select
        label={_("series.adjustments.who")}
        value={who}
        onChange={(e) => setWho(e.target.value)}
        options={[...entrants, { value: OTHER, label: _("series.adjustments.other", { kind }) }]}
      />
      {who === OTHER && <TextField label={otherLabel} value={other} onChange={(e) => setOther(e.target.value)} maxLength={100} />}
      <TextField
        label={_("series.adjustments.points")}
        inputMode="numeric"
        placeholder={_("series.adjustments.pointsPlaceholder")}
        value={pts}
        onChange={(e) => setPts(e.target.value)}
        maxLength={7}
      />
      <TextField label={_("series.adjustments.reason")} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
      <div className="series-adjustments__actions">
        <SubmitButton busy={add.isPending} busyLabel={_("series.adjustments.adding")} className="btn btn--primary btn--sm">
          {_("series.adjustments.add")}
        </SubmitButton>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function AdjustmentList({ seriesId, items }: { seriesId: number; items: PointsAdjustment[] }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const remove = useDeleteAdjustment(seriesId);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  if (items.length === 0) return <p className="empty">{_("series.adjustments.empty")}</p>;
  const onDelete = async (a: PointsAdjustment) => {
    const ok = await confirm({
      title: _("series.adjustments.remove.title", { points: signed(a.points), name: a.name }),
      body: <p>{_("series.adjustments.remove.body", { reason: a.reason })}</p>,
      confirmLabel: _("series.adjustments.remove.confirm"),
      destructive: true,
    });
    if (!ok) return;
    setBusy(a.id);
    remove.mutate(a.id, {
      onSuccess: () => toast(_("series.adjustments.removed", { name: a.name })),
      onError: (err) => toast(errorText(err), { tone: "error" }),
      onSettled: () => setBusy(null),
    });
  };
  return (
    <div className="table-scroll">
      <table className="table series-adjustments__table">
        <thead>
          <tr>
            <th scope="col">{_("series.adjustments.who")}</th>
            <th scope="col">{_("series.adjustments.points")}</th>
            <th scope="col">{_("series.adjustments.reason")}</th>
            <th scope="col">{_("series.adjustments.by")}</th>
            <th scope="col">{_("tournaments.logs.when")}</th>
            {/* Named by aria-label: a visually hidden (absolute) span would escape the scroll box on phones. */}
            <th scope="col" aria-label={_("series.adjustments.actions")} />
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.name}</th>
              <td>{signed(a.points)}</td>
              <td>{a.reason}</td>
              <td>{a.created_by ?? <span className="muted">—</span>}</td>
              <td>{a.created_at.slice(0, 10)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm btn--danger"
                  disabled={remove.isPending}
                  aria-busy={busy === a.id || undefined}
                  onClick={() => void onDelete(a)}
                >
                  {busy === a.id ? _("series.adjustments.removing") : _("series.adjustments.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
