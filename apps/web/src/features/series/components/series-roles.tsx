import { useState } from "react";
import { type PlayerPickerItem, SERIES_ROLES, type SeriesDetail, type SeriesRole } from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { TabBar } from "@/components/ui/tab-bar";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { useEditSeriesRole, useSeriesRoles } from "../api/series-roles";
import { PlayerSelect } from "@/components/ui/player-select";
import { playerPickerQueryOptions } from "@/features/players/api/get-player-picker";

/**
 * `/tournaments/series/{id}/roles` (001 §2 Series roles): a tab per role — Series Administrator
 * (only for event administrators) and Series Organizer — a player picker with Add Player, the
 * holders with a remove icon, and 'No players yet.'.
 */
export function SeriesRoles({ series, canAssignSeriesAdmin }: { series: SeriesDetail; canAssignSeriesAdmin: boolean }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const roleNames: Record<SeriesRole, string> = {
    series_admin: _("series.roles.series_admin"),
    series_mod: _("series.roles.series_mod"),
  };
  const tabs = (Object.keys(SERIES_ROLES) as SeriesRole[])
    .filter((role) => role !== "series_admin" || canAssignSeriesAdmin)
    .map((value) => ({ value, label: roleNames[value] }));
  const [role, setRole] = useState<SeriesRole>(tabs[0]!.value);
  const [player, setPlayer] = useState<PlayerPickerItem | null>(null);
  const holders = useSeriesRoles(series.id, role);
  const edit = useEditSeriesRole();

  const confirm = useConfirm();
  const toast = useToast();
  const roleName = roleNames[role];
  const pending = edit.isPending ? edit.variables.body : undefined;
  const add = () => {
    if (!player || edit.isPending) return;
    const name = player.name;
    edit.mutate(
      { id: series.id, body: { player: player.id, role, action: "add" } },
      {
        onSuccess: () => {
          setPlayer(null);
          toast(_("series.roles.added", { name, role, series: series.series_name }));
        },
      },
    );
  };
  const remove = async (playerId: number, name: string) => {
    const ok = await confirm({
      title: _("series.roles.remove.title", { name, role }),
      body: <p>{_("series.roles.remove.body", { name, role, series: series.series_name })}</p>,
      confirmLabel: _("series.roles.remove.confirm"),
      destructive: true,
    });
    if (ok)
      edit.mutate(
        { id: series.id, body: { player: playerId, role, action: "remove" } },
        { onSuccess: () => toast(_("series.roles.removed", { name, role, series: series.series_name })) },
      );
  };
  return (
    <div className="series-roles">
      <TabBar
        label={_("series.roles.tabsLabel")}
        tabs={tabs}
        value={role}
        onChange={(r) => {
          setRole(r);
          edit.reset();
        }}
      />
      <section className="panel" aria-label={roleName}>
        <div className="panel__body">
          <div className="series-roles__add">
            <PlayerSelect value={player} onChange={setPlayer} source={playerPickerQueryOptions} />
            <button type="button" className="btn btn--primary" disabled={!player || edit.isPending} onClick={add}>
              {pending?.action === "add" ? _("series.adjustments.adding") : _("series.roles.addPlayer")}
            </button>
          </div>
          {edit.isError && (
            <p className="form-error" role="alert">
              {errorText(edit.error)}
            </p>
          )}
          <QueryState query={holders} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("series.roles.empty")}</p>}>
            {(d) => (
              <ul className="rows">
                {d.data.map((h) => (
                  <li key={h.player_id} className="row">
                    <PlayerName id={h.player_id} name={h.display_name} countryCode={h.country_code} />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={_("series.roles.removeHolder", { name: h.display_name })}
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
