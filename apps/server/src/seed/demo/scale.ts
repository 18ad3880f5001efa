/** The two dataset sizes: 'demo' (the DEMO server and `npm run seed`) and 'large' (benchmarks). */

export interface ScaleConfig {
  players: number;
  shadowPlayers: number;
  hiddenPlayers: number;
  bannedPlayers: number;
  extraSupporters: number;
  teams: number;
  historicalTeams: number;
  shadowTeams: number;
  rosterMin: number;
  rosterMax: number;
  /** Probability factor that a membership change of long ago still has its transfer row. */
  transferTracking: number;
  pendingInvites: number;
  pendingProfileChanges: number;
  pendingClaims: number;
  tournaments: { historical: number; noDate: number; ongoing: number; upcoming: number; unpublished: number; total: number };
  /** Multiplies the entrant counts of every tournament. */
  entrantScale: number;
}

export const SCALES: Record<"demo" | "large", ScaleConfig> = {
  demo: {
    players: 2000,
    shadowPlayers: 24,
    hiddenPlayers: 12,
    bannedPlayers: 10,
    extraSupporters: 8,
    teams: 200,
    historicalTeams: 15,
    shadowTeams: 2,
    rosterMin: 4,
    rosterMax: 10,
    transferTracking: 0.12,
    pendingInvites: 8,
    pendingProfileChanges: 7,
    pendingClaims: 3,
    tournaments: { historical: 12, noDate: 3, ongoing: 3, upcoming: 10, unpublished: 5, total: 80 },
    entrantScale: 1,
  },
  large: {
    players: 100_000,
    shadowPlayers: 1200,
    hiddenPlayers: 600,
    bannedPlayers: 500,
    extraSupporters: 300,
    teams: 10_000,
    historicalTeams: 750,
    shadowTeams: 60,
    rosterMin: 4,
    rosterMax: 11,
    transferTracking: 0.24,
    pendingInvites: 300,
    pendingProfileChanges: 120,
    pendingClaims: 40,
    tournaments: { historical: 150, noDate: 6, ongoing: 30, upcoming: 150, unpublished: 60, total: 2000 },
    entrantScale: 3.95,
  },
};
