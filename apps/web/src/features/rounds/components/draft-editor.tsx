import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { Room, RoomSide, RoundDetail } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useDeleteRound } from "../api/delete-round";
import { usePublishRound } from "../api/publish-round";
import { useSaveRooms } from "../api/save-rooms";
import { RoomCard } from "./room-card";
import { roundName } from "./labels";
import { hostOptions } from "./room-tools";

/** A room of the draft being edited: its sides in seat order and its host. */
export interface DraftRoom {
  entrant_ids: number[];
  host_player_id: number | null;
}

export function draftFromRooms(rooms: ReadonlyArray<Room>): DraftRoom[] {
  return rooms.map((r) => ({ entrant_ids: r.sides.map((s) => s.entrant_id), host_player_id: r.host_player_id }));
}

/**
 * Moves a side to room `to` (index). A host who leaves with their side leaves the old room
 * without one: it gets its first host-capable racer left (or none); the new room keeps its
 * host, or takes the side's host-capable racer when it had none.
 */
export function moveSide(
  rooms: ReadonlyArray<DraftRoom>,
  sides: ReadonlyMap<number, RoomSide>,
  entrantId: number,
  to: number,
): DraftRoom[] {
  const from = rooms.findIndex((r) => r.entrant_ids.includes(entrantId));
  if (from < 0 || from === to || !rooms[to]) return [...rooms];
  const racersOf = (ids: number[]) => ids.flatMap((id) => sides.get(id)?.racers ?? []);
  const moving = sides.get(entrantId)?.racers ?? [];
  return rooms.map((r, i) => {
    if (i === from) {
      const left = r.entrant_ids.filter((id) => id !== entrantId);
      const hostLeft = moving.some((m) => m.player_id === r.host_player_id);
      return {
        entrant_ids: left,
        host_player_id: hostLeft ? (racersOf(left).find((x) => x.can_host)?.player_id ?? null) : r.host_player_id,
      };
    }
    if (i === to) {
      return {
        entrant_ids: [...r.entrant_ids, entrantId],
        host_player_id: r.host_player_id ?? moving.find((m) => m.can_host)?.player_id ?? null,
      };
    }
    return r;
  });
}

/**
 * A draft round (staff only): the drawn rooms, each side with a "Move to room…" select (keyboard
 * and touch friendly, no drag needed) and each room with a host select; Save draw sends every
 * room (`…/rooms`), Publish makes the rooms public (confirmed; only once the changes are
 * saved), Delete round removes the draft (confirmed).
 */
