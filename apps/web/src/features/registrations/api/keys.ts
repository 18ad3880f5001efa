import type { MoveStatus } from "@site/contract";

/**
 * Query keys of registrations, under ["registrations", tournament id, …]. Team registrations
 * (features/team-registrations) build theirs on `registrationKeys.event`, so any registration
 * write's invalidation of `registrationKeys.all` refreshes both.
 */
export const registrationKeys = {
  all: ["registrations"] as const,
  event: (id: number) => [...registrationKeys.all, id] as const,
  status: (id: number) => [...registrationKeys.event(id), "status"] as const,
  /** `page` last, so the same list's pages share everything before it. */
  players: (id: number, status: MoveStatus, order: string, checkedIn: boolean | undefined, page: number) =>
    [...registrationKeys.event(id), "players", status, order, checkedIn, page] as const,
  squads: (id: number, status: MoveStatus, order: string, checkedIn?: boolean) =>
    [...registrationKeys.event(id), "squads", status, order, checkedIn] as const,
  squad: (id: number, squadId: number) => [...registrationKeys.event(id), "squad", squadId] as const,
  invited: (id: number, squadId: number) => [...registrationKeys.event(id), "invited", squadId] as const,
  invitable: (id: number, squadId: number, search: string) => [...registrationKeys.event(id), "invitable", squadId, search] as const,
  squadEdit: (id: number, squadId: number) => [...registrationKeys.event(id), "squad-edit", squadId] as const,
  playerEdit: (id: number, playerId: number) => [...registrationKeys.event(id), "player-edit", playerId] as const,
  /** The waitlist past the cap (issue #22). */
  waitlist: (id: number) => [...registrationKeys.event(id), "waitlist"] as const,
};
