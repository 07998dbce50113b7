import type { StatsResponse } from '@holgura/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../utils/cn';
import { formatInteger, formatMw } from '../../utils/format';

/** The strip's words: its title, an optional note, the states and one label per figure. */
export type StatsTexts = {
  title: string;
  note?: string;
  loading: string;
  error: string;
  totalCapacity: string;
  projectionYears: string;
  busbarsEvaluated: string;
  contingenciesAnalysed: string;
  scenariosAnalysed: string;
  mwUnit: string;
};

type StatsStripProps = {
  /** `GET /api/stats`, as the screen queries it. */
  stats: UseQueryResult<StatsResponse>;
  texts: StatsTexts;
  /** Each value's test id is this prefix and the figure's key ('stat-', 'results-stat-'). */
  testIdPrefix: string;
  /** Smaller figures, for a strip under a page's title banner. */
  compact?: boolean;
};

/** The study figures computed by the server (spec §1, §9), never constants: landing and /resultados. */
export function StatsStrip({ stats, texts: t, testIdPrefix, compact = false }: StatsStripProps) {
  const titleId = useId();
  const grid = cn('grid grid-cols-2 lg:grid-cols-5', compact ? 'gap-3' : 'gap-4');
  const tile = cn('rounded-xl border border-white/10 bg-white/5', compact ? 'p-4' : 'p-5');

  let body;
  if (stats.isPending) {
    body = (
      <div role="status" aria-label={t.loading} className={grid}>
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className={cn(tile, 'animate-pulse motion-reduce:animate-none')}>
            <div className="h-8 w-24 rounded bg-white/15" />
            <div className="mt-3 h-4 w-32 rounded bg-white/10" />
          </div>
        ))}
      </div>
    );
  } else if (stats.isError) {
    body = (
      <p
        role="alert"
        className="flex items-center gap-2 rounded-xl border border-amber-300/40 bg-amber-300/10 px-4 py-3 text-sm text-amber-100"
      >
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-300" />
        {t.error}
      </p>
    );
  } else {
    const { data } = stats;
    const items: [keyof StatsResponse, string, string, string?][] = [
      ['totalCapacityMw', t.totalCapacity, formatMw(data.totalCapacityMw), t.mwUnit],
      ['projectionYears', t.projectionYears, formatInteger(data.projectionYears)],
      ['busbarsEvaluated', t.busbarsEvaluated, formatInteger(data.busbarsEvaluated)],
      ['contingenciesAnalysed', t.contingenciesAnalysed, formatInteger(data.contingenciesAnalysed)],
      ['scenariosAnalysed', t.scenariosAnalysed, formatInteger(data.scenariosAnalysed)],
    ];
    body = (
      <dl className={grid}>
        {items.map(([key, label, value, unit]) => (
          <div key={key} className={cn(tile, 'flex flex-col last:col-span-2 lg:last:col-span-1')}>
            <dt
              className={cn(
                'order-2 mt-1 text-slate-300',
                compact ? 'text-xs sm:text-sm' : 'text-sm',
              )}
            >
              {label}
            </dt>
            <dd
              data-testid={`${testIdPrefix}${key}`}
              className={cn(
                'order-1 font-bold tabular-nums tracking-tight text-white',
                compact ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-3xl',
              )}
            >
              {value}
              {unit !== undefined && (
                <>
                  {'\u00a0'}
                  <span
                    className={cn('font-semibold text-teal-300', compact ? 'text-sm' : 'text-base')}
                  >
                    {unit}
                  </span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <section aria-labelledby={titleId} className="bg-slate-900">
      <div className={cn('mx-auto max-w-7xl px-4 sm:px-6 lg:px-8', compact ? 'py-6' : 'py-12')}>
        <div
          className={cn(
            'flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between',
            compact ? 'mb-3' : 'mb-6',
          )}
        >
          <h2
            id={titleId}
            className={cn(
              'font-semibold',
              compact ? 'text-sm text-slate-200' : 'text-lg text-white',
            )}
          >
            {t.title}
          </h2>
          {t.note !== undefined && <p className="text-sm text-slate-400">{t.note}</p>}
        </div>
        {body}
      </div>
    </section>
  );
}
