import type { Entrant, PlayerRec, TournamentFull } from "./model.js";
import type { Rng } from "./rng.js";
import type { ScaleConfig } from "./scale.js";
import type { Writer } from "./writer.js";

/**
 * The shapes the registration writers share (solo and squad in registrations.ts, teams in
 * team-registrations.ts), apart from both so neither imports the other's types.
 */

/** Ids handed out so far, per table. */
export interface EntryIds {
  reg: number;
  squad: number;
  teamReg: number;
  placement: number;
  invitation: number;
}

/** Whether the demo accounts were already entered in an open solo, squad and team event. */
export interface ForcedDone {
  solo: boolean;
  squad: boolean;
  team: boolean;
}

/**
 * One tournament's registration state and helpers, built by writeEntries and shared by the
 * solo, squad and team writers. The helpers draw from the one "entries" stream, so the order
 * of the calls decides the data.
 */
export interface TournamentEntries {
  w: Writer;
  rng: Rng;
  /**
   * The "showcase" stream: choices made only so the demo shows a state (optional representatives),
   * kept apart so they do not move the "entries" draws.
   */
  showcase: Rng;
  cfg: ScaleConfig;
  t: TournamentFull;
  players: PlayerRec[];
  ids: EntryIds;
  /** Registered (and, where required, checked-in) entrants: the placements are drawn from them. */
  entrants: Entrant[];
  /** Players already entered in this tournament. */
  taken: Set<number>;
  /** The latest registration time. */
  hi: number;
  played: boolean;
  openForDemo: boolean;
  checkinOpen: boolean;
  /** Scales the entrant count (upcoming events are still filling up). */
  factor: number;
  regAt: () => number;
  take: (p: PlayerRec) => PlayerRec;
  samplePlayer: (at: number) => PlayerRec | null;
  status: () => "registered" | "withdrawn" | "rejected";
  checkedIn: () => boolean;
  verified: () => 0 | 1;
  reg: (p: PlayerRec, at: number, st: string, extra: RegExtra) => void;
}

/**
 * What a registration row carries besides player, time and status: its squad (and captaincy)
 * or team, a representative flag (never on a leader, 001 §4), a forced opt-out, the squad tag
 * for the in-game name, and the check-in.
 */
export interface RegExtra {
  squad?: number;
  team?: number;
  captain?: boolean;
  rep?: boolean;
  optOut?: boolean;
  tag?: string;
  checked?: boolean;
}
