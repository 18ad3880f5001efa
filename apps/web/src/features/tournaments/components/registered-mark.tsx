import { MY_TOURNAMENT_STATUS_LABELS, type MyTournament } from "@site/contract";
import { useMyEntry } from "../api/get-my-tournaments";
import "./registered-mark.css";

/** "Registered ✓", "Waitlisted · #N" (its place among those waiting, issue #22 §1), else the status's label. */
export function myStatusLabel(m: Pick<MyTournament, "status" | "waitlist_position">): string {
  if (m.status === "registered") return "Registered ✓";
  if (m.status === "waitlisted" && m.waitlist_position) return `Waitlisted · #${m.waitlist_position}`;
  return MY_TOURNAMENT_STATUS_LABELS[m.status];
}

/**
 * "Registered ✓" (or "Pending approval" / "Opted out" / "Waitlisted · #N") on a tournament the viewer is in, read
 * from the one `GET /api/tournaments/mine` query every card shares; nothing for anyone else.
 * The public lists stay the same for every viewer (they are cached and shared).
 */
export function RegisteredMark({ id, className }: { id: number; className?: string }) {
  const entry = useMyEntry(id);
  if (!entry) return null;
  const label = myStatusLabel(entry);
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
