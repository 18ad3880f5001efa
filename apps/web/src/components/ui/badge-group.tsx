import type { MessageId } from "@lingui/core";
import { EVENT_FORMAT, EVENT_FORMATS, GAME_MODES, GAMES, type Organizer, type TournamentListItem } from "@site/contract";
import { gameModeTitle, gameTitle } from "@/lib/i18n/contract-labels";
import { useT } from "@/lib/i18n/use-t";

export interface BadgeGroupProps {
  game?: string | null;
  gameHuman?: string | null;
  gameMode?: string | null;
  gameModeHuman?: string | null;
  eventFormatHuman?: string | null;
  organizer?: Organizer | null;
  className?: string;
}

/** The organizers that get a badge: MKCentral's own events are the norm and show none (001 §3). */
const ORGANIZER_BADGES: Partial<Record<Organizer, MessageId>> = { affiliate: "badge.affiliate", lan: "badge.lan" };

/**
 * The contract's format names (EVENT_FORMATS, what the server sends as `event_format_human`) →
 * their messages (#21), so the badge reads in the page's language; another text shows as sent.
 */
const FORMAT_IDS: Record<string, MessageId> = {
  [EVENT_FORMATS[EVENT_FORMAT.solo]]: "format.solo",
  [EVENT_FORMATS[EVENT_FORMAT.squad]]: "format.squad",
  [EVENT_FORMATS[EVENT_FORMAT.team]]: "format.team",
};

/**
 * Tournament badges (000 §2 Shared widgets "badge group"): game, game mode, event format and
 * organizer. Organizer `affiliate` shows 'Affiliate', `lan` shows 'LAN', `mkc` shows nothing.
 * Missing values are skipped. Badges are spans, not list items, so list counts in panels
 * only see the panel rows.
 */
export function BadgeGroup({ game, gameHuman, gameMode, gameModeHuman, eventFormatHuman, organizer, className }: BadgeGroupProps) {
  const _ = useT();
  const organizerId = organizer ? ORGANIZER_BADGES[organizer] : undefined;
  const organizerLabel = organizerId ? _(organizerId) : undefined;
  const formatId = eventFormatHuman ? FORMAT_IDS[eventFormatHuman] : undefined;
  // The server's game title and mode title (the contract's English) in the page's language; an
  // abbreviation ('MK8DX 150cc', series) or an unknown key shows as sent.
  const gameText = game && gameHuman === (GAMES as Record<string, { title: string }>)[game]?.title ? gameTitle(_, game) : gameHuman;
  const modeText =
    gameMode && gameModeHuman === (GAME_MODES as Record<string, { title: string }>)[gameMode]?.title
      ? gameModeTitle(_, gameMode)
      : gameModeHuman;
  return (
    <span className={["badge-group", className ?? ""].filter(Boolean).join(" ")}>
      {gameHuman && (
        <span className="badge badge--game" data-game={game ?? undefined}>
          {gameText}
        </span>
      )}
      {gameModeHuman && (
        <span className="badge badge--mode" data-mode={gameMode ?? undefined}>
          {modeText}
        </span>
      )}
      {eventFormatHuman && <span className="badge badge--format">{formatId ? _(formatId) : eventFormatHuman}</span>}
      {organizerLabel && <span className={`badge badge--organizer badge--${organizer}`}>{organizerLabel}</span>}
    </span>
  );
}

/** Maps a tournament list item onto BadgeGroup props. */
export function tournamentBadges(t: TournamentListItem): BadgeGroupProps {
  return {
    game: t.game,
    gameHuman: t.game_human,
    gameMode: t.game_mode,
    gameModeHuman: t.game_mode_human,
    eventFormatHuman: t.event_format_human,
    organizer: t.organizer,
  };
}
