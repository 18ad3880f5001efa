import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useWatch } from "react-hook-form";
import { BUILT_IN_POINTS_TABLES, type RoundsOverview, type TournamentDetail } from "@site/contract";
import { CreateRoundBodySchema } from "@site/contract/schemas";
import { SubmitButton } from "@/components/form/submit-button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { LinkButton } from "@/components/ui/link-button";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useContractForm } from "@/lib/use-contract-form";
import { useCreateRound } from "../api/create-round";
import { useFinishRounds } from "../api/finish-rounds";
import { useRounds } from "../api/get-rounds";
import { planLabel, pointsTableName, roomsLabel, roundName, roundStatusLabel, sidesLabel } from "./labels";
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
  const _ = useT();
  const { errorText } = useErrorText();
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
        ? { field: "races", message: _("rounds.draw.racesError") }
        : path === "order"
          ? { field: "order", message: _("rounds.draw.orderError") }
          : { field: path, message },
    toVariables: (body) => body,
    mutation: useCreateRound(t.id),
    errorText,
    onSaved: (round) => {
      toast(_("rounds.draw.drawn", { round: roundName(_, round), count: round.room_count }));
      void navigate(paths.tournamentRound(t.id, round.number));
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const seeding = useWatch({ control, name: "seed_method" });
  const from = number > 1 ? "advancers" : t.checkin_required ? "checkin" : "registered";
  return (
    <form className="draw-form" noValidate onSubmit={submit} aria-labelledby="draw-round" aria-busy={isPending}>
      <h3 className="draw-form__title" id="draw-round">
        {_("rounds.draw.title", { number })}
      </h3>
      <p className="draw-form__count">
        <Trans
          id="rounds.draw.count"
          values={{ count: data.next_entrants, type: data.entrant_type ?? "player", from }}
          components={{ 0: <strong /> }}
        />
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="draw-form__grid">
        <div className="field">
          <label htmlFor="draw-name">{_("rounds.draw.name")}</label>
          <input
            id="draw-name"
            className="input"
            maxLength={40}
            placeholder={_("rounds.draw.namePlaceholder", { number })}
            {...register("name")}
          />
        </div>
        <div className="field">
          <label htmlFor="draw-races">{_("rounds.draw.races")}</label>
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
          <label htmlFor="draw-room-size">{_("rounds.draw.roomSize")}</label>
          <select id="draw-room-size" className="input" {...register("room_size")}>
            <option value="12">{_("rounds.racers", { count: 12 })}</option>
            <option value="24">{_("rounds.racers", { count: 24 })}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="draw-points">{_("rounds.draw.pointsTable")}</label>
          <select id="draw-points" className="input" {...register("points_table")}>
            {data.points_tables.map((p) => (
              <option key={p.key} value={p.key}>
                {pointsTableName(_, p)}
              </option>
            ))}
          </select>
          <p className="field__hint">
            <Link to={paths.adminPointsTables}>{_("rounds.draw.addPointsTable")}</Link>
          </p>
        </div>
        <div className="field">
          <label htmlFor="draw-seeding">{_("rounds.draw.seeding")}</label>
          <select id="draw-seeding" className="input" {...register("seed_method")}>
            <option value="random">{_("rounds.draw.seeding.random")}</option>
            {number > 1 && <option value="score">{_("rounds.draw.seeding.score")}</option>}
            <option value="manual">{_("rounds.draw.seeding.manual")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="draw-ties">{_("rounds.draw.ties")}</label>
          <select id="draw-ties" className="input" {...register("tie_mode")}>
            <option value="chain">{_("rounds.draw.ties.chain")}</option>
            <option value="staff">{_("rounds.draw.ties.staff")}</option>
          </select>
        </div>
      </div>
      {seeding === "manual" && (
        <div className="field">
          <label htmlFor="draw-order">{_("rounds.draw.order")}</label>
          <textarea
            id="draw-order"
            className="input"
            rows={3}
            placeholder={_("rounds.draw.orderPlaceholder")}
            aria-invalid={errors.order ? true : undefined}
            {...register("order")}
          />
          <p className="field__hint">
            {data.entrant_type === "squad" ? _("rounds.draw.orderHint.squad") : _("rounds.draw.orderHint.player")}
          </p>
          {errors.order?.message && <p className="field__error">{errors.order.message}</p>}
        </div>
      )}
      <p className="muted draw-form__hint">{_("rounds.draw.tiesHint")}</p>
      <div className="form-actions">
        <SubmitButton busy={isPending} busyLabel={_("rounds.draw.drawing")}>
          {_("rounds.draw.title", { number })}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Writing the final placements from the rounds (once the final is closed): confirmed, since it replaces the placements. */
function FinishPanel({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const finish = useFinishRounds(t.id);
  const confirm = useConfirm();
  const toast = useToast();
  const [placed, setPlaced] = useState<number | null>(null);
  const run = async () => {
    const ok = await confirm({
      title: _("rounds.finish.confirmTitle"),
      body: <p>{_("rounds.finish.confirmBody")}</p>,
      confirmLabel: _("rounds.finish.confirm"),
    });
    if (!ok) return;
    finish.mutate(undefined, {
      onSuccess: (r) => {
        setPlaced(r.placed);
        toast(_("rounds.finish.written", { count: r.placed }));
      },
    });
  };
  return (
    <section className="finish-panel" aria-labelledby="finish-title">
      <h3 className="draw-form__title" id="finish-title">
        {_("rounds.finish.title")}
      </h3>
      <p>{_("rounds.finish.intro")}</p>
      {finish.isError && (
        <p className="form-error" role="alert">
          {errorText(finish.error)}
        </p>
      )}
      {placed !== null && (
        <p className="form-success" role="status">
          <Trans id="rounds.finish.placed" values={{ count: placed }} components={{ 0: <Link to={paths.tournamentPlacements(t.id)} /> }} />
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
          {finish.isPending ? _("rounds.finish.writing") : _("rounds.writeFinalPlacements")}
        </button>
        <LinkButton to={paths.tournamentPlacementsEdit(t.id)} variant="secondary">
          {_("rounds.finish.editor")}
        </LinkButton>
      </div>
    </section>
  );
}

/** What staff may do next: draw, wait for the open round to close, or write the placements. */
function StaffNext({ t, data }: { t: TournamentDetail; data: RoundsOverview }) {
  const _ = useT();
  const last = data.rounds.at(-1);
  if (data.can_finish) return <FinishPanel t={t} />;
  if (last && last.status !== "closed") {
    return (
      <p className="muted rounds-next">
        <Trans
          id="rounds.overview.closeFirst"
          values={{ round: roundName(_, last) }}
          components={{ 0: <Link to={paths.tournamentRound(t.id, last.number)} /> }}
        />
      </p>
    );
  }
  if (data.next_entrants === 0)
    return <p className="muted rounds-next">{last ? _("rounds.overview.nobodyAdvanced") : _("rounds.noEntrants")}</p>;
  return <DrawRoundForm t={t} data={data} />;
}

/**
 * `/tournaments/{id}/rounds` body (issue #19 §2): every round (drafts for staff only) with its
 * status, rooms, sides, tables in and advancement plan, each linking to its page; for staff the
 * "Draw round N" form, or the final placements once the final is closed. Team tournaments are
 * told rounds are for solo and squad tournaments.
 */
export function RoundsOverviewPanel({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const query = useRounds(t.id);
  return (
    <section className="panel" aria-labelledby="rounds-title">
      <header className="panel__header">
        <h2 className="panel__title" id="rounds-title">
          {_("rounds.overview.title")}
        </h2>
        <span className="panel__action rounds-links">
          <Link to={paths.tournamentLive(t.id)}>{_("rounds.liveBoard")}</Link> ·{" "}
          <Link to={paths.tournament(t.id)}>{_("rounds.backToTournament")}</Link>
        </span>
      </header>
      <div className="panel__body">
        <QueryState query={query}>
          {(data) =>
            data.entrant_type === null ? (
              <p className="empty">{_("rounds.overview.teamFormat")}</p>
            ) : (
              <>
                {data.rounds.length === 0 ? (
                  <p className="empty">{data.can_manage ? _("rounds.overview.noneDrawn") : _("rounds.overview.nonePublished")}</p>
                ) : (
                  <ul className="rows rounds-list">
                    {data.rounds.map((r) => {
                      const plan = planLabel(_, r);
                      return (
                        <li key={r.number} className="row rounds-list__item">
                          <Link className="rounds-list__name" to={paths.tournamentRound(t.id, r.number)}>
                            {roundName(_, r)}
                          </Link>
                          <span className={`badge round-status round-status--${r.status}`}>{roundStatusLabel(_, r.status)}</span>
                          <span className="rounds-list__meta">
                            {roomsLabel(_, r.room_count)} · {sidesLabel(_, data.entrant_type ?? "player", r.side_count)}
                            {r.status !== "draft" && <> · {_("rounds.overview.tablesIn", { done: r.tables_in, total: r.room_count })}</>}
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
