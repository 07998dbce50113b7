import type { PreExisting, PreExistingViolation } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { Card } from '../../../components/ui/card';
import { esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed, formatInteger } from '../../../utils/format';
import { LoadingGauge } from '../components/loading-gauge';
import { contingencyName } from './model';

const t = esAnalysisResults.preExisting;

/**
 * The contingency of a violation: the planner's (issue #30), a branch, a unit's outage, or none
 * (the base case).
 */
export function violationContingency(violation: PreExistingViolation): string {
  const name = contingencyName(violation);
  if (name !== null) return name;
  if (violation.generatorOutage !== null) return t.generatorOutage(violation.generatorOutage.name);
  return t.fullNetwork;
}

/** What the study group's transfer does to it, in words (decision 013). */
export function violationEffect(violation: PreExistingViolation): string {
  switch (violation.effect) {
    case 'worsens':
      return t.worsens;
    case 'relieves':
      return violation.clearsAtMw === null
        ? t.relieves
        : `${t.relieves} (${t.clearsAt(formatFixed(violation.clearsAtMw, 1))})`;
    case 'unaffected':
      return t.unaffected;
  }
}

const column = createColumnHelper<PreExistingViolation>();
const mwColumn = (key: 'flowAtZeroMw' | 'limitMw', header: string) =>
  column.accessor(key, {
    header,
    cell: (info) => formatFixed(info.getValue(), 1),
    meta: { align: 'right' },
  });
const columns = [
  column.accessor((violation) => violation.monitored.name, {
    id: 'monitored',
    header: t.monitored,
    meta: { cellClassName: 'font-medium text-slate-900', rowHeader: true },
  }),
  column.accessor(violationContingency, {
    id: 'contingency',
    header: t.contingency,
    meta: { cellClassName: 'text-slate-700' },
  }),
  mwColumn('flowAtZeroMw', t.flow),
  mwColumn('limitMw', t.limit),
  column.accessor('loadingPercent', {
    header: t.loading,
    cell: (info) => <LoadingGauge percent={info.getValue()} />,
  }),
  column.accessor(violationEffect, {
    id: 'effect',
    header: t.effect,
    cell: ({ row, getValue }) => (
      <span
        className={cn(
          row.original.effect === 'worsens' && 'font-semibold text-red-800',
          row.original.effect === 'unaffected' && 'text-slate-600',
        )}
      >
        {getValue()}
      </span>
    ),
  }),
];

/**
 * 'Violaciones existentes' (issue #21): the elements already over their limit at T = 0, each
 * with its contingency, its loading then, and what the transfer does to it; with the counts
 * (from the result's summary) when more exist than the result lists. The list itself is its own
 * part of the result (issue #16), read when shown.
 */
export function PreExistingTable({
  counts,
  violations,
}: {
  counts: PreExisting['counts'];
  /** The listed violations, or their request's state. */
  violations:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready'; rows: readonly PreExistingViolation[] };
}) {
  const rows = violations.status === 'ready' ? violations.rows : [];
  return (
    <Card
      level={3}
      titleId="violaciones-titulo"
      title={t.title}
      subtitle={
        counts.total === 0 ? undefined : (
          <div className="mt-1 space-y-1 text-sm text-slate-600">
            <p data-testid="pre-existing-counts">
              {t.counts(
                formatInteger(counts.total),
                formatInteger(counts.worsens),
                formatInteger(counts.relieves),
                formatInteger(counts.unaffected),
              )}
            </p>
            {violations.status === 'ready' && rows.length < counts.total && (
              <p>{t.listed(formatInteger(rows.length), formatInteger(counts.total))}</p>
            )}
          </div>
        )
      }
    >
      <div className="mt-3">
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={rows}
          // On a set, contingencies without a branch are told apart by their label.
          getRowId={(violation) =>
            `${violation.monitored.branch}-${violation.contingency?.branch ?? 0}-${violation.generatorOutage?.generator ?? 0}-${violation.setContingency?.label ?? ''}`
          }
          status={violations.status}
          loadingText={t.listLoading}
          errorText={violations.status === 'error' ? t.listError(violations.message) : ''}
          emptyText={t.none}
          paging={{ sizes: PAGE_SIZES, initialSize: 5 }}
          minWidth="48rem"
        />
      </div>
    </Card>
  );
}
