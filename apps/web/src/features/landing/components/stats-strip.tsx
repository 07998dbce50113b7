import type { StatsResponse } from '@holgura/contracts';
import { AlertTriangle } from 'lucide-react';
import { es } from '../../../strings/es';
import { formatInteger, formatMw } from '../../../utils/format';
import { useStats } from '../api/get-stats';

const t = es.landing.stats;

type Stat = { key: keyof StatsResponse; label: string; value: string; unit?: string };

/** Live figures from `GET /api/stats`; never hard-coded. */
export function StatsStrip() {
  const stats = useStats();

  let body;
  if (stats.isPending) {
    body = (
      <div role="status" aria-label={t.loading} className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <div
            key={index}
            className="animate-pulse rounded-xl bg-white/5 p-5 motion-reduce:animate-none"
          >
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
    const items: Stat[] = [
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
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {items.map((item) => (
          <div
            key={item.key}
            className="flex flex-col rounded-xl border border-white/10 bg-white/5 p-5 last:col-span-2 lg:last:col-span-1"
          >
            <dt className="order-2 mt-1 text-sm text-slate-300">{item.label}</dt>
            <dd
              data-testid={`stat-${item.key}`}
              className="order-1 text-2xl font-bold tabular-nums tracking-tight text-white sm:text-3xl"
            >
              {item.value}
              {item.unit !== undefined && (
                <>
                  {'\u00a0'}
                  <span className="text-base font-semibold text-teal-300">{item.unit}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <section aria-labelledby="cifras-titulo" className="bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id="cifras-titulo" className="text-lg font-semibold text-white">
            {t.title}
          </h2>
          <p className="text-sm text-slate-400">{t.note}</p>
        </div>
        {body}
      </div>
    </section>
  );
}
