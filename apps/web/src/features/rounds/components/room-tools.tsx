import { useId, useState, type FormEvent } from "react";
import type { PointsTableLike, Room, RoundSummary } from "@site/contract";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useLockRoom } from "../api/lock-room";
import { useRoomSettings } from "../api/room-settings";
import { TableEntry } from "./table-entry";

/** Racers of a room as host choices: name, squad, and whether they said they can host. */
export function hostOptions(room: Room): Array<{ value: string; label: string }> {
  return room.sides.flatMap((s) =>
    s.racers.map((r) => ({
      value: String(r.player_id),
      label: `${r.name}${s.racers.length > 1 || s.name !== r.name ? ` (${s.name})` : ""}${r.can_host ? " ★" : ""}`,
    })),
  );
}

/** Staff: the room code and host of a published room (`…/settings`). */
function RoomSettingsForm({ tournamentId, round, room }: { tournamentId: number; round: RoundSummary; room: Room }) {
  const [code, setCode] = useState(room.room_code ?? "");
  const [host, setHost] = useState(room.host_player_id === null ? "" : String(room.host_player_id));
  const save = useRoomSettings(tournamentId, round.number, room.number);
  const toast = useToast();
  const ids = { code: useId(), host: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { room_code: code.trim() === "" ? null : code.trim(), host_player_id: host === "" ? null : Number(host) },
      { onSuccess: () => toast(`Room ${room.number}: settings saved.`) },
    );
  };
  return (
    <details className="room-tools__settings">
      <summary>Room settings</summary>
      <form onSubmit={submit} className="room-tools__form" aria-label={`Room ${room.number} settings`}>
        <div className="field">
          <label htmlFor={ids.code}>Room code</label>
          <input id={ids.code} className="input" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={ids.host}>Host</label>
          <select id={ids.host} className="input" value={host} onChange={(e) => setHost(e.target.value)}>
            <option value="">No host</option>
            {hostOptions(room).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {save.isError && (
          <p className="form-error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        <button type="submit" className="btn btn--secondary btn--sm" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? "Saving…" : "Save settings"}
        </button>
      </form>
    </details>
  );
}

/**
 * The tools under a published room: "Enter table" for staff, and for the room's host while the
 * room is unlocked (the host's only tool); staff also get Lock / Unlock and the room settings.
 */
export function RoomTools({
  tournamentId,
  round,
  points,
  room,
  staff,
  squads,
}: {
  tournamentId: number;
  round: RoundSummary;
  /** The round's points table (its rows score the grid and the expected total). */
  points: PointsTableLike;
  room: Room;
  staff: boolean;
  squads: boolean;
}) {
  const [entering, setEntering] = useState(false);
  const lock = useLockRoom(tournamentId, round.number, room.number);
  const toast = useToast();
  const mayEnter = staff || (room.viewer_is_host && !room.locked);
  if (!mayEnter) return null;
  return (
    <div className="room-tools">
      <div className="room-tools__buttons">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setEntering(true)}>
          {room.table_in ? "Correct table" : "Enter table"}
        </button>
        {staff && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={lock.isPending}
            aria-busy={lock.isPending || undefined}
            onClick={() =>
              lock.mutate(!room.locked, {
                onSuccess: () => toast(room.locked ? `Room ${room.number} unlocked.` : `Room ${room.number} locked.`),
              })
            }
          >
            {lock.isPending ? (room.locked ? "Unlocking…" : "Locking…") : room.locked ? "Unlock" : "Lock"}
          </button>
        )}
      </div>
      {lock.isError && (
        <p className="form-error" role="alert">
          {errorMessage(lock.error)}
        </p>
      )}
      {staff && <RoomSettingsForm tournamentId={tournamentId} round={round} room={room} />}
      {entering && (
        <TableEntry
          tournamentId={tournamentId}
          round={round}
          points={points}
          room={room}
          squads={squads}
          onClose={() => setEntering(false)}
        />
      )}
    </div>
  );
}
