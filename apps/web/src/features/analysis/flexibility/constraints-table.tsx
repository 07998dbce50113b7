import type { Constraint, FlexibilityLevel } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Card } from '../../../components/ui/card';
import { esAnalysisResults } from '../../../strings/es';
import { formatFixed } from '../../../utils/format';
import { constraintLoadingAtZero } from './model';

const t = esAnalysisResults.constraints;

type ConstraintsTableProps = {
  level: FlexibilityLevel | undefined;
  constraints: ReadonlyMap<number, Constraint>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Shown beside the title when the level has constraints (the download buttons). */
  actions?: ReactNode;
};

/** Impacto: the ranking with 6 decimals, N/A when not a finite number. */
export function formatImpact(ranking: number): string {
  return Number.isFinite(ranking) ? formatFixed(ranking, 6) : t.notAvailable;
}

/** Which condition is violated, with its loading: after the contingency, or in the base case. */
function PreExistingTag({ constraint }: { constraint: Constraint }) {
  const percent = constraintLoadingAtZero(constraint);
  return (
    <span
      className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800"
      data-testid="pre-existing-tag"
    >
      {t.preExisting(
        constraint.contingency !== null,
        percent === null ? t.notAvailable : formatFixed(percent, 1),
      )}
    </span>
  );
}

const column = createColumnHelper<Constraint>();
const columns = [
  column.display({
    id: 'index',
    header: t.index,
    cell: ({ row }) => row.index + 1,
    meta: { cellClassName: 'tabular-nums text-slate-600' },
  }),
  column.accessor((constraint) => constraint.monitored.name, {
    id: 'monitored',
    header: t.monitored,
    cell: ({ row, getValue }) => (
      <>
        {getValue()}
        {row.original.preExistingViolation && <PreExistingTag constraint={row.original} />}
      </>
    ),
    meta: { cellClassName: 'font-medium text-slate-900' },
  }),
  column.accessor((constraint) => constraint.contingency?.name ?? t.fullNetwork, {
    id: 'contingency',
    header: t.contingency,
    meta: { cellClassName: 'text-slate-700' },
  }),
  column.accessor('ranking', {
    header: t.impact,
    cell: (info) => formatImpact(info.getValue()),
    meta: { align: 'right' },
  }),
];

/** The constraints of the chosen level, by ranking descending (as stored). */
export function ConstraintsTable({
  level,
  constraints,
  selectedId,
  onSelect,
  actions,
}: ConstraintsTableProps) {
  const rows =
    level?.constraintIds.flatMap((id) => {
      const constraint = constraints.get(id);
      return constraint === undefined ? [] : [constraint];
    }) ?? [];
  return (
    <Card
      level={3}
      titleId="restricciones-titulo"
      title={t.title}
      actions={rows.length > 0 && actions}
    >
      <div className="mt-3">
        <DataTable
          caption={t.tableLabel(level?.level ?? 0)}
          columns={columns}
          rows={rows}
          getRowId={(constraint) => String(constraint.id)}
          emptyText={level === undefined ? t.noLevel : t.empty}
          selection={{
            selectedId: selectedId === null ? null : String(selectedId),
            onSelect: (id) => onSelect(Number(id)),
          }}
          className="max-h-96"
          minWidth="32rem"
        />
      </div>
    </Card>
  );
}
