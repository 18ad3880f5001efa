import type { I18n } from "@lingui/core";
import type { MyTournament } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";
import { useMyEntry } from "../api/get-my-tournaments";
import "./registered-mark.css";

/** "Registered ✓", "Waitlisted · #N" (its place among those waiting, issue #22 §1), else the status's label. */
export function myStatusLabel(_: I18n["_"], m: Pick<MyTournament, "status" | "waitlist_position">): string {
  switch (m.status) {
    case "registered":
      return _("tournaments.mark.registered");
    case "waitlisted":
      return m.waitlist_position ? _("tournaments.mark.waitlistedAt", { position: m.waitlist_position }) : _("tournaments.mark.waitlisted");
    case "pending_approval":
      return _("tournaments.mark.pending_approval");
    case "opted_out":
      return _("tournaments.mark.opted_out");
  }
}

/**
 * "Registered ✓" (or "Pending approval" / "Opted out" / "Waitlisted · #N") on a tournament the viewer is in, read
 * from the one `GET /api/tournaments/mine` query every card shares; nothing for anyone else.
 * The public lists stay the same for every viewer (they are cached and shared).
 */
export function RegisteredMark({ id, className }: { id: number; className?: string }) {
  const _ = useT();
  const entry = useMyEntry(id);
  if (!entry) return null;
  const label = myStatusLabel(_, entry);
  const entrant = entry.squad_name ?? entry.team_name;
  return (
    <span
      className={["registered-mark", `registered-mark--${entry.status}`, className ?? ""].filter(Boolean).join(" ")}
      title={entrant ? `${label} — ${entrant}` : label}
    >
      {label}
    </span>
  );
}

/** True when the viewer is in tournament `id` (the card then shows the mark instead of Register Now). */
export function useIsMine(id: number): boolean {
  return useMyEntry(id) !== undefined;
}
