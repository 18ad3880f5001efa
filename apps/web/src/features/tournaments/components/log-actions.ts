import type { I18n, MessageId } from "@lingui/core";
import type { TournamentLogItem, TournamentLogValue } from "@site/contract";
import { gameModeTitle, gameTitle, organizerLabel } from "@/lib/i18n/contract-labels";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n } from "@/lib/i18n/use-t";
import { formatDay, formatDayTime } from "@/lib/time-format";

/**
 * The tournament log's actions (the `action` key of each line, 001 §2 logs) → their names in the
 * catalogue (#21). Every action the server writes is listed; a line of an action not listed here
 * shows the server's English `action_human`.
 */
const LOG_ACTIONS: Record<string, MessageId> = {
  "tournament.create": "tournaments.logs.action.tournament.create",
  "tournament.edit": "tournaments.logs.action.tournament.edit",
  "tournament.propose": "tournaments.logs.action.tournament.propose",
  "tournament.proposal.approve": "tournaments.logs.action.tournament.proposal.approve",
  "tournament.proposal.decline": "tournaments.logs.action.tournament.proposal.decline",
  "controls.published": "tournaments.logs.action.controls.published",
  "controls.registrations_open": "tournaments.logs.action.controls.registrations_open",
  "controls.checkin_status": "tournaments.logs.action.controls.checkin_status",
  "controls.show_on_profiles": "tournaments.logs.action.controls.show_on_profiles",
  "placements.edit": "tournaments.logs.action.placements.edit",
  "registration.register": "tournaments.logs.action.registration.register",
  "registration.waitlist": "tournaments.logs.action.registration.waitlist",
  "registration.withdraw": "tournaments.logs.action.registration.withdraw",
  "registration.edit": "tournaments.logs.action.registration.edit",
  "registration.manual": "tournaments.logs.action.registration.manual",
  "registration.move": "tournaments.logs.action.registration.move",
  "registration.verify": "tournaments.logs.action.registration.verify",
  "registration.checkin": "tournaments.logs.action.registration.checkin",
  "registration.checkout": "tournaments.logs.action.registration.checkout",
  "registration.checkin_close": "tournaments.logs.action.registration.checkin_close",
  "registration.waitlist_move": "tournaments.logs.action.registration.waitlist_move",
  "registration.waitlist_promote": "tournaments.logs.action.registration.waitlist_promote",
  "registration.waitlist_remove": "tournaments.logs.action.registration.waitlist_remove",
  "squad.invite": "tournaments.logs.action.squad.invite",
  "squad.accept": "tournaments.logs.action.squad.accept",
  "squad.decline": "tournaments.logs.action.squad.decline",
  "squad.cancel_invite": "tournaments.logs.action.squad.cancel_invite",
  "squad.kick": "tournaments.logs.action.squad.kick",
  "squad.change_captain": "tournaments.logs.action.squad.change_captain",
  "team.register": "tournaments.logs.action.team.register",
  "team.withdraw": "tournaments.logs.action.team.withdraw",
  "team.edit": "tournaments.logs.action.team.edit",
  "team.manual": "tournaments.logs.action.team.manual",
  "team.move": "tournaments.logs.action.team.move",
  "team.verify": "tournaments.logs.action.team.verify",
  "team.optout": "tournaments.logs.action.team.optout",
  "team.optin": "tournaments.logs.action.team.optin",
  "team.representative": "tournaments.logs.action.team.representative",
  "team.waitlist_move": "tournaments.logs.action.team.waitlist_move",
  "team.waitlist_promote": "tournaments.logs.action.team.waitlist_promote",
  "team.waitlist_remove": "tournaments.logs.action.team.waitlist_remove",
  "rounds.draw": "tournaments.logs.action.rounds.draw",
  "rounds.rooms": "tournaments.logs.action.rounds.rooms",
  "rounds.publish": "tournaments.logs.action.rounds.publish",
  "rounds.delete": "tournaments.logs.action.rounds.delete",
  "rounds.room": "tournaments.logs.action.rounds.room",
  "rounds.table": "tournaments.logs.action.rounds.table",
  "rounds.lock": "tournaments.logs.action.rounds.lock",
  "rounds.unlock": "tournaments.logs.action.rounds.unlock",
  "rounds.close": "tournaments.logs.action.rounds.close",
  "rounds.finish": "tournaments.logs.action.rounds.finish",
};

