import { type BulkAction, isSquadEvent, type MoveStatus, type TournamentDetail } from "@site/contract";
import {
  type BulkActionChoice,
  BulkBar,
  RowCheckbox,
  SelectAllCheckbox,
  useBulkRunner,
  useRowSelection,
} from "@/components/ui/bulk-selection";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { useBulkAction } from "../api/bulk";
import { BULK_LABELS, bulkResultText, bulkTexts } from "../api/registration-labels";

/**
 * Bulk actions for the player or squad table (issue #22 §2), tournament administrators only:
 * the selection of the rows on screen, the bar with the actions the list allows (verify and
 * check-ins on registered rows; the moves out of the list it is not), and the checkbox cells.
 * `enabled` is false for everyone else, who get no checkboxes.
 */
export function useRegistrationBulk(t: TournamentDetail, table: "players" | "squads", ids: readonly number[], status: MoveStatus) {
  const _ = useT();
  const i18n = useI18n();
  const enabled = t.can_administrate;
  const selection = useRowSelection(ids);
  const mutation = useBulkAction(t.id, table);
  const runner = useBulkRunner<BulkAction>({
    selection,
    ...bulkTexts(_, table),
    run: async (action, picked) => ({ message: bulkResultText(i18n, action, await mutation.mutateAsync({ action, ids: picked })) }),
  });
  // Squad players are verified with their squad (the squad table's Verify).
  const canVerify = table === "squads" || !isSquadEvent(t.event_format);
  const wanted: BulkAction[] = [
    ...(status === "registered" && canVerify ? (["verify"] as const) : []),
    ...(status === "registered" && t.checkin_required ? (["checkin", "checkout"] as const) : []),
    ...(status !== "withdrawn" ? (["withdraw"] as const) : []),
    ...(status !== "rejected" ? (["reject"] as const) : []),
  ];
  const actions: BulkActionChoice<BulkAction>[] = wanted.map((a) => ({
    action: a,
    label: _(BULK_LABELS[a]),
    destructive: a === "withdraw" || a === "reject",
  }));
  return {
    enabled,
    bar: enabled && (
      <>
        <BulkBar
          count={selection.selected.length}
          actions={actions}
          busy={runner.busy}
          onAction={(a) => void runner.start(a)}
          onClear={selection.clear}
        />
        {runner.resultLine}
      </>
    ),
    headerCell: enabled && (
      <th className="bulk-cell">
        <SelectAllCheckbox selection={selection} count={ids.length} label={_("registration.bulk.selectAll", { kind: table })} />
      </th>
    ),
    rowCell: (id: number, name: string) =>
      enabled && (
        <td className="bulk-cell">
          <RowCheckbox selection={selection} id={id} label={_("registration.bulk.select", { name })} />
        </td>
      ),
  };
}
