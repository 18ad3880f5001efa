import { useId, useMemo, useState } from "react";
import type { CloseRoundResult, RoundDetail } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { useCloseRound } from "../api/close-round";
import { advanceLabel, planOptionLabel, roundName } from "./labels";
// The radio group's look (the shared RadioGroup cannot be controlled per option).
import "@/components/form/form-fields.css";

type TieGroup = CloseRoundResult["ties"][number];

/** Swaps items `i` and `i + delta` of a list (a tied group's order). */
export function swap<T>(list: ReadonlyArray<T>, i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/**
 * Closing a round (staff, once every table is in): the planner's advancement options as radio
 * buttons ("Top 2 + 4 best 3rds → 6 rooms") and "Final (nobody advances)", checked first when the
 * round has a single room; Preview (`dry_run`)
 * lists who advances from each room and any ties across a cut; each tied group can be put in
 * order with up/down buttons, sent as `decisions` (best first); Close asks for confirmation.
 * A close refused for ties shows them for a decision.
 */
export function CloseRoundPanel({ tournamentId, detail }: { tournamentId: number; detail: RoundDetail }) {
  const { round } = detail;
  const _ = useT();
  const locale = useI18n().locale as Locale;
  const { errorText } = useErrorText();
  // A round of one room is almost always the final: start there rather than on a plan that would draw a smaller room.
  const [choice, setChoice] = useState<string>(detail.plans.length > 0 && detail.rooms.length > 1 ? "0" : "final");
  const [result, setResult] = useState<CloseRoundResult | null>(null);
  const [ties, setTies] = useState<TieGroup[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState<"preview" | "close" | null>(null);
  const close = useCloseRound(tournamentId, round.number);
  const confirm = useConfirm();
  const toast = useToast();
  const name = useId();
  const nameOf = useMemo(() => new Map(detail.rooms.flatMap((r) => r.sides.map((s) => [s.entrant_id, s.name] as const))), [detail.rooms]);
  const plan = choice === "final" ? null : detail.plans[Number(choice)];
  const planBody = plan ? { per_room: plan.per_room, wildcards: plan.wildcards } : null;
  const decisions = ties.map((g) => g.map((s) => s.entrant_id));

  const answer = (a: CloseRoundResult) => {
    setResult(a);
    // Keep the groups already shown (and their order) once decisions resolve them in a new preview.
    if (a.ties.length > 0) setTies(a.ties);
  };

  const preview = () => {
    setNote(null);
    setPending("preview");
    close.mutate({ plan: planBody, decisions, dry_run: true }, { onSuccess: answer, onSettled: () => setPending(null) });
  };

  const closeRound = async () => {
    const ok = await confirm({
      title: _("rounds.close.confirmTitle", { round: roundName(_, round) }),
      body: (
        <p>
          {plan
            ? _("rounds.close.confirmPlan", { plan: planOptionLabel(_, locale, plan), count: plan.advancing })
            : _("rounds.close.confirmFinal")}
        </p>
      ),
      confirmLabel: _("rounds.close.close"),
    });
    if (!ok) return;
    setNote(null);
    setPending("close");
    close.mutate(
      { plan: planBody, decisions, dry_run: false },
      {
        onSuccess: (a) => {
          if (a.closed) {
            toast(
              plan
                ? _("rounds.close.closedPlan", { round: roundName(_, round), count: a.advancing })
                : _("rounds.close.closed", { round: roundName(_, round) }),
            );
            return;
          }
          answer(a);
          setNote(_("rounds.close.tiedNote"));
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const rooms = useMemo(() => {
    if (!result) return [];
    const by = new Map<number, CloseRoundResult["sides"]>();
    for (const s of result.sides) by.set(s.room, [...(by.get(s.room) ?? []), s]);
    return [...by.entries()].sort((a, b) => a[0] - b[0]);
  }, [result]);

  return (
    <section className="panel round-staff" aria-labelledby="close-round">
      <header className="panel__header">
        <h2 className="panel__title" id="close-round">
          {_("rounds.close.title")}
        </h2>
      </header>
      <div className="panel__body">
        <fieldset className="radio-group close-round__plans">
          <legend>{_("rounds.close.whoAdvances")}</legend>
          {detail.plans.map((p, i) => (
            <span key={p.label} className="radio-group__option">
              <input
                type="radio"
                id={`${name}-${i}`}
                name={name}
                value={String(i)}
                checked={choice === String(i)}
                onChange={() => {
                  setChoice(String(i));
                  setResult(null);
                  setTies([]);
                }}
              />
              <label htmlFor={`${name}-${i}`}>{planOptionLabel(_, locale, p)}</label>
            </span>
          ))}
          <span className="radio-group__option">
            <input
              type="radio"
              id={`${name}-final`}
              name={name}
              value="final"
              checked={choice === "final"}
              onChange={() => {
                setChoice("final");
                setResult(null);
                setTies([]);
              }}
            />
            <label htmlFor={`${name}-final`}>{_("rounds.close.finalOption")}</label>
          </span>
        </fieldset>

        {close.isError && (
          <p className="form-error" role="alert">
            {errorText(close.error)}
          </p>
        )}
        {note && (
          <p className="form-error" role="alert">
            {note}
          </p>
        )}

        {ties.length > 0 && (
          <section className="close-round__ties" aria-label={_("rounds.close.ties")}>
            <h3 className="close-round__subtitle">{_("rounds.close.ties")}</h3>
            <p className="muted">{_("rounds.close.tiesHint")}</p>
            {ties.map((group, g) => (
              <ol key={g} className="rows close-round__tie" aria-label={_("rounds.close.tie", { n: g + 1 })}>
                {group.map((s, i) => (
                  <li key={s.entrant_id} className="row">
                    <span className="close-round__tie-place">{i + 1}.</span>
                    <span>
                      {s.name} <span className="muted">{_("rounds.close.tieSide", { room: s.room, count: s.total })}</span>
                    </span>
                    <span className="close-round__tie-buttons">
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={_("rounds.moveUp", { name: s.name })}
                        disabled={i === 0}
                        onClick={() => setTies((all) => all.map((x, k) => (k === g ? swap(x, i, -1) : x)))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={_("rounds.moveDown", { name: s.name })}
                        disabled={i === group.length - 1}
                        onClick={() => setTies((all) => all.map((x, k) => (k === g ? swap(x, i, 1) : x)))}
                      >
                        ↓
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            ))}
          </section>
        )}

        {result && (
          <section className="close-round__preview" aria-label={_("rounds.close.preview")}>
            <h3 className="close-round__subtitle">
              {plan ? _("rounds.close.advance", { count: result.advancing }) : _("rounds.close.finalNobody")}
              {plan && <span className="muted"> · {_("rounds.close.nextRound", { count: plan.next_rooms })}</span>}
            </h3>
            <ul className="rows">
              {rooms.map(([room, sides]) => {
                const through = sides.filter((s) => s.advanced === "yes" || s.advanced === "wildcard" || s.advanced === "tie");
                return (
                  <li key={room} className="row close-round__room">
                    <strong>{_("rounds.room.title", { number: room })}</strong>
                    <span>
                      {through.length === 0 ? (
                        <span className="muted">{_("rounds.close.nobody")}</span>
                      ) : (
                        through.map((s, i) => (
                          <span key={s.entrant_id}>
                            {i > 0 && ", "}
                            {nameOf.get(s.entrant_id) ?? `#${s.entrant_id}`}
                            {s.advanced !== "yes" && (
                              <span className={`badge room-advance room-advance--${s.advanced}`}>{advanceLabel(_, s.advanced)}</span>
                            )}
                          </span>
                        ))
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <div className="form-actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={pending !== null}
            aria-busy={pending === "preview" || undefined}
            onClick={preview}
          >
            {pending === "preview" ? _("rounds.checking") : _("rounds.preview")}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={pending !== null}
            aria-busy={pending === "close" || undefined}
            onClick={() => void closeRound()}
          >
            {pending === "close" ? _("rounds.close.closing") : _("rounds.close.close")}
          </button>
        </div>
      </div>
    </section>
  );
}
