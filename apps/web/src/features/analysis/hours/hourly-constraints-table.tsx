import type { HourlyConstraint } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { esHours } from '../../../strings/es-hours';
import { formatInteger } from '../../../utils/format';

const t = esHours.constraints;

type Row = HourlyConstraint & { share: number };

const column = createColumnHelper<Row>();
const columns = [
  column.accessor('monitoredName', {
    header: t.monitored,
    meta: { rowHeader: true, cellClassName: 'font-medium text-slate-900 break-words' },
  }),
  column.accessor((row) => row.contingencyName ?? t.baseCase, {
    id: 'contingency',
    header: t.contingency,
    meta: { cellClassName: 'text-slate-700 break-words' },
  }),
  column.accessor('hours', {
    header: t.hours,
    cell: (info) => formatInteger(info.getValue()),
    meta: { align: 'right' },
  }),
  column.accessor('share', {
    header: t.share,
    cell: (info) => t.percent(info.getValue()),
    meta: { align: 'right' },
  }),
];

/** More rows than this are paged. */
const PAGED_FROM = 10;

/**
 * The binding constraints of a bus's year: each monitored element with its contingency (or the
 * base case), the hours it gives the bus's figure and their share of the feasible hours, the most
 * hours first.
 */
export function HourlyConstraintsTable({
  constraints,
  feasibleHours,
}: {
  constraints: readonly HourlyConstraint[];
  feasibleHours: number;
}) {
  const titleId = useId();
  const rows = useMemo(
    () =>
      constraints
        .map((row) => ({
          ...row,
          share: feasibleHours > 0 ? (100 * row.hours) / feasibleHours : 0,
        }))
        .sort((a, b) => b.hours - a.hours),
    [constraints, feasibleHours],
  );
  return (
    <div data-testid="hours-constraints">
      <h5 id={titleId} className="text-sm font-semibold text-slate-900">
        {t.title}
      </h5>
      <p className="mt-1 text-xs text-slate-600">{t.caption}</p>
      <div className="mt-2">
        <DataTable
          labelledBy={titleId}
          columns={columns}
          rows={rows}
          getRowId={(row) => `${row.monitoredBranch}|${row.contingency ?? 'N-0'}`}
          emptyText={t.none}
          minWidth="40rem"
          {...(rows.length > PAGED_FROM
            ? { paging: { sizes: PAGE_SIZES, initialSize: PAGED_FROM } }
            : {})}
        />
      </div>
    </div>
  );
}
