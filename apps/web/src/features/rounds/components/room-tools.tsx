import { useId, useState, type FormEvent } from "react";
import type { PointsTableLike, Room, RoundSummary } from "@site/contract";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
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
  const _ = useT();
  const { errorText } = useErrorText();
  const [code, setCode] = useState(room.room_code ?? "");
  const [host, setHost] = useState(room.host_player_id === null ? "" : String(room.host_player_id));
  const save = useRoomSettings(tournamentId, round.number, room.number);
  const toast = useToast();
  const ids = { code: useId(), host: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { room_code: code.trim() === "" ? null : code.trim(), host_player_id: host === "" ? null : Number(host) },
      { onSuccess: () => toast(_("rounds.tools.settingsSaved", { number: room.number })) },
    );
  };
  return (
    <details className="room-tools__settings">
      <summary>{_("rounds.tools.settings")}</summary>
      <form onSubmit={submit} className="room-tools__form" aria-label={_("rounds.tools.settingsLabel", { number: room.number })}>
        <div className="field">
          <label htmlFor={ids.code}>{_("rounds.room.code")}</label>
          <input id={ids.code} className="input" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={ids.host}>{_("rounds.room.host")}</label>
          <select id={ids.host} className="input" value={host} onChange={(e) => setHost(e.target.value)}>
            <option value="">{_("rounds.tools.noHost")}</option>
            {hostOptions(room).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {save.isError && (
          <p className="form-error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <button type="submit" className="btn btn--secondary btn--sm" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? _("rounds.saving") : _("rounds.tools.saveSettings")}
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
  const _ = useT();
  const { errorText } = useErrorText();
  const [entering, setEntering] = useState(false);
  const lock = useLockRoom(tournamentId, round.number, room.number);
  const toast = useToast();
  const mayEnter = staff || (room.viewer_is_host && !room.locked);
  if (!mayEnter) return null;
  return (
    <div className="room-tools">
      <div className="room-tools__buttons">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setEntering(true)}>
          {room.table_in ? _("rounds.tools.correctTable") : _("rounds.tools.enterTable")}
        </button>
        {staff && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={lock.isPending}
            aria-busy={lock.isPending || undefined}
            onClick={() =>
              lock.mutate(!room.locked, {
                onSuccess: () =>
                  toast(
                    room.locked ? _("rounds.tools.unlocked", { number: room.number }) : _("rounds.tools.locked", { number: room.number }),
                  ),
              })
            }
          >
            {lock.isPending
              ? room.locked
                ? _("rounds.tools.unlocking")
                : _("rounds.tools.locking")
              : room.locked
                ? _("rounds.tools.unlock")
                : _("rounds.tools.lock")}
          </button>
        )}
      </div>
      {lock.isError && (
        <p className="form-error" role="alert">
          {errorText(lock.error)}
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
