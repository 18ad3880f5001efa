import { useState } from "react";
import { type PlayerPickerItem, SERIES_ROLES, type SeriesDetail, type SeriesRole } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { TabBar } from "@/components/ui/tab-bar";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useEditSeriesRole, useSeriesRoles } from "../api/series-roles";
import { PlayerSelect } from "@/components/ui/player-select";
import { playerPickerQueryOptions } from "@/features/players/api/get-player-picker";

/**
 * `/tournaments/series/{id}/roles` (001 §2 Series roles): a tab per role — Series Administrator
 * (only for event administrators) and Series Organizer — a player picker with Add Player, the
 * holders with a remove icon, and 'No players yet.'.
 */
export function SeriesRoles({ series, canAssignSeriesAdmin }: { series: SeriesDetail; canAssignSeriesAdmin: boolean }) {
  const tabs = (Object.entries(SERIES_ROLES) as Array<[SeriesRole, string]>)
    .filter(([role]) => role !== "series_admin" || canAssignSeriesAdmin)
    .map(([value, label]) => ({ value, label }));
  const [role, setRole] = useState<SeriesRole>(tabs[0]!.value);
  const [player, setPlayer] = useState<PlayerPickerItem | null>(null);
  const holders = useSeriesRoles(series.id, role);
  const edit = useEditSeriesRole();

  const confirm = useConfirm();
  const toast = useToast();
  const roleName = SERIES_ROLES[role];
  const pending = edit.isPending ? edit.variables.body : undefined;
  const add = () => {
    if (!player || edit.isPending) return;
    const name = player.name;
    edit.mutate(
      { id: series.id, body: { player: player.id, role, action: "add" } },
      {
        onSuccess: () => {
          setPlayer(null);
          toast(`${name} is now a ${roleName} of ${series.series_name}.`);
        },
      },
    );
  };
  const remove = async (playerId: number, name: string) => {
    const ok = await confirm({
      title: `Remove ${name} as ${roleName}?`,
      body: (
        <p>
          {name} loses the {roleName} role for {series.series_name} and what it allows there, at once.
        </p>
      ),
      confirmLabel: "Remove role",
      destructive: true,
    });
    if (ok)
      edit.mutate(
        { id: series.id, body: { player: playerId, role, action: "remove" } },
        { onSuccess: () => toast(`${name} is no longer a ${roleName} of ${series.series_name}.`) },
      );
  };
  return (
    <div className="series-roles">
      <TabBar
        label="Series roles"
        tabs={tabs}
        value={role}
        onChange={(r) => {
          setRole(r);
          edit.reset();
        }}
      />
      <section className="panel" aria-label={SERIES_ROLES[role]}>
        <div className="panel__body">
          <div className="series-roles__add">
            <PlayerSelect value={player} onChange={setPlayer} source={playerPickerQueryOptions} />
            <button type="button" className="btn btn--primary" disabled={!player || edit.isPending} onClick={add}>
              {pending?.action === "add" ? "Adding…" : "Add Player"}
            </button>
          </div>
          {edit.isError && (
            <p className="form-error" role="alert">
              {errorMessage(edit.error)}
            </p>
          )}
          <QueryState query={holders} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No players yet.</p>}>
            {(d) => (
              <ul className="rows">
                {d.data.map((h) => (
                  <li key={h.player_id} className="row">
                    <PlayerName id={h.player_id} name={h.display_name} countryCode={h.country_code} />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${h.display_name}`}
                      disabled={edit.isPending}
                      onClick={() => void remove(h.player_id, h.display_name)}
                    >
                      {pending?.action === "remove" && pending.player === h.player_id ? "…" : "×"}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>
    </div>
  );
}
