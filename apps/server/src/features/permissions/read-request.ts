import type { Actor } from "./permissions.js";

/**
 * The actors of read requests (GET and HEAD, issue #16): each such request gets an actor object
 * of its own (`features/auth/session.ts`, an anonymous one too), so what it looks up once can be
 * remembered for the rest of it (the data version, `requestDataVersion`; the tournament access
 * row, `findTournament`). Requests that may write get none of this.
 */
const readActors = new WeakSet<Actor>();

/** Marks `actor` as a read request's (session.ts, when it makes the actor). */
export function markReadRequest(actor: Actor): void {
  readActors.add(actor);
}

/** True while `actor` is a read request's and what it read may be reused. */
export function isReadRequest(actor: Actor): boolean {
  return readActors.has(actor);
}

/**
 * Ends the reuse for a request that lives on (a live-updates stream re-checks a tournament's
 * visibility on every event: what it read at the start must not answer for the hours after).
 */
export function endReadRequest(actor: Actor): void {
  readActors.delete(actor);
}
