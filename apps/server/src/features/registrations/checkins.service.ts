import { CHECKIN_STATUS } from "@site/contract";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import { findTournamentIn, logTournamentAction, logWords } from "../access/tournament-access.service.js";
import * as repo from "./registrations.repository.js";
import { checkinMinimum, isSoloTournament, isSquadTournament } from "./registration-rules.js";
import { fillPlaces } from "./waitlist.service.js";

/**
 * Closing check-ins (001 §4 Check-in status 2): registered solo players who did not check in,
 * and squads whose check-ins are below the minimum (checkin_minimum, else the minimum team
 * size), are withdrawn; each is logged and notified with the spec's message. Called by the
 * tournament controls inside their transaction when checkin_status changes to 2.
 */
export async function closeCheckins(db: Kysely<DB>, tournamentId: number, userId: number | null, now = Date.now()): Promise<number> {
  const ev = await findTournamentIn(db, tournamentId);
  if (!ev || ev.checkin_required !== 1 || (!isSoloTournament(ev) && !isSquadTournament(ev))) return 0;
  if (isSoloTournament(ev)) {
    const rows = await repo.notCheckedIn(db, ev.id);
    const solo = rows.filter((r) => r.squad_id === null);
    await repo.withdrawPlayersAtCheckinClose(
      db,
      ev.id,
      solo.map((r) => r.player_id),
    );
    for (const r of solo) {
      await logTournamentAction(db, ev, { userId }, "registration.checkin_close", {
        summary: `Withdrew ${r.display_name} (did not check in)`,
        summaryKey: "checkin.closed_player",
        summaryParams: { player: r.display_name },
        before: "registered",
        after: "withdrawn",
        ...logWords("status.registered", "status.withdrawn"),
        now,
      });
    }
    await notifyMany(
      db,
      solo.map((r) => r.user_id),
      "warning",
      // The spec's message (REGISTRATION_MESSAGES.withdrawnCheckin) and the tournament, per reader.
      { key: "checkin.withdrawn", params: { tournament: tournamentRef(ev) } },
    );
    // The places freed go to waiting players who checked in (issue #22: check-in rules apply to them).
    await fillPlaces(db, ev.id, { userId }, { checkinStatus: CHECKIN_STATUS.CLOSED });
    return solo.length;
  }
  const min = checkinMinimum(ev);
  const short = (await repo.squadCheckins(db, ev.id)).filter((s) => Number(s.checkins) < min);
  for (const s of short) {
    const members = (await repo.squadMembers(db, s.id)).filter((m) => m.status === "registered");
    await repo.updateSquad(db, s.id, { status: "withdrawn" });
    await repo.withdrawSquadMembers(db, s.id, "withdrawn", true);
    await logTournamentAction(db, ev, { userId }, "registration.checkin_close", {
      summary: `Withdrew squad ${s.squad_name} (${s.checkins} of ${min} check-ins)`,
      summaryKey: "checkin.closed_squad",
      summaryParams: { squad: s.squad_name, checkins: Number(s.checkins), required: min },
      before: "registered",
      after: "withdrawn",
      ...logWords("status.registered", "status.withdrawn"),
      now,
    });
    await notifyMany(
      db,
      members.map((m) => m.user_id),
      "warning",
      { key: "checkin.withdrawn_squad", params: { tournament: tournamentRef(ev) } },
    );
  }
  await fillPlaces(db, ev.id, { userId }, { checkinStatus: CHECKIN_STATUS.CLOSED });
  return short.length;
}
