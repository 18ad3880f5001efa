import { MY_TOURNAMENT_STATUS_LABELS } from "@site/contract";
import { useMyEntry } from "../api/get-my-tournaments";
import "./registered-mark.css";

/**
 * "Registered ✓" (or "Pending approval" / "Opted out") on a tournament the viewer is in, read
 * from the one `GET /api/tournaments/mine` query every card shares; nothing for anyone else.
 * The public lists stay the same for every viewer (they are cached and shared).
 */
export function RegisteredMark({ id, className }: { id: number; className?: string }) {
  const entry = useMyEntry(id);
  if (!entry) return null;
  const label = entry.status === "registered" ? "Registered ✓" : MY_TOURNAMENT_STATUS_LABELS[entry.status];
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