/**
 * A log line's "what" in the page's language. A line whose summary has a key the catalogue knows
 * (`tournaments.logs.summary.<summary_key>`, #21) is that message with the line's params, in
 * every language (the English message is the server's own summary, so English reads as before).
 * Otherwise: in English the server's own text (`action_human`: the action's name or the line's
 * summary, such as "Verified squad Alpha"); in another language the action's name from the
 * catalogue, else the server's text. `detail` is the server's text where the action's name
 * replaced it (a tooltip: a summary names the players or squads concerned).
 */
export function useLogAction() {
  const i18n = useI18n();
  const summary = (line: Line): MessageId | undefined => {
    if (!line.summary_key) return undefined;
    const id = `tournaments.logs.summary.${line.summary_key}` as MessageId;
    return i18n.messages[id] !== undefined ? id : undefined;
  };
  const translated = (line: Line) => (i18n.locale === "en" ? undefined : LOG_ACTIONS[line.action]);
  return {
    text: (line: Line): string => {
      const own = summary(line);
      if (own) return i18n._(own, withRoundName(i18n, line.summary_params ?? {}));
      const id = translated(line);
      return id ? i18n._(id) : line.action_human;
    },
    detail: (line: Line): string | undefined => (!summary(line) && translated(line) ? line.action_human : undefined),
  };
}

/**
 * A round's name as a log line's param: the site's own default ("Round 2", written by the server
 * in English when the organiser left the name empty) in the page's language, like `roundName` on
 * the round screens; a name the organiser wrote stays as written.
 */
function withRoundName(i18n: I18n, params: Record<string, string | number>): Record<string, string | number> {
  const m = typeof params.round === "string" ? /^Round ([1-9][0-9]*)$/.exec(params.round) : null;
  return m ? { ...params, round: i18n._("rounds.draw.namePlaceholder", { number: Number(m[1]) }) } : params;
}

/** The fields a line's "what" is drawn from; older answers and test data may lack the summary's key. */
type Line = Pick<TournamentLogItem, "action" | "action_human"> & Partial<Pick<TournamentLogItem, "summary_key" | "summary_params">>;

/** Fields of a tournament edit whose value is a contract code, and how each is named. */
const CODE_LABELS: Partial<Record<string, (_: I18n["_"], code: string) => string>> = {
  game: gameTitle,
  game_mode: gameModeTitle,
  organizer: organizerLabel,
};

/**
 * A log line's before or after in the page's language (#21), as lines of text (one per changed
 * value), or null when the side is empty. From the line's values (`before_values` /
 * `after_values`, `TournamentLogValueSchema`): a word from `tournaments.logs.value.<word>`, a
 * number in the language's format, a time or a day as `lib/time-format.ts` writes them, a name
 * or code as written; a value of a field is `tournaments.logs.fieldValue` with the field's name
 * from `tournaments.logs.field.<field>`. A line without values (written before they existed, or
 * whose text holds no words: names, positions, points), or naming a field or word the catalogue
 * lacks, shows the server's English text as it is.
 */
export function useLogValues() {
  const i18n = useI18n();
  const locale = i18n.locale as Locale;
  const known = (id: string): MessageId | undefined => (i18n.messages[id] !== undefined ? (id as MessageId) : undefined);
  const valueText = (v: TournamentLogValue): string | undefined => {
    switch (v.kind) {
      case "word": {
        const id = known(`tournaments.logs.value.${v.value}`);
        return id && i18n._(id);
      }
      case "number":
        // English groups by hand: the first Intl number format loads locale data (as player-list.tsx).
        return typeof v.value === "number" && locale !== "en" ? formatNumber(v.value, locale) : String(v.value);
      case "time":
        return formatDayTime(String(v.value), locale);
      case "day":
        return formatDay(String(v.value), locale);
      default: {
        // A code the contract names (a game, a game mode, an organizer) by its name in
        // the page's language; names and other text as written.
        const label = v.field === null ? undefined : CODE_LABELS[v.field];
        return label ? label(i18n._.bind(i18n), String(v.value)) : String(v.value);
      }
    }
  };
  const one = (v: TournamentLogValue): string | undefined => {
    const value = valueText(v);
    if (value === undefined || v.field === null) return value;
    const field = known(`tournaments.logs.field.${v.field}`);
    return field && i18n._("tournaments.logs.fieldValue", { field: i18n._(field), value });
  };
  return (values: TournamentLogValue[] | null | undefined, english: string | null): string[] | null => {
    if (values && values.length > 0) {
      const texts = values.map(one);
      if (texts.every((t): t is string => t !== undefined)) return texts;
    }
    return english === null ? null : [english];
  };
}
