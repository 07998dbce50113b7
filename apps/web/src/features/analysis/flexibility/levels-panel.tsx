import type { LevelSummary } from '@holgura/contracts';
import { Card } from '../../../components/ui/card';
import { esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import { flexibilityBand, flexibilityBandClasses } from './model';

const t = esAnalysisResults.levels;

type LevelsPanelProps = {
  /** The levels of the figure shown, with their transfer and flexibility. */
  levels: readonly LevelSummary[];
  tmaxMw: number;
  /** The FCITC of the figure shown. */
  fcitcMw: number;
  selected: LevelSummary | undefined;
  onSelect: (level: number) => void;
};

/** Level selection: 'Nivel ℓ' with T(ℓ) and its flexibility; the gauge for the chosen one. */
export function LevelsPanel({ levels, tmaxMw, fcitcMw, selected, onSelect }: LevelsPanelProps) {
  return (
    <Card level={3} titleId="niveles-titulo" title={t.title}>
      {levels.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.empty}</p>
      ) : (
        <>
          <FlexibilityGauge level={selected} />
          <ul
            aria-label={t.listLabel}
            className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1"
          >
            {levels.map((level) => {
              const active = level.level === selected?.level;
              const band = flexibilityBand(level.flexibilityPercent);
              return (
                <li key={level.level}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => onSelect(level.level)}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left text-sm',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500',
                      active
                        ? 'border-sky-600 bg-sky-50 text-sky-900'
                        : 'border-slate-200 hover:bg-slate-50',
                    )}
                  >
                    {/* The name is the visible text, with the words between for screen
                        readers: 'Nivel 2: 80,0 MW, flexibilidad 56,3 %'. */}
                    <span className="font-semibold">
                      {t.level(level.level)}
                      <span className="sr-only">{t.levelSeparator}</span>
                    </span>{' '}
                    <span className="tabular-nums text-slate-700">
                      {t.transfer(formatFixed(level.transferMw, 1))}
                      <span className="sr-only">{t.flexibilitySeparator}</span>
                    </span>{' '}
                    <span
                      className={cn(
                        'w-16 text-right font-semibold tabular-nums',
                        flexibilityBandClasses[band].text,
                      )}
                    >
                      {t.flexibility(formatFixed(level.flexibilityPercent, 1))}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs text-slate-600">
            {[
              ['tmax', t.summaryTmax, t.mw(formatFixed(tmaxMw, 1))],
              ['fcitc', t.summaryFcitc, t.mw(formatFixed(fcitcMw, 1))],
              [
                'flex-exact',
                t.summaryExact,
                selected === undefined
                  ? '–'
                  : t.percent(formatFixed(selected.flexibilityPercent, 4)),
              ],
            ].map(([testId, label, value]) => (
              <div key={testId}>
                <dt>{label}</dt>
                <dd className="font-semibold tabular-nums text-slate-900" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Card>
  );
}

const RADIUS = 52;
const ARC = Math.PI * RADIUS;

/** A half-circle gauge, full at 100 %; coloured by the spec's flexibility bands. */
function FlexibilityGauge({ level }: { level: LevelSummary | undefined }) {
  const percent = level?.flexibilityPercent ?? 0;
  const band = flexibilityBand(percent);
  const text = formatFixed(percent, 2);
  return (
    <div className="mt-3 flex flex-col items-center">
      <svg
        role="img"
        aria-label={level === undefined ? t.gaugeLabel : t.gaugeValue(level.level, text)}
        viewBox="0 0 128 74"
        className="h-auto w-44"
      >
        <path
          d={`M 12 64 A ${RADIUS} ${RADIUS} 0 0 1 116 64`}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          className="stroke-slate-200"
        />
        <path
          d={`M 12 64 A ${RADIUS} ${RADIUS} 0 0 1 116 64`}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${(Math.min(100, Math.max(0, percent)) / 100) * ARC} ${ARC}`}
          className={cn(
            flexibilityBandClasses[band].stroke,
            'transition-[stroke-dasharray] motion-reduce:transition-none',
          )}
        />
      </svg>
      <p
        className={cn('-mt-8 text-2xl font-bold tabular-nums', flexibilityBandClasses[band].text)}
        data-testid="flex-gauge-value"
        aria-hidden="true"
      >
        {t.percent(text)}
      </p>
      <p className="text-xs text-slate-600" aria-hidden="true">
        {t.gaugeLabel}
      </p>
    </div>
  );
}
