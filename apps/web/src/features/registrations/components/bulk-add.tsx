import { useId, useState } from "react";
import type { MessageId } from "@lingui/core";
import {
  BULK_ADD_CODES,
  BULK_ADD_MAX_LINES,
  type BulkAddChoice,
  type BulkAddLine,
  type BulkAddMember,
  type BulkAddResult,
  isSquadEvent,
  type TournamentDetail,
} from "@site/contract";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToast } from "@/components/ui/toast";
import { translateCode, useErrorText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { useBulkAdd, useBulkAddPreview } from "../api/bulk";
import "./bulk-add.css";

const OUTCOME: Record<BulkAddLine["outcome"], MessageId> = {
  ready: "registration.bulkAdd.ready",
  choose: "registration.bulkAdd.choose",
  skip: "registration.bulkAdd.skipped",
};

/** The text area's examples: registry names, ids and friend codes look the same in every language. */
const SQUAD_EXAMPLE = "ABC: Mario, 1234, SW-1234-5678-9012";
const PLAYER_EXAMPLE = "Mario\n1234\nSW-1234-5678-9012";

/**
 * A line's or a name's explanation in the page's language (#21): its code's `error.<code>`
 * message with the params, else the server's English `message`. A squad line left out because
 * of one name says that name's own explanation inside its own.
 */
function useExplain() {
  const i18n = useI18n();
  const member = (m: BulkAddMember) => translateCode(i18n, m, m.message ?? "");
  const line = (l: BulkAddLine) => {
    const at = l.code === BULK_ADD_CODES.squadLeftOut ? Number(l.params?.member) : NaN;
    const skipped = l.members[at];
    return translateCode(i18n, l, l.message ?? "", skipped ? { reason: member(skipped) } : {});
  };
  return { member, line };
}

/** What one name of a line will do, or the choice among the players it fits. */
function MemberPlan({ m, choice, onChoose }: { m: BulkAddMember; choice: number | undefined; onChoose: (playerId: number) => void }) {
  const _ = useT();
  const explain = useExplain();
  if (m.action === "register")
    return (
      <span>
        <Trans id="registration.bulkAdd.register" values={{ name: m.name, id: m.player_id }} components={{ 0: <strong /> }} />
      </span>
    );
  if (m.action === "create")
    return (
      <span>
        <Trans id="registration.bulkAdd.create" values={{ name: m.name }} components={{ 0: <strong /> }} />
      </span>
    );
  if (m.action === "skip")
    return (
      <span className="reg-blocking">
        {m.input}: {explain.member(m)}
      </span>
    );
  return (
    <label>
      {m.input}: {explain.member(m)}{" "}
      <select className="input" value={choice ?? ""} onChange={(e) => onChoose(Number(e.target.value))}>
        <option value="" disabled>
          {_("registration.bulkAdd.pick")}
        </option>
        {m.candidates.map((c) => (
          <option key={c.player_id} value={c.player_id}>
            {_(c.is_shadow ? "registration.bulkAdd.candidateShadow" : "registration.bulkAdd.candidate", {
              name: c.display_name,
              id: c.player_id,
              country: c.country_code,
            })}
          </option>
        ))}
        <option value={0}>{_("registration.bulkAdd.newShadow", { name: m.name })}</option>
      </select>
    </label>
  );
}

/**
 * The plan's or the result's summary line: in English the server's own sentence; in another
 * language the counts of its code's params (#21; the answer's own counts when it has none), one
 * sentence each ("Will register 3 players. 1 line skipped.").
 */
function useBulkAddSummary(squad: boolean) {
  const i18n = useI18n();
  return (r: BulkAddResult) => {
    if (i18n.locale === "en") return r.message;
    const p = r.params ?? {};
    const kind = p.kind === "squads" || p.kind === "players" ? p.kind : squad ? "squads" : "players";
    const choose = typeof p.choose === "number" ? p.choose : r.lines.filter((l) => l.outcome === "choose").length;
    const done = r.code ? r.code === BULK_ADD_CODES.registered : r.applied;
    const sentences = [
      i18n._(done ? "registration.bulkAdd.summary.done" : "registration.bulkAdd.summary.will", { kind, count: r.registered }),
    ];
    if (r.created) sentences.push(i18n._("registration.bulkAdd.summary.created", { count: r.created }));
    if (choose) sentences.push(i18n._("registration.bulkAdd.summary.choose", { count: choose }));
    if (r.skipped) sentences.push(i18n._("registration.bulkAdd.summary.skipped", { count: r.skipped }));
    return sentences.join(" ");
  };
}

/**
 * 'Bulk Add' (issue #22 §2), for tournament administrators: a pasted list, one player per line
 * (registry id, registry name or friend code) or, in squad tournaments, one squad per line
 * (`TAG: name, name, …`). Preview shows per line what will happen and asks for a choice where a
 * name fits several players; Add applies it in one transaction. Editing the list asks for a new
 * preview first.
 */
export function BulkAdd({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const squad = isSquadEvent(t.event_format);
  const summary = useBulkAddSummary(squad);
  const explain = useExplain();
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState("");
  const [choices, setChoices] = useState<Map<string, number>>(new Map());
  const [plan, setPlan] = useState<{ text: string; result: BulkAddResult } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const preview = useBulkAddPreview(t.id);
  const add = useBulkAdd(t.id);
  const busy = preview.isPending || add.isPending;
  const choiceList = (m: Map<string, number>): BulkAddChoice[] =>
    [...m].map(([k, player_id]) => {
      const [line, member] = k.split(":").map(Number);
      return { line: line!, member: member!, player_id };
    });
  const runPreview = (m = choices) => {
    setDone(null);
    preview.mutate({ text, choices: choiceList(m) }, { onSuccess: (result) => setPlan({ text, result }) });
  };
  const choose = (line: number, member: number, playerId: number) => {
    const next = new Map(choices).set(`${line}:${member}`, playerId);
    setChoices(next);
    runPreview(next);
  };
  const current = plan && plan.text === text ? plan.result : null;
  const apply = () =>
    add.mutate(
      { text, choices: choiceList(choices) },
      {
        onSuccess: (r) => {
          setDone(summary(r));
          toast(summary(r));
          setText("");
          setChoices(new Map());
          setPlan(null);
        },
      },
    );
  const error = preview.error ?? add.error;
  return (
    <section className="panel manual-register bulk-add" aria-labelledby={`${id}-title`}>
      <header className="panel__header">
        <h2 className="panel__title" id={`${id}-title`}>
          {_("registration.bulkAdd.title")}
        </h2>
      </header>
      <div className="panel__body">
        <label className="bulk-add__label" htmlFor={`${id}-text`}>
          {squad ? _("registration.bulkAdd.squadHelp") : _("registration.bulkAdd.playerHelp")}
        </label>
        <textarea
          id={`${id}-text`}
          className="input bulk-add__text"
          rows={8}
          value={text}
          placeholder={squad ? SQUAD_EXAMPLE : PLAYER_EXAMPLE}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="reg-count">{_("registration.bulkAdd.limit", { max: BULK_ADD_MAX_LINES })}</p>
        <div className="bulk-add__buttons">
          <button type="button" className="btn btn--secondary" disabled={busy || text.trim() === ""} onClick={() => runPreview()}>
            {preview.isPending ? _("registration.bulkAdd.previewing") : _("registration.bulkAdd.preview")}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !current || current.registered === 0 || current.lines.some((l) => l.outcome === "choose")}
            onClick={apply}
          >
            {add.isPending
              ? _("registration.bulkAdd.adding")
              : _("registration.bulkAdd.add", { kind: squad ? "squads" : "players", count: current?.registered ?? 0 })}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {errorText(error)}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        {plan && plan.text !== text && <p className="reg-hint">{_("registration.bulkAdd.changed")}</p>}
        {current && (
          <>
            <p role="status">{summary(current)}</p>
            <TableScroll>
              <table className="stats-table registrations-table bulk-add__plan">
                <thead>
                  <tr>
                    <th>{_("registration.bulkAdd.line")}</th>
                    {squad && <th>{_("registration.col.squad")}</th>}
                    <th>{_("registration.bulkAdd.what")}</th>
                    <th>{_("registration.bulkAdd.result")}</th>
                  </tr>
                </thead>
                <tbody>
                  {current.lines.map((l) => (
                    <tr key={l.line} className={`bulk-add__row--${l.outcome}`}>
                      <td>{l.line}</td>
                      {squad && (
                        <td>
                          {l.squad_tag && <span className="tag-badge">{l.squad_tag}</span>} {l.squad_name}
                        </td>
                      )}
                      <td className="bulk-add__members">
                        {l.members.length === 0 && <span>{l.text}</span>}
                        {l.members.map((m, i) => (
                          <div key={i}>
                            <MemberPlan m={m} choice={choices.get(`${l.line}:${i}`)} onChoose={(pid) => choose(l.line, i, pid)} />
                          </div>
                        ))}
                      </td>
                      <td>
                        {_(OUTCOME[l.outcome])}
                        {l.outcome === "skip" && l.message && <div className="reg-blocking">{explain.line(l)}</div>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
      </div>
    </section>
  );
}
