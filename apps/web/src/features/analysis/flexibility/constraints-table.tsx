import type { Constraint, FlexibilityLevel } from '@holgura/contracts';
import type { KeyboardEvent, ReactNode } from 'react';
import { esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';

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
  const onKeyDown = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };
  return (
    <section
      aria-labelledby="restricciones-titulo"
      className="min-w-0 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="restricciones-titulo" className="text-base font-semibold text-slate-900">
          {t.title}
        </h3>
        {rows.length > 0 && actions}
      </div>
      {level === undefined ? (
        <p className="mt-3 text-sm text-slate-600">{t.noLevel}</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.empty}</p>
      ) : (
        <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-slate-200">
          <table
            aria-label={t.tableLabel(level.level)}
            className="w-full min-w-[32rem] text-left text-sm"
          >
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t.index}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.monitored}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.contingency}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.impact}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((constraint, index) => {
                const selected = constraint.id === selectedId;
                return (
                  <tr
                    key={constraint.id}
                    tabIndex={0}
                    aria-selected={selected}
                    onClick={() => onSelect(constraint.id)}
                    onKeyDown={(event) => onKeyDown(event, constraint.id)}
                    className={cn(
                      'cursor-pointer border-t border-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500',
                      selected ? 'bg-sky-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <td className="px-3 py-2 tabular-nums text-slate-600">{index + 1}</td>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      {constraint.monitored.name}
                      {constraint.preExistingViolation && (
                        <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800">
                          {t.preExisting}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {constraint.contingency?.name ?? t.fullNetwork}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatImpact(constraint.ranking)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
