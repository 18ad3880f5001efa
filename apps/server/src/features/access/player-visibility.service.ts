import { type Actor, can } from "../permissions/permissions.js";

/**
 * Hidden players (`players.is_hidden`, set by administrators; 000 §3 'is_hidden (0 or 1)') are
 * shown to moderators and administrators only, everywhere (issue 15 C): the player list and page
 * (players feature), team rosters and invitation lists, registration lists, placements and
 * transfers. Lists leave their rows out; a row that must stay (a placement) names them
 * HIDDEN_PLAYER_NAME. Answers that show them are never taken from or put into the shared
 * micro-cache.
 */
export function seesHiddenPlayers(actor: Actor | null): boolean {
  return actor !== null && can(actor, "registry.players.view_private");
}

/** The name a hidden player's placement row shows to everyone else. */
export const HIDDEN_PLAYER_NAME = "Hidden player";
