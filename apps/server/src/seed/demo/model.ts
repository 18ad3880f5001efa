import type { EventFormat, GameModeKey } from "@site/contract";

/** The in-memory model the phases generate and pass on, and the demo accounts. */

export interface PlayerRec {
  id: number;
  userId: number | null;
  name: string;
  country: string;
  created: number;
  shadow: boolean;
  banned: boolean;
  hidden: boolean;
  switchFc: string | null;
  fc3ds: string | null;
  mktFc: string | null;
  nnid: string | null;
  discord: string | null;
  discordPrivacy: string;
  message: string;
  border: number;
  nameChangedAt: number | null;
  oldName: string | null;
  cats: GameModeKey[];
  demo: boolean;
}

export interface MemberRec {
  pid: number;
  joined: number;
  left: number | null;
  leader: boolean;
  manager: boolean;
}

export interface TeamRec {
  id: number;
  name: string;
  tag: string;
  color: number;
  cat: GameModeKey;
  created: number;
  status: string;
  historical: boolean;
  shadow: boolean;
  disbandAt: number;
  primary: TeamRec | null;
  recruitment: string;
  language: string;
  languageName: string;
  description: string;
  nameChangedAt: number | null;
  members: MemberRec[];
}

export interface UserRec {
  id: number;
  email: string;
  state: string;
  theme: string;
  created: number;
  verifiedAt: number | null;
  playerId: number | null;
}

export interface SeriesRec {
  id: number;
  name: string;
  slug: string;
  organizer: string;
  mode: GameModeKey;
  format: EventFormat;
  historical: boolean;
  published: boolean;
  era: "mkworld" | "classic" | "any" | "historical";
  titleBase: string;
  location: readonly [string, string] | null;
  templateIds: number[];
}

export type TournamentKind = "historical" | "past" | "ongoing" | "upcoming" | "nodate";

export interface TournamentRec {
  id: number;
  kind: TournamentKind;
  title: string;
  numbered: boolean;
  start: number | null;
  end: number | null;
  created: number;
  mode: GameModeKey;
  format: EventFormat;
  minSize: number;
  maxSize: number;
  organizer: string;
  location: readonly [string, string] | null;
  series: SeriesRec | null;
  templateId: number | null;
  published: boolean;
  featured: boolean;
  registrationsOpen: boolean;
  teamTagRequired: boolean;
  teamNameRequired: boolean;
  hostRequired: boolean;
  miiRequired: boolean;
  miiMax: number;
  checkinRequired: boolean;
  verificationRequired: boolean;
  prValue: number;
}

/** Demo accounts: ids 1–7 in this order (admin is user 1). */
export const DEMO_USERS = [
  { email: "admin@example.com", role: "administrate", name: "DemoAdmin", country: "US", theme: "forest", player: true },
  { email: "mod@example.com", role: "moderate", name: "DemoMod", country: "FR", theme: "forest", player: true },
  { email: "event-admin@example.com", role: "event_admin", name: "DemoEventAdmin", country: "GB", theme: "forest", player: true },
  { email: "leader@example.com", role: null, name: "DemoLeader", country: "CA", theme: "forest", player: true },
  { email: "supporter@example.com", role: "supporter", name: "DemoSupporter", country: "JP", theme: "ocean", player: true },
  { email: "player@example.com", role: null, name: "DemoPlayer", country: "DE", theme: "forest", player: true },
  { email: "new@example.com", role: null, name: "", country: "", theme: "forest", player: false },
] as const;

export const CATEGORY_WEIGHTS: ReadonlyArray<readonly [GameModeKey, number]> = [
  ["mkworld_150", 36],
  ["mk8dx_150", 34],
  ["mk8dx_200", 12],
  ["mkw_vs_race", 6],
  ["mktour_vs_race", 4],
  ["mk7_vs_race", 3],
  ["mk8u_150", 3],
  ["mk8u_200", 2],
];

export interface People {
  users: UserRec[];
  roles: Array<{ userId: number; role: string; created: number }>;
}

export interface TransferRec {
  pid: number;
  from: TeamRec | null;
  to: TeamRec | null;
  cat: GameModeKey;
  at: number;
  status: string;
  decidedAt: number | null;
}

/** Demo players in DEMO_USERS order (admin, mod, event admin, leader, supporter, player). */
export function demoPlayers(players: PlayerRec[]): PlayerRec[] {
  return players.filter((p) => p.demo);
}

/** The team the leader@ account leads (an approved Mario Kart World team). */
export function leaderTeamOf(teams: TeamRec[], players: PlayerRec[]): TeamRec {
  const leader = demoPlayers(players)[3]!;
  const options = teams.filter(
    (t) => t.cat === "mkworld_150" && t.status === "approved" && !t.historical && !t.shadow && !t.primary && t.created > leader.created,
  );
  return options[Math.floor(options.length / 3)] ?? teams.find((t) => t.status === "approved" && !t.historical)!;
}

export interface SeriesDef {
  name: string;
  slug: string;
  organizer: "mkc" | "affiliate" | "lan";
  mode: GameModeKey;
  format: EventFormat;
  era: SeriesRec["era"];
  titleBase: string;
  aggregation: string;
  finalist: string;
  published: boolean;
  short: string;
}

export interface SeriesFull extends SeriesRec {
  def: SeriesDef;
  templates: Array<{ id: number; name: string }>;
}

export interface TournamentFull extends TournamentRec {
  description: string;
  rules: string;
  postMessage: string;
  showOnProfiles: boolean;
  seriesStats: boolean;
  override: number | null;
  histCount: number;
  titleBase: string;
  /** A scheduled registration close and check-in window (issue #17 §2), set on a couple of upcoming events. */
  scheduled?: boolean;
}

export interface Entrant {
  type: "player" | "squad" | "team";
  id: number;
}
