import { GAME_MODES, TEAM_CATEGORY_KEYS } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useTransactions } from "../api/get-transactions";
import { TransferRow } from "@/components/ui/transfer-row";
import { FilteredEmpty } from "@/components/ui/filtered-empty";
import { useT } from "@/lib/i18n/use-t";

export const TRANSFER_PAGE_SIZE = 50;

/** The game modes of teams (their abbreviations are names, not translated). */
const MODES = TEAM_CATEGORY_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }));

/**
 * Recent transfers (000 §2): paged from 1, filtered by team mode ('all' or a game-mode key).
 */
export function TransferList() {
  const _ = useT();
  const { params, page, update } = useListParams();
  const options = [{ value: "all", label: _("players.transfers.allModes") }, ...MODES];
  const mode = params.get("mode") || "all";
  const transfers = useTransactions({ mode, page, limit: TRANSFER_PAGE_SIZE });
  return (
    <div className="list-page">
      <div className="filters">
        <SelectField
          label={_("players.transfers.mode")}
          value={mode}
          options={options}
          onChange={(v) => update({ mode: v === "all" ? null : v })}
        />
      </div>
      <QueryState
        query={transfers}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <FilteredEmpty
            message={_("players.transfers.empty")}
            filters={
              mode !== "all" ? [{ label: _("players.transfers.mode"), value: MODES.find((o) => o.value === mode)?.label ?? mode }] : []
            }
            onClear={() => update({ mode: null })}
          />
        }
      >
        {(d) => (
          <>
            <ul className="rows rows--page" aria-busy={transfers.isPlaceholderData}>
              {d.data.map((t) => (
                <TransferRow key={t.id} transfer={t} />
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={(p) => update({ page: p })} busy={transfers.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </div>
  );
}
