import type { StatsResponse } from '@holgura/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Info, Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { esStats, type StatsFigureKey } from '../../strings/es-stats';
import { cn } from '../../utils/cn';
import { formatInteger, formatMw } from '../../utils/format';

/**
 * The screen's words: its title, an optional note, and the loading and error lines. The figures'
 * names and definitions are the strip's own (strings/es-stats.ts).
 */
export type StatsTexts = {
  title: string;
  note?: string;
  loading: string;
  error: string;
};

/** While the demo data is computed, the strip asks again this often. */
export const STATS_COMPUTING_REFETCH_MS = 10_000;

type StatsStripProps = {
  /** `GET /api/stats`, as the screen queries it. */
  stats: UseQueryResult<StatsResponse>;
  texts: StatsTexts;
  /** Each value's test id is this prefix and the figure's key ('stat-', 'results-stat-'). */
  testIdPrefix: string;
  /** Smaller figures, for a strip under a page's title banner. */
  compact?: boolean;
};

/**
 * The study figures computed by the server (docs/product.md §1, §9), never constants: landing and
 * /resultados. Each says what it counts; while the server computes the demo data the strip says
 * so (and asks again) instead of showing its zeros as figures.
 */
export function StatsStrip({ stats, texts: t, testIdPrefix, compact = false }: StatsStripProps) {
  const titleId = useId();
  const computing = stats.data?.demoData === 'computing';
  const { refetch } = stats;
  useEffect(() => {
    if (!computing) return;
    const timer = setInterval(() => void refetch(), STATS_COMPUTING_REFETCH_MS);
    return () => clearInterval(timer);
  }, [computing, refetch]);

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
  } else if (computing) {
    body = (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-4 text-sm text-slate-200"
        data-testid={`${testIdPrefix}computing`}
      >
        <Loader2
          aria-hidden="true"
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin text-teal-300 motion-reduce:animate-none"
        />
        <div>
          <p className="font-semibold text-white">{esStats.computingTitle}</p>
          <p className="mt-1 text-slate-300">{esStats.computingBody}</p>
        </div>
      </div>
    );
  } else {
    const { data } = stats;
    const items: [StatsFigureKey, number, string, string?][] = [
      ['totalCapacityMw', data.totalCapacityMw, formatMw(data.totalCapacityMw), esStats.mwUnit],
      ['projectionYears', data.projectionYears, formatInteger(data.projectionYears)],
      ['busbarsEvaluated', data.busbarsEvaluated, formatInteger(data.busbarsEvaluated)],
      [
        'contingenciesAnalysed',
        data.contingenciesAnalysed,
        formatInteger(data.contingenciesAnalysed),
      ],
      ['scenariosAnalysed', data.scenariosAnalysed, formatInteger(data.scenariosAnalysed)],
    ];
    body = (
      <dl className={grid}>
        {items.map(([key, count, value, unit]) => {
          const words = esStats.figures[key];
          return (
            <div
              key={key}
              className={cn(tile, 'relative flex flex-col last:col-span-2 lg:last:col-span-1')}
            >
              <dt
                className={cn(
                  'order-2 mt-1 flex items-start gap-1 text-slate-300',
                  compact ? 'text-xs sm:text-sm' : 'text-sm',
                )}
              >
                <span>{words.label(count)}</span>
                <Definition label={words.label(count)} text={words.definition} />
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
                      className={cn(
                        'font-semibold text-teal-300',
                        compact ? 'text-sm' : 'text-base',
                      )}
                    >
                      {unit}
                    </span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
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

/**
 * What a figure counts: a tooltip on an info button (hover, keyboard focus or a tap shows it;
 * Escape hides it), and the button's description for screen readers either way.
 */
function Definition({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    // The tooltip is placed over the figure's tile (the nearest positioned box): never off-screen.
    <span className="inline-flex" onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={esStats.definitionOf(label)}
        aria-describedby={id}
        onClick={() => setOpen(true)}
        onMouseEnter={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="-m-1.5 rounded p-1.5 text-slate-400 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300"
      >
        <Info aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
      <span
        role="tooltip"
        id={id}
        hidden={!open}
        className="absolute inset-x-0 bottom-full z-20 mb-2 rounded-lg bg-white p-3 text-xs font-normal leading-relaxed text-slate-800 shadow-lg"
      >
        {text}
      </span>
    </span>
  );
}
