import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';

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
