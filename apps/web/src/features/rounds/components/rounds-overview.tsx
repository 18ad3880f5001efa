import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useWatch } from "react-hook-form";
import { BUILT_IN_POINTS_TABLES, ROUND_MESSAGES, type RoundsOverview, type TournamentDetail } from "@site/contract";
import { CreateRoundBodySchema } from "@site/contract/schemas";
import { SubmitButton } from "@/components/form/submit-button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LinkButton } from "@/components/ui/link-button";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useContractForm } from "@/lib/use-contract-form";
import { useCreateRound } from "../api/create-round";
import { useFinishRounds } from "../api/finish-rounds";
import { useRounds } from "../api/get-rounds";
import { planLabel, roomsLabel, ROUND_STATUS_LABEL, sideNoun } from "./labels";
import "./rounds.css";

interface DrawValues {
  name: string;
  races: string;
  room_size: string;
  points_table: string;
  seed_method: string;
  tie_mode: string;
  order: string;
}

/** "12 3 45" or "12, 3, 45" → [12, 3, 45]; anything else in the list becomes NaN (the schema refuses it). */
export function parseOrder(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN));
}

/**
 * The "Draw round N" form (tournament administrators): name (optional), races (8; 12 when the
 * entrants fit one room, a final), room size, points table (the game's by default), seeding
 * (random, by the previous round's score from round 2, or manual with an order of entrant ids)
 * and how ties end. The new round is a draft: the screen moves to it.
 */
