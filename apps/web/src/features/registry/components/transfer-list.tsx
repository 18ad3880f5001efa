import { GAME_MODES, TEAM_CATEGORY_KEYS } from "@site/contract";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { useListParams } from "@/hooks/use-list-params";
import { useTransactions } from "../api/get-transactions";
import { TransferRow } from "@/components/ui/transfer-row";
import { FilteredEmpty } from "@/components/ui/filtered-empty";

export const TRANSFER_PAGE_SIZE = 50;

const MODE_OPTIONS = [{ value: "all", label: "All Modes" }, ...TEAM_CATEGORY_KEYS.map((k) => ({ value: k, label: GAME_MODES[k].abbrev }))];

/**
 * Recent transfers (000 §2): paged from 1, filtered by team mode ('all' or a game-mode key).
 */
export function TransferList() {
  const { params, page, update } = useListParams();
  const mode = params.get("mode") || "all";
  const transfers = useTransactions({ mode, page, limit: TRANSFER_PAGE_SIZE });
  return (
    <div className="list-page">
      <div className="filters">
        <SelectField label="Mode" value={mode} options={MODE_OPTIONS} onChange={(v) => update({ mode: v === "all" ? null : v })} />
      </div>
      <QueryState
        query={transfers}
        isEmpty={(d) => d.data.length === 0}
        empty={
          <FilteredEmpty
            message="No transfers."
            filters={mode !== "all" ? [{ label: "Mode", value: MODE_OPTIONS.find((o) => o.value === mode)?.label ?? mode }] : []}
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
