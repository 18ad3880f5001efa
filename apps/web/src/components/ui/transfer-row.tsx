import { Link } from "react-router";
import { GAMES, type Transaction } from "@site/contract";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { PlayerName } from "@/components/ui/player-name";
import { gameTitle } from "@/lib/i18n/contract-labels";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

function TeamSide({ id, tag, color, side }: { id: number | null; tag: string | null; color: number | null; side: "from" | "to" }) {
  const _ = useT();
  if (id === null || tag === null) {
    return (
      <span className="transfer__none" title={side === "from" ? _("ui.transfer.noFromTeam") : _("ui.transfer.noToTeam")}>
        —
      </span>
    );
  }
  return (
    <Link
      to={paths.team(id)}
      className="transfer__team"
      aria-label={side === "from" ? _("ui.transfer.fromTeam", { tag }) : _("ui.transfer.toTeam", { tag })}
    >
      <TeamTag tag={tag} color={color} />
    </Link>
  );
}

/**
 * One team transfer (000 §2 Recent transfers): player linked with flag, game/mode abbreviation,
 * from-team tag → to-team tag in team colours, date. A missing side (joining from or leaving to
 * no team) shows a dash.
 */
export function TransferRow({ transfer: t }: { transfer: Transaction }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <li className="row transfer" data-id={t.id}>
      <PlayerName id={t.player_id} name={t.player_name} countryCode={t.country_code} countryName={t.country_name} />
      <span className="badge badge--mode" title={t.game in GAMES ? gameTitle(_, t.game) : t.game_title}>
        {t.mode_abbrev}
      </span>
      <span className="transfer__teams">
        <TeamSide id={t.from_team_id} tag={t.from_team_tag} color={t.from_team_color} side="from" />
        <span className="transfer__arrow" aria-label={_("ui.transfer.arrow")}>
          →
        </span>
        <TeamSide id={t.to_team_id} tag={t.to_team_tag} color={t.to_team_color} side="to" />
      </span>
      <span className="row__meta">{formatDay(t.transfer_date, locale)}</span>
    </li>
  );
}