function DrawRoundForm({ t, data }: { t: TournamentDetail; data: RoundsOverview }) {
  const number = (data.rounds.at(-1)?.number ?? 0) + 1;
  // The game's own table by default (BUILT_IN_POINTS_TABLES names the games each one serves).
  const gameTable = BUILT_IN_POINTS_TABLES.find((p) => p.games.includes(t.game))?.key;
  const table = data.points_tables.find((p) => p.key === gameTable) ?? data.points_tables[0];
  const roomSize = table?.room_size === 24 ? 24 : 12;
  const final = data.next_entrants <= Math.floor(roomSize / Math.max(1, data.team_size));
  const toast = useToast();
  const navigate = useNavigate();
  const { form, submit, isPending, error } = useContractForm({
    schema: CreateRoundBodySchema,
    defaults: {
      name: "",
      races: final ? "12" : "8",
      room_size: String(roomSize),
      points_table: table?.key ?? "mk8dx",
      seed_method: "random",
      tie_mode: "chain",
      order: "",
    },
    toBody: (v: DrawValues) => ({
      name: v.name.trim() === "" ? undefined : v.name.trim(),
      races: /^\d+$/.test(v.races.trim()) ? Number(v.races) : Number.NaN,
      room_size: Number(v.room_size) as 12 | 24,
      points_table: v.points_table,
      seed_method: v.seed_method as "random" | "score" | "manual",
      tie_mode: v.tie_mode as "chain" | "staff",
      order: v.seed_method === "manual" && v.order.trim() !== "" ? parseOrder(v.order) : undefined,
    }),
    fieldError: (path, message) =>
      path === "races"
        ? { field: "races", message: "Races: a whole number from 1 to 32." }
        : path === "order"
          ? { field: "order", message: "The order is a list of entrant ids separated by spaces or commas." }
          : { field: path, message },
    toVariables: (body) => body,
    mutation: useCreateRound(t.id),
    onSaved: (round) => {
      toast(`${round.name} drawn: ${round.room_count} rooms. Check the draw, then publish it.`);
      void navigate(paths.tournamentRound(t.id, round.number));
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const seeding = useWatch({ control, name: "seed_method" });
  const noun = sideNoun(data.entrant_type ?? "player", data.next_entrants);
  return (
    <form className="draw-form" noValidate onSubmit={submit} aria-labelledby="draw-round" aria-busy={isPending}>
      <h3 className="draw-form__title" id="draw-round">
        Draw round {number}
      </h3>
      <p className="draw-form__count">
        <strong>{data.next_entrants}</strong> {noun} will be drawn
        {number === 1 ? " (the registered entrants" + (t.checkin_required ? " who checked in)" : ")") : " (the previous round's advancers)"}
        .
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="draw-form__grid">
        <div className="field">
          <label htmlFor="draw-name">Name</label>
          <input id="draw-name" className="input" maxLength={40} placeholder={`Round ${number}`} {...register("name")} />
        </div>
        <div className="field">
          <label htmlFor="draw-races">Races</label>
          <input
            id="draw-races"
            className="input"
            inputMode="numeric"
            aria-invalid={errors.races ? true : undefined}
            {...register("races")}
          />
          {errors.races?.message && <p className="field__error">{errors.races.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="draw-room-size">Room size</label>
          <select id="draw-room-size" className="input" {...register("room_size")}>
            <option value="12">12 racers</option>
            <option value="24">24 racers</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="draw-points">Points table</label>
          <select id="draw-points" className="input" {...register("points_table")}>
            {data.points_tables.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="field__hint">
            <Link to={paths.adminPointsTables}>Add a points table</Link>
          </p>
        </div>
        <div className="field">
          <label htmlFor="draw-seeding">Seeding</label>
          <select id="draw-seeding" className="input" {...register("seed_method")}>
            <option value="random">Random</option>
            {number > 1 && <option value="score">By previous score</option>}
            <option value="manual">Manual</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="draw-ties">Ties</label>
          <select id="draw-ties" className="input" {...register("tie_mode")}>
            <option value="chain">Tiebreak chain</option>
            <option value="staff">Staff decide (tiebreak race)</option>
          </select>
        </div>
      </div>
      {seeding === "manual" && (
        <div className="field">
          <label htmlFor="draw-order">Order (best first)</label>
          <textarea
            id="draw-order"
            className="input"
            rows={3}
            placeholder="Entrant ids separated by spaces or commas, e.g. 12 7 31"
            aria-invalid={errors.order ? true : undefined}
            {...register("order")}
          />
          <p className="field__hint">
            {data.entrant_type === "squad" ? "Squad" : "Player"} ids, best first; entrants left out follow in registration order. You can
            also move sides between rooms in the draft.
          </p>
          {errors.order?.message && <p className="field__error">{errors.order.message}</p>}
        </div>
      )}
      <p className="muted draw-form__hint">
        Ties: the chain ranks equal sides by room rank, total, host, top individual score, previous round&apos;s score, then registration
        order; with &ldquo;Staff decide&rdquo;, sides still equal after the previous round&apos;s score wait for your decision.
      </p>
      <div className="form-actions">
        <SubmitButton busy={isPending} busyLabel="Drawing…">
          Draw round {number}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Writing the final placements from the rounds (once the final is closed): confirmed, since it replaces the placements. */
function FinishPanel({ t }: { t: TournamentDetail }) {
  const finish = useFinishRounds(t.id);
  const confirm = useConfirm();
  const toast = useToast();
  const [placed, setPlaced] = useState<number | null>(null);
  const run = async () => {
    const ok = await confirm({
      title: "Write the final placements?",
      body: (
        <p>
          The tournament&apos;s placements are replaced by the results of the rounds: by round reached, then room rank, then score (sides
          out in the same round with the same rank share a range). You can still correct them in the placements editor.
        </p>
      ),
      confirmLabel: "Write placements",
    });
    if (!ok) return;
    finish.mutate(undefined, {
      onSuccess: (r) => {
        setPlaced(r.placed);
        toast(`Placements written for ${r.placed} entrants.`);
      },
    });
  };
  return (
    <section className="finish-panel" aria-labelledby="finish-title">
      <h3 className="draw-form__title" id="finish-title">
        Final placements
      </h3>
      <p>The final is closed. Write the placements from the rounds&apos; results.</p>
      {finish.isError && (
        <p className="form-error" role="alert">
          {errorMessage(finish.error)}
        </p>
      )}
      {placed !== null && (
        <p className="form-success" role="status">
          {placed} entrants placed. <Link to={paths.tournamentPlacements(t.id)}>View the placements</Link>
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={finish.isPending}
          aria-busy={finish.isPending || undefined}
          onClick={() => void run()}
        >
          {finish.isPending ? "Writing…" : "Write final placements"}
        </button>
        <LinkButton to={paths.tournamentPlacementsEdit(t.id)} variant="secondary">
          Placements editor
        </LinkButton>
      </div>
    </section>
  );
}

/** What staff may do next: draw, wait for the open round to close, or write the placements. */
function StaffNext({ t, data }: { t: TournamentDetail; data: RoundsOverview }) {
  const last = data.rounds.at(-1);
  if (data.can_finish) return <FinishPanel t={t} />;
  if (last && last.status !== "closed") {
    return (
      <p className="muted rounds-next">
        Close <Link to={paths.tournamentRound(t.id, last.number)}>{last.name}</Link> before drawing the next round.
      </p>
    );
  }
  if (data.next_entrants === 0)
    return <p className="muted rounds-next">{last ? "Nobody advanced from the last round." : ROUND_MESSAGES.noEntrants}</p>;
  return <DrawRoundForm t={t} data={data} />;
}

/**
 * `/tournaments/{id}/rounds` body (issue #19 §2): every round (drafts for staff only) with its
 * status, rooms, sides, tables in and advancement plan, each linking to its page; for staff the
 * "Draw round N" form, or the final placements once the final is closed. Team tournaments are
 * told rounds are for solo and squad tournaments.
 */
export function RoundsOverviewPanel({ t }: { t: TournamentDetail }) {
  const query = useRounds(t.id);
  return (
    <section className="panel" aria-labelledby="rounds-title">
      <header className="panel__header">
        <h2 className="panel__title" id="rounds-title">
          Rounds
        </h2>
        <span className="panel__action rounds-links">
          <Link to={paths.tournamentLive(t.id)}>Live board</Link> · <Link to={paths.tournament(t.id)}>Back to the tournament</Link>
        </span>
      </header>
      <div className="panel__body">
        <QueryState query={query}>
          {(data) =>
            data.entrant_type === null ? (
              <p className="empty">{ROUND_MESSAGES.teamFormat} Team tournaments enter their placements directly.</p>
            ) : (
              <>
                {data.rounds.length === 0 ? (
                  <p className="empty">{data.can_manage ? "No round has been drawn yet." : "No rounds have been published yet."}</p>
                ) : (
                  <ul className="rows rounds-list">
                    {data.rounds.map((r) => {
                      const plan = planLabel(r);
                      return (
                        <li key={r.number} className="row rounds-list__item">
                          <Link className="rounds-list__name" to={paths.tournamentRound(t.id, r.number)}>
                            {r.name}
                          </Link>
                          <span className={`badge round-status round-status--${r.status}`}>{ROUND_STATUS_LABEL[r.status]}</span>
                          <span className="rounds-list__meta">
                            {roomsLabel(r.room_count)} · {r.side_count} {sideNoun(data.entrant_type ?? "player", r.side_count)}
                            {r.status !== "draft" && (
                              <>
                                {" "}
                                · tables {r.tables_in}/{r.room_count}
                              </>
                            )}
                            {plan && <> · {plan}</>}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {data.can_manage && <StaffNext t={t} data={data} />}
              </>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