export function DraftEditor({ tournamentId, detail }: { tournamentId: number; detail: RoundDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const n = detail.round.number;
  const squads = detail.entrant_type === "squad";
  const [rooms, setRooms] = useState<DraftRoom[]>(() => draftFromRooms(detail.rooms));
  const [dirty, setDirty] = useState(false);
  const save = useSaveRooms(tournamentId, n);
  const publish = usePublishRound(tournamentId, n);
  const remove = useDeleteRound(tournamentId, n);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const sides = useMemo(() => new Map(detail.rooms.flatMap((r) => r.sides.map((s) => [s.entrant_id, s] as const))), [detail.rooms]);
  const perRoom = detail.round.sides_per_room;
  const error = save.error ?? publish.error ?? remove.error;
  const busy = save.isPending || publish.isPending || remove.isPending;

  const change = (next: DraftRoom[]) => {
    setRooms(next);
    setDirty(true);
  };

  // The room as the card shows it: the draft's sides and host over the drawn room's fields.
  const view = (r: DraftRoom, i: number): Room => {
    const base = detail.rooms[i] ?? detail.rooms[0]!;
    const roomSides = r.entrant_ids.flatMap((id) => (sides.has(id) ? [sides.get(id)!] : []));
    const host = roomSides.flatMap((s) => s.racers).find((x) => x.player_id === r.host_player_id);
    return { ...base, number: i + 1, sides: roomSides, host_player_id: host?.player_id ?? null, host_name: host?.name ?? null };
  };

  const saveDraw = () => {
    // A room emptied by the moves is not sent: the server numbers the rooms it is given.
    const kept = rooms.filter((r) => r.entrant_ids.length > 0);
    save.mutate(
      { rooms: kept },
      {
        onSuccess: () => {
          setRooms(kept);
          setDirty(false);
          toast(_("rounds.draft.saved"));
        },
      },
    );
  };

  const publishRound = async () => {
    const ok = await confirm({
      title: _("rounds.draft.publishTitle", { round: roundName(_, detail.round) }),
      body: <p>{_("rounds.draft.publishBody", { count: rooms.length })}</p>,
      confirmLabel: _("rounds.draft.publish"),
    });
    if (ok) publish.mutate(undefined, { onSuccess: () => toast(_("rounds.draft.published", { round: roundName(_, detail.round) })) });
  };

  const deleteRound = async () => {
    const ok = await confirm({
      title: _("rounds.draft.deleteTitle", { round: roundName(_, detail.round) }),
      body: <p>{_("rounds.draft.deleteBody")}</p>,
      confirmLabel: _("rounds.draft.delete"),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast(_("rounds.draft.deleted", { round: roundName(_, detail.round) }));
        void navigate(paths.tournamentRounds(tournamentId));
      },
    });
  };

  return (
    <>
      <section className="panel round-staff" aria-labelledby="draft-tools">
        <header className="panel__header">
          <h2 className="panel__title" id="draft-tools">
            {_("rounds.draft.title")}
          </h2>
        </header>
        <div className="panel__body">
          <p className="muted">{squads ? _("rounds.draft.intro.squads") : _("rounds.draft.intro.players")}</p>
          {error && (
            <p className="form-error" role="alert">
              {errorText(error)}
            </p>
          )}
          <div className="form-actions round-staff__actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={!dirty || busy}
              aria-busy={save.isPending || undefined}
              onClick={saveDraw}
            >
              {save.isPending ? _("rounds.saving") : _("rounds.draft.save")}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={!dirty || busy}
              onClick={() => {
                setRooms(draftFromRooms(detail.rooms));
                setDirty(false);
              }}
            >
              {_("rounds.draft.undo")}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={dirty || busy}
              aria-busy={publish.isPending || undefined}
              onClick={() => void publishRound()}
            >
              {publish.isPending ? _("rounds.draft.publishing") : _("rounds.draft.publish")}
            </button>
            <button
              type="button"
              className="btn btn--danger-solid"
              disabled={busy}
              aria-busy={remove.isPending || undefined}
              onClick={() => void deleteRound()}
            >
              {remove.isPending ? _("rounds.draft.deleting") : _("rounds.draft.delete")}
            </button>
          </div>
          {dirty && <p className="muted round-staff__note">{_("rounds.draft.saveFirst")}</p>}
        </div>
      </section>
      <div className="rooms-grid">
        {rooms.map((r, i) => {
          const room = view(r, i);
          return (
            <RoomCard
              key={i}
              room={room}
              squads={squads}
              draft
              sideTools={(side) => (
                <select
                  className="input room-move"
                  aria-label={_("rounds.draft.moveLabel", { name: side.name })}
                  value=""
                  onChange={(e) => {
                    if (e.target.value !== "") change(moveSide(rooms, sides, side.entrant_id, Number(e.target.value)));
                  }}
                >
                  <option value="">{_("rounds.draft.moveTo")}</option>
                  {rooms.map((other, k) =>
                    k === i ? null : (
                      <option key={k} value={k} disabled={other.entrant_ids.length >= perRoom}>
                        {_("rounds.draft.moveOption", { number: k + 1, sides: other.entrant_ids.length, max: perRoom })}
                      </option>
                    ),
                  )}
                </select>
              )}
            >
              <div className="field room-host">
                <label htmlFor={`host-${i}`}>{_("rounds.draft.hostOf", { number: i + 1 })}</label>
                <select
                  id={`host-${i}`}
                  className="input"
                  value={r.host_player_id === null ? "" : String(r.host_player_id)}
                  onChange={(e) =>
                    change(
                      rooms.map((x, k) => (k === i ? { ...x, host_player_id: e.target.value === "" ? null : Number(e.target.value) } : x)),
                    )
                  }
                >
                  <option value="">{_("rounds.tools.noHost")}</option>
                  {hostOptions(room).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </RoomCard>
          );
        })}
      </div>
    </>
  );
}
