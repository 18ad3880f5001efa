import type { QueryKey } from "@tanstack/react-query";
import { liveTopicTournamentId, type LiveEvent } from "@site/contract";
import { notificationKeys } from "@/features/notifications/api/keys";
import { placementKeys } from "@/features/placements/api/keys";
import { registrationKeys } from "@/features/registrations/api/keys";
import { roundKeys } from "@/features/rounds/api/keys";
import { sessionKeys } from "@/features/session/api/keys";
import { tournamentKeys } from "@/features/tournaments/api/keys";

/**
 * The query keys (prefixes) a live event makes stale (issue #20 §1): the table from event
 * kind to the features' own key factories. Only active queries refetch at once; inactive ones
 * are marked stale and refetch when a screen shows them again.
 *
 * - `tournament`, `resync`: everything of the tournament (its row decides every other read:
 *   publication, format, check-in window);
 * - `registrations`, `check_ins`: the registration reads (lists, status, waitlist, squads, team
 *   registrations: all under `registrationKeys.event`), the tournament row (its count) and the
 *   viewer's own tournaments;
 * - `placements`: the placements reads, the tournament row and the home page's latest results;
 * - `rounds`: every rounds read of the tournament (overview, rounds, the viewer's room);
 * - `room`, `table`: the overview, that round, the viewer's room and the live board (all rounds
 *   when the event names no round);
 * - `notifications` (and `resync` of that topic): the notification lists and the session, whose
 *   answer carries the unread count of the header's badge.
 * Every tournament kind also refreshes the tournament's log pages (staff watch them on the day).
 */
export function liveInvalidations(event: LiveEvent): QueryKey[] {
  const id = liveTopicTournamentId(event.topic);
  if (id === null) return [notificationKeys.all, sessionKeys.all];
  const logs = tournamentKeys.logsOf(id);
  switch (event.kind) {
    case "tournament":
    case "resync":
      return [
        tournamentKeys.detail(id),
        registrationKeys.event(id),
        roundKeys.event(id),
        placementKeys.event(id),
        tournamentKeys.mineAll(),
        logs,
      ];
    case "registrations":
    case "check_ins":
      return [registrationKeys.event(id), tournamentKeys.detail(id), tournamentKeys.mineAll(), logs];
    case "placements":
      return [placementKeys.event(id), tournamentKeys.detail(id), tournamentKeys.latestResults(), logs];
    case "rounds":
      return [roundKeys.event(id), logs];
    case "room":
    case "table":
      return event.round === undefined
        ? [roundKeys.event(id), logs]
        : [roundKeys.overview(id), roundKeys.round(id, event.round), roundKeys.myRoom(id), roundKeys.live(id), logs];
    case "notifications":
      return [notificationKeys.all, sessionKeys.all];
  }
}
