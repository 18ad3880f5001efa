import { Link } from "react-router";
import type { Transaction } from "@site/contract";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { PlayerName } from "@/components/ui/player-name";

function TeamSide({ id, tag, color, label }: { id: number | null; tag: string | null; color: number | null; label: string }) {
  if (id === null || tag === null) {
    return (
      <span className="transfer__none" title={`No ${label} team`}>
        —
      </span>
    );
  }
  return (
    <Link to={paths.team(id)} className="transfer__team" aria-label={`${label} team ${tag}`}>
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
  return (
    <li className="row transfer" data-id={t.id}>
      <PlayerName id={t.player_id} name={t.player_name} countryCode={t.country_code} countryName={t.country_name} />
      <span className="badge badge--mode" title={t.game_title}>
        {t.mode_abbrev}
      </span>
      <span className="transfer__teams">
        <TeamSide id={t.from_team_id} tag={t.from_team_tag} color={t.from_team_color} label="From" />
        <span className="transfer__arrow" aria-label="to">
          →
        </span>
        <TeamSide id={t.to_team_id} tag={t.to_team_tag} color={t.to_team_color} label="To" />
      </span>
      <span className="row__meta">{t.transfer_date_human}</span>
    </li>
  );
}
