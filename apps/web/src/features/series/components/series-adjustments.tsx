import { type FormEvent, useState } from "react";
import type { PointsAdjustment, SeriesStandings } from "@site/contract";
import { PointsAdjustmentBodySchema } from "@site/contract/schemas";
import { Select } from "@/components/form/form-fields";
import { SubmitButton } from "@/components/form/submit-button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
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
  const points = useSeriesPoints(seriesId, standings.can_edit);
  if (!standings.can_edit) return null;
  return (
    <section className="series-adjustments" aria-labelledby="series-adjustments-title">
      <h3 id="series-adjustments-title" className="series-adjustments__title">
        Adjustments
      </h3>
      <AdjustmentForm seriesId={seriesId} standings={standings} />
      {points.isPending ? (
        <p className="muted">Loading adjustments…</p>
      ) : points.isError ? (
        <p className="form-error">Something went wrong loading the adjustments.</p>
      ) : (
        <AdjustmentList seriesId={seriesId} items={points.data.adjustments} />
      )}
    </section>
  );
}

function AdjustmentForm({ seriesId, standings }: { seriesId: number; standings: SeriesStandings }) {
  const add = useAddAdjustment(seriesId);
  const toast = useToast();
  const entrants = standings.rows.map((r) => ({ value: String(r.key), label: r.name }));
  const [who, setWho] = useState(entrants[0]?.value ?? OTHER);
  const [other, setOther] = useState("");
  const [pts, setPts] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const otherLabel =
    standings.aggregation_field === "squad_name" ? "Squad name" : standings.aggregation_field === "team_id" ? "Team id" : "Player id";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty field would coerce to 0 points: ask for a number instead.
    if (pts.trim() === "") {
      setError("Enter the points (negative for a penalty).");
      return;
    }
    const parsed = PointsAdjustmentBodySchema.safeParse({ key: who === OTHER ? other : who, points: pts, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the adjustment.");
      return;
    }
    setError(null);
    const name = who === OTHER ? parsed.data.key : (entrants.find((x) => x.value === who)?.label ?? parsed.data.key);
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast(`Adjustment of ${signed(parsed.data.points)} for ${name} added.`);
        setPts("");
        setReason("");
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form className="series-adjustments__form" onSubmit={submit} aria-label="Add an adjustment" noValidate>
      <Select
        label="Who"
        value={who}
        onChange={(e) => setWho(e.target.value)}
        options={[...entrants, { value: OTHER, label: `Other (${otherLabel.toLowerCase()})…` }]}
      />
      {who === OTHER && <TextField label={otherLabel} value={other} onChange={(e) => setOther(e.target.value)} maxLength={100} />}
      <TextField
        label="Points"
        inputMode="numeric"
        placeholder="e.g. 10 or -5"
        value={pts}
        onChange={(e) => setPts(e.target.value)}
        maxLength={7}
      />
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
      <div className="series-adjustments__actions">
        <SubmitButton busy={add.isPending} busyLabel="Adding…" className="btn btn--primary btn--sm">
          Add adjustment
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
  const remove = useDeleteAdjustment(seriesId);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  if (items.length === 0) return <p className="empty">No adjustments yet.</p>;
  const onDelete = async (a: PointsAdjustment) => {
    const ok = await confirm({
      title: `Remove the adjustment of ${signed(a.points)} for ${a.name}?`,
      body: <p>Reason: {a.reason}. The standings are recomputed without it.</p>,
      confirmLabel: "Remove adjustment",
      destructive: true,
    });
    if (!ok) return;
    setBusy(a.id);
    remove.mutate(a.id, {
      onSuccess: () => toast(`Adjustment for ${a.name} removed.`),
      onError: (err) => toast(err.message, { tone: "error" }),
      onSettled: () => setBusy(null),
    });
  };
  return (
    <div className="table-scroll">
      <table className="table series-adjustments__table">
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Points</th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
            {/* Named by aria-label: a visually hidden (absolute) span would escape the scroll box on phones. */}
            <th scope="col" aria-label="Actions" />
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
                  {busy === a.id ? "Removing…" : "Remove"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
