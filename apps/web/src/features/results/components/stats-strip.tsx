import type { StatsResponse } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { es } from '../../../strings/es';
import { formatInteger, formatMw } from '../../../utils/format';
import { resultsStatsQueryOptions } from '../api/results';

const t = es.resultsDemo.results.stats;

/** The study figures from `GET /api/stats`, computed by the server; never constants. */
export function ResultsStatsStrip() {
  const stats = useQuery(resultsStatsQueryOptions());
  let body;
  if (stats.isPending) {
    body = (
      <p role="status" className="text-sm text-slate-300">
        {t.loading}
      </p>
    );
  } else if (stats.isError) {
    body = (
      <p role="alert" className="flex items-center gap-2 text-sm text-amber-100">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-300" />
        {t.error}
      </p>
    );
  } else {
    const items: { key: keyof StatsResponse; label: string; value: string; unit?: string }[] = [
      {
        key: 'totalCapacityMw',
        label: t.totalCapacity,
        value: formatMw(stats.data.totalCapacityMw),
        unit: t.mwUnit,
      },
      {
        key: 'projectionYears',
        label: t.projectionYears,
        value: formatInteger(stats.data.projectionYears),
      },
      {
        key: 'busbarsEvaluated',
        label: t.busbarsEvaluated,
        value: formatInteger(stats.data.busbarsEvaluated),
      },
      {
        key: 'contingenciesAnalysed',
        label: t.contingenciesAnalysed,
        value: formatInteger(stats.data.contingenciesAnalysed),
      },
      {
        key: 'scenariosAnalysed',
        label: t.scenariosAnalysed,
        value: formatInteger(stats.data.scenariosAnalysed),
      },
    ];
    body = (
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {items.map((item) => (
          <div
            key={item.key}
            className="flex flex-col rounded-xl border border-white/10 bg-white/5 p-4 last:col-span-2 lg:last:col-span-1"
          >
            <dt className="order-2 mt-1 text-xs text-slate-300 sm:text-sm">{item.label}</dt>
            <dd
              data-testid={`results-stat-${item.key}`}
              className="order-1 text-xl font-bold tabular-nums text-white sm:text-2xl"
            >
              {item.value}
              {item.unit !== undefined && (
                <>
                  {'\u00a0'}
                  <span className="text-sm font-semibold text-teal-300">{item.unit}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-labelledby="resumen-titulo" className="bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <h2 id="resumen-titulo" className="mb-3 text-sm font-semibold text-slate-200">
          {t.title}
        </h2>
        {body}
      </div>
    </section>
  );
}
