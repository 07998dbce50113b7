import type {
  RequestStatusName,
  WindowAwardView,
  WindowRequestResult,
  WindowRuleName,
} from '@holgura/contracts';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { formatNumber } from '../../../utils/format';
import { mwText } from '../model/explanation';

const t = esWindows.view;

/** A request and its award under the rule shown (null: the rule has no result). */
export type AwardRow = { request: WindowRequestResult; award: WindowAwardView | null };

const statusOrder: Record<RequestStatusName, number> = { complete: 0, partial: 1, none: 2 };
const statusClasses: Record<RequestStatusName, string> = {
  complete: 'bg-green-100 text-green-900',
  partial: 'bg-amber-100 text-amber-900',
  none: 'bg-slate-100 text-slate-800',
};

const column = createColumnHelper<AwardRow>();
const columns = [
  column.accessor((row) => row.request.rank, {
    id: 'rank',
    header: t.columns.rank,
    meta: { align: 'right' },
  }),
  column.accessor((row) => row.request.id, {
    id: 'id',
    header: t.columns.id,
    meta: { rowHeader: true, cellClassName: 'font-semibold text-slate-900' },
  }),
  column.accessor((row) => row.request.name ?? '', {
    id: 'name',
    header: t.columns.name,
    cell: (info) => info.getValue() || t.noAward,
  }),
  column.accessor((row) => row.request.bus, {
    id: 'bus',
    header: t.columns.bus,
    cell: ({ row }) => (
      <span>
        <span className="tabular-nums">{row.original.request.bus}</span>
        <span className="block text-xs text-slate-600">
          {row.original.request.busName}
          {(row.original.request.baseKv ?? 0) > 0 &&
            ` · ${formatNumber(row.original.request.baseKv!, 2)} kV`}
        </span>
      </span>
    ),
  }),
  column.accessor((row) => row.request.requestedMw, {
    id: 'requested',
    header: t.columns.requested,
    cell: (info) => mwText(info.getValue()),
    meta: { align: 'right' },
  }),
  column.accessor((row) => row.request.standaloneMw, {
    id: 'standalone',
    header: t.columns.standalone,
    cell: (info) => mwText(info.getValue()),
    meta: { align: 'right' },
  }),
  column.accessor((row) => row.award?.awardedMw ?? -1, {
    id: 'awarded',
    header: t.columns.awarded,
    cell: ({ row }) =>
      row.original.award === null ? (
        t.noAward
      ) : (
        <span className="font-semibold">{mwText(row.original.award.awardedMw)}</span>
      ),
    meta: { align: 'right' },
  }),
  column.accessor((row) => (row.award === null ? 3 : statusOrder[row.award.status]), {
    id: 'status',
    header: t.columns.status,
    cell: ({ row }) =>
      row.original.award === null ? (
        t.noAward
      ) : (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
            statusClasses[row.original.award.status],
          )}
        >
          {t.status[row.original.award.status]}
        </span>
      ),
  }),
];

/**
 * The requests with their award under the selected rule: sortable, 10 a page, each selectable
 * (click, Enter, Space or its radio) to read why it gets what it gets.
 */
export function AwardsTable({
  rows,
  rule,
  sorting,
  onSorting,
  selectedId,
  onSelect,
}: {
  rows: readonly AwardRow[];
  rule: WindowRuleName;
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <DataTable
      caption={t.tableCaption(t.ruleTitle[rule])}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.request.id}
      emptyText={t.noMatches}
      sorting={{ state: sorting, onChange: onSorting }}
      selection={{
        selectedId,
        onSelect,
        radio: { header: t.selectHeader, label: (row) => t.selectLabel(row.request.id) },
      }}
      paging={{ sizes: PAGE_SIZES, initialSize: 10 }}
      minWidth="52rem"
    />
  );
}
