import type { BusbarCapacity } from '@holgura/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DispatchAdjustments, GeneratorBar } from '../../../components/charts/generator-bars';
import {
  BarFigures,
  GeneratorSensitivityChart,
} from '../../../components/charts/generator-sensitivity-chart';
import { Button } from '../../../components/ui/button';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import { FULL_NETWORK } from '../model';
import { generatorChartData, whatIf, type GeneratorChartData } from '../generators';

const t = esResultsGenerators;
const mw = (value: number) => t.mw(formatFixed(value, 1));

/**
 * The generator sensitivity chart of one case (docs/product.md §2 /resultados): the plants that move the
 * busbar's limiting constraint, sortable and filterable, with draggable dispatch markers and the
 * capacity recomputed live from the stored sensitivities (no server call).
 */
export function GeneratorChart({
  capacity,
  caseName,
}: {
  capacity: BusbarCapacity;
  caseName: string;
}) {
  const data = generatorChartData(capacity);
  const sectionRef = useRef<HTMLElement>(null);
  // Mounted when a case is picked (keyed by case): bring the chart into view below the cards.
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section
      ref={sectionRef}
      aria-labelledby="generadores-resultados-titulo"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="generator-chart"
    >
      <h3 id="generadores-resultados-titulo" className="font-semibold text-slate-900">
        {t.heading}
      </h3>
      <p className="text-sm text-slate-600">{t.forCase(capacity.busName, caseName)}</p>
      {data.kind === 'capBinds' ? (
        <p className="mt-3 text-sm text-slate-700">{t.capBinds}</p>
      ) : data.kind === 'noData' ? (
        <p className="mt-3 text-sm text-slate-700">{t.noData}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t.constraint(
              data.limiting.monitoredName,
              data.limiting.contingencyName ?? FULL_NETWORK,
            )}
          </p>
          {data.generators.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">{t.none}</p>
          ) : (
            <ReadyChart data={data} />
          )}
        </>
      )}
    </section>
  );
}

type Ready = Extract<GeneratorChartData, { kind: 'ready' }>;

function ReadyChart({ data }: { data: Ready }) {
  const [adjustments, setAdjustments] = useState<DispatchAdjustments>({});
  const bars = useMemo(
    () =>
      data.generators.map((g): GeneratorBar => ({
        id: g.busNumber,
        name: g.name,
        sensitivity: g.sensitivity,
        maxMw: g.maxMw,
        dispatchMw: g.initialMw,
        atLimitMw: g.dispatchAtLimitMw,
      })),
    [data.generators],
  );
  const result = whatIf(data, adjustments);
  const adjusted = Object.keys(adjustments).length;
  // Stable, so that a drag re-renders only the row that moves.
  const adjust = useCallback(
    (busNumber: number, value: number) =>
      setAdjustments((current) => ({ ...current, [busNumber]: value })),
    [],
  );

  return (
    <div className="mt-3">
      <GeneratorSensitivityChart
        bars={bars}
        listLabel={t.listLabel}
        capacityLabel={t.sortCapacity}
        adjustments={adjustments}
        onAdjust={adjust}
        details={Figures}
      >
        <div
          className="mt-3 grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-3"
          aria-live="polite"
          data-testid="what-if"
        >
          <div>
            <p className="text-slate-600">{t.flow(formatFixed(data.capacityMw, 1))}</p>
            <p className="font-semibold tabular-nums text-slate-900">
              <span data-testid="what-if-flow">{mw(result.flowAtCapacityMw)}</span>{' '}
              <span className="font-normal text-slate-600">
                ({t.limit(formatFixed(data.limiting.limitMw, 1))})
              </span>
            </p>
          </div>
          <div>
            <p className="text-slate-600">{t.original}</p>
            <p className="font-semibold tabular-nums text-slate-900">{mw(data.capacityMw)}</p>
          </div>
          <div>
            <p className="text-slate-600">{t.recalculated}</p>
            <p
              className={cn(
                'text-lg font-bold tabular-nums',
                adjusted > 0 ? 'text-violet-800' : 'text-sky-800',
              )}
              data-testid="recalculated-capacity"
            >
              {mw(result.recalculatedMw)}
            </p>
          </div>
          <p className="text-xs text-slate-600 sm:col-span-3">{t.linearNote}</p>
        </div>

        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-48 flex-1 text-xs text-slate-600">{t.hint}</p>
          <span className="text-xs text-slate-600" aria-live="polite">
            {adjusted > 0 ? t.changed(adjusted) : ''}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={adjusted === 0}
            onClick={() => setAdjustments({})}
          >
            {t.reset}
          </Button>
        </div>
        <Legend />
      </GeneratorSensitivityChart>
    </div>
  );
}

function Legend() {
  const item = (swatch: string, label: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('inline-block h-3 shrink-0 rounded-sm', swatch)} />
      {label}
    </li>
  );
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {item('w-4 bg-sky-600', t.legendDispatch)}
      {item('w-4 bg-violet-600', t.legendAdjusted)}
      {item('w-5 border-r-2 border-dashed border-slate-500 bg-slate-200', t.legendMax)}
      {item('w-1 bg-red-600', t.legendAtLimit)}
    </ul>
  );
}

function Figures(g: GeneratorBar, adjustedMw: number | undefined) {
  return (
    <BarFigures
      items={[
        [t.initial, mw(g.dispatchMw), 'p0'],
        adjustedMw !== undefined && [t.adjusted, mw(adjustedMw), 'adjusted'],
        [t.atLimit, g.atLimitMw == null ? t.atLimitNone : mw(g.atLimitMw), 'at-limit'],
        [t.pMax, mw(g.maxMw), 'pmax'],
      ]}
    />
  );
}
