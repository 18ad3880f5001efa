import { useState } from "react";
import { Panel } from "@/components/ui/panel";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { TransferRow } from "@/components/ui/transfer-row";
import { useT } from "@/lib/i18n/use-t";
import { useTeamTransfers } from "../api/get-team-transfers";

/** The team's transfers (joins and leaves; 000 §3 Transaction row), newest first, paged. */
export function TeamTransfers({ teamId }: { teamId: number }) {
  const _ = useT();
  const [page, setPage] = useState(1);
  const transfers = useTeamTransfers(teamId, page);
  return (
    <Panel title={_("teams.transfers.title")} testId="team-transfers">
      <QueryState
        query={transfers}
        isEmpty={(d) => d.data.length === 0 && page === 1}
        empty={<p className="empty">{_("teams.transfers.empty")}</p>}
      >
        {(d) => (
          <>
            <ul className="rows" aria-busy={transfers.isPlaceholderData}>
              {d.data.map((x) => (
                <TransferRow key={x.id} transfer={x} />
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={transfers.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
