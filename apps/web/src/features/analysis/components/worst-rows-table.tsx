import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { formatFixed } from '../../../utils/format';
import { LoadingGauge } from './loading-gauge';

/** Rows shown before «Mostrar todas»: the worst loadings are what a planner reads first. */
export const TOP_ROWS_COLLAPSED = 10;

/**
 * The worst rows of an N-1 screening (the case's, or a contingency set's): the first
 * TOP_ROWS_COLLAPSED, then all of them behind a toggle that says how many there are.
 */
export function WorstRowsTable<Row>({
  labelledBy,
  columns,
  rows,
  getRowId,
  emptyText,
  words,
}: {
  labelledBy: string;
  // TanStack's own column type: a column list mixes value types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  emptyText: string;
  words: { showAll: (total: number) => string; showFewer: string };
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <div className="mt-2">
        <DataTable
          labelledBy={labelledBy}
          columns={columns}
          rows={expanded ? rows : rows.slice(0, TOP_ROWS_COLLAPSED)}
          getRowId={getRowId}
          emptyText={emptyText}
          minWidth="40rem"
        />
      </div>
      {rows.length > TOP_ROWS_COLLAPSED && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? words.showFewer : words.showAll(rows.length)}
        </Button>
      )}
    </>
  );
}

/** What a worst-loadings row shows: the case's N1Loading and a set's ContingencySetLoading. */
export interface LoadingRow {
  readonly monitoredName: string;
  readonly contingencyName: string | null;
  readonly flowMw: number;
  readonly limitMva: number;
  readonly loadingPercent: number;
}

/** The worst-loadings columns: rank, monitored element, contingency (or N-0), flow, limit, loading. */
export function loadingColumns<Row extends LoadingRow>(words: {
  rank: string;
  monitoredElement: string;
  contingency: string;
  baseCase: string;
  flow: string;
  limit: string;
  loading: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
}): ColumnDef<Row, any>[] {
  const column = createColumnHelper<Row>();
  const mw = (id: 'flowMw' | 'limitMva', header: string) =>
    column.accessor((row) => row[id], {
      id,
      header,
      cell: (info) => formatFixed(info.getValue(), 1),
      meta: { align: 'right' },
    });
  return [
    column.display({
      id: 'rank',
      header: words.rank,
      cell: ({ row }) => row.index + 1,
      meta: { cellClassName: 'tabular-nums text-slate-600' },
    }),
    column.accessor((row) => row.monitoredName, {
      id: 'monitoredName',
      header: words.monitoredElement,
      meta: { cellClassName: 'font-medium text-slate-900' },
    }),
    column.accessor((row) => row.contingencyName ?? words.baseCase, {
      id: 'contingency',
      header: words.contingency,
      meta: { cellClassName: 'text-slate-700' },
    }),
    mw('flowMw', words.flow),
    mw('limitMva', words.limit),
    column.accessor((row) => row.loadingPercent, {
      id: 'loadingPercent',
      header: words.loading,
      cell: (info) => <LoadingGauge percent={info.getValue()} />,
    }),
  ];
}
