import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import { loadBandClasses, loadBandLabel } from '../../../utils/load-bands';
import { loadBand, type ElementView, type LoadBand } from '../model';

const t = es.resultsDemo.demo;
/** Out of service: no band, a grey gauge. */
const OUT_OF_SERVICE = { badge: 'bg-slate-200 text-slate-800', bar: 'bg-slate-400' };

/** One element's flow against its limit, with the spec's load bands (gauge full at 130 %). */
export function ElementCard({
  title,
  name,
  view,
  testId,
}: {
  title: string;
  name: string;
  view: ElementView;
  testId: string;
}) {
  const hasFlow = view.flowMw !== null && view.limitMw !== null && view.limitMw > 0;
  const percent = hasFlow ? (Math.abs(view.flowMw!) / view.limitMw!) * 100 : null;
  const band: LoadBand | 'out' = view.outOfService
    ? 'out'
    : hasFlow
      ? loadBand(view.flowMw!, view.limitMw!)
      : 'normal';
  const label = band === 'out' ? es.analysis.bands.outOfService : loadBandLabel[band];
  const style = band === 'out' ? OUT_OF_SERVICE : loadBandClasses[band];

  return (
    <article
      aria-labelledby={`${testId}-titulo`}
      data-testid={testId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={`${testId}-titulo`} className="text-sm font-medium text-slate-600">
        {title}
      </h3>
      <p className="mt-1 break-words text-lg font-semibold text-slate-900">{name}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t.flow}</dt>
          <dd className="font-semibold tabular-nums text-slate-900" data-testid={`${testId}-flow`}>
            {view.flowMw === null ? t.unavailable : t.mw(formatFixed(view.flowMw, 2))}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.limit}</dt>
          <dd className="tabular-nums text-slate-900">
            {view.limitMw === null ? t.unavailable : t.mw(formatFixed(view.limitMw, 1))}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.loading_}</dt>
          <dd className="tabular-nums text-slate-900">
            {percent === null || view.outOfService ? '—' : t.percent(formatFixed(percent, 1))}
          </dd>
        </div>
      </dl>
      {(hasFlow || view.outOfService) && (
        <>
          <div
            role="meter"
            aria-label={t.loadBarLabel(name, formatFixed(percent ?? 0, 1))}
            aria-valuemin={0}
            aria-valuemax={130}
            aria-valuenow={Math.min(130, percent ?? 0)}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={cn('h-full rounded-full', style.bar)}
              style={{ width: `${(Math.min(130, percent ?? 0) / 130) * 100}%` }}
            />
          </div>
          <p className="mt-2">
            <span
              className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', style.badge)}
              data-testid={`${testId}-band`}
            >
              {label}
            </span>
          </p>
        </>
      )}
      {view.flowMw === null && <p className="mt-2 text-xs text-slate-500">{t.flowUnavailable}</p>}
    </article>
  );
}
