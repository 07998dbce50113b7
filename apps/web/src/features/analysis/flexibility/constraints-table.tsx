import { pageSizes, type ConstraintSummary, type LevelSummary } from '@holgura/contracts';
import { createColumnHelper, type PaginationState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Card } from '../../../components/ui/card';
import { esAnalysisResults } from '../../../strings/es';
import { formatFixed } from '../../../utils/format';
import { constraintLoadingAtZero, contingencyName } from './model';

const t = esAnalysisResults.constraints;

/** One page of the level's constraints, as the server answered it (or an error). */
export type ConstraintRows =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: readonly ConstraintSummary[]; total: number };

type ConstraintsTableProps = {
  level: LevelSummary | undefined;
  page: PaginationState;
  onPageChange: (page: PaginationState) => void;
  constraints: ConstraintRows;
  selectedId: number | null;
  onSelect: (constraint: ConstraintSummary) => void;
  /** The constraint that sets the FCITC of the figure shown (null: Tmax is reached first). */
  bindingId?: number | null;
  /** Shown beside the title when the level has constraints (the download buttons). */
  actions?: ReactNode;
};

/** Impacto: the ranking with 6 decimals, N/A when not a finite number. */
export function formatImpact(ranking: number): string {
  return Number.isFinite(ranking) ? formatFixed(ranking, 6) : t.notAvailable;
}

/** Which condition is violated, with its loading: after the contingency, or in the base case. */
function PreExistingTag({ constraint }: { constraint: ConstraintSummary }) {
  const percent = constraintLoadingAtZero(constraint);
  return (
    <span
      className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800"
      data-testid="pre-existing-tag"
    >
      {t.preExisting(
        contingencyName(constraint) !== null,
        percent === null ? t.notAvailable : formatFixed(percent, 1),
      )}
    </span>
  );
}

/** «Define la cifra»: the constraint whose T(c) is the FCITC shown. */
function BindingTag() {
  return (
    <span
      className="ml-2 inline-block rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900"
      title={t.bindingHelp}
      data-testid="binding-tag"
    >
      {t.binding}
    </span>
  );
}

/** A row and its place in the level (1-based, across pages). */
type Row = { constraint: ConstraintSummary; rank: number; binding: boolean };

const column = createColumnHelper<Row>();
const columns = [
  column.accessor('rank', {
    header: t.index,
    meta: { cellClassName: 'tabular-nums text-slate-600' },
  }),
  column.accessor((row) => row.constraint.monitored.name, {
    id: 'monitored',
    header: t.monitored,
    cell: ({ row, getValue }) => (
      <>
        {getValue()}
        {row.original.binding && <BindingTag />}
        {row.original.constraint.preExistingViolation && (
          <PreExistingTag constraint={row.original.constraint} />
        )}
      </>
    ),
    meta: { cellClassName: 'font-medium text-slate-900' },
  }),
  column.accessor((row) => contingencyName(row.constraint) ?? t.fullNetwork, {
    id: 'contingency',
    header: t.contingency,
    meta: { cellClassName: 'text-slate-700' },
  }),
  column.accessor((row) => row.constraint.ranking, {
    id: 'ranking',
    header: t.impact,
    cell: (info) => formatImpact(info.getValue()),
    meta: { align: 'right' },
  }),
  column.accessor((row) => row.constraint.transferAtLimitMw, {
    id: 'atLimit',
    header: () => <span title={t.atLimitHelp}>{t.atLimit}</span>,
    cell: (info) => formatFixed(info.getValue(), 1),
    meta: { align: 'right' },
  }),
];

/**
 * The constraints of the chosen level, by ranking descending, a page at a time from the server
 * (issue #16: a level of a 10,000-bus case can hold hundreds).
 */
export function ConstraintsTable({
  level,
  page,
  onPageChange,
  constraints,
  selectedId,
  onSelect,
  bindingId = null,
  actions,
}: ConstraintsTableProps) {
  const empty = level === undefined || level.constraintCount === 0;
  const ready = constraints.status === 'ready' ? constraints : null;
  const offset = page.pageIndex * page.pageSize;
  const rows: Row[] = empty
    ? []
    : (ready?.rows.map((constraint, index) => ({
        constraint,
        rank: offset + index + 1,
        binding: constraint.id === bindingId,
      })) ?? []);
  const byId = new Map(rows.map((row) => [String(row.constraint.id), row.constraint]));
  return (
    <Card level={3} titleId="restricciones-titulo" title={t.title} actions={!empty && actions}>
      <div className="mt-3">
        <DataTable
          caption={t.tableLabel(level?.level ?? 0)}
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.constraint.id)}
          status={empty || constraints.status === 'ready' ? 'ready' : constraints.status}
          loadingText={t.loading}
          errorText={constraints.status === 'error' ? t.error(constraints.message) : ''}
          emptyText={level === undefined ? t.noLevel : t.empty}
          selection={{
            selectedId: selectedId === null ? null : String(selectedId),
            onSelect: (id) => {
              const constraint = byId.get(id);
              if (constraint !== undefined) onSelect(constraint);
            },
          }}
          paging={
            empty
              ? undefined
              : {
                  sizes: pageSizes,
                  page,
                  rowCount: ready?.total ?? level.constraintCount,
                  onPageChange,
                }
          }
          className="max-h-96"
          minWidth="36rem"
        />
      </div>
      {!empty && <p className="mt-2 text-xs text-slate-600">{t.atLimitNote}</p>}
    </Card>
  );
}
