import type { BusbarCapacity, BusbarGenerator } from '@holgura/contracts';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { GeneratorAxis } from '../../../components/charts/generator-axis';
import { Button } from '../../../components/ui/button';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import { FULL_NETWORK } from '../model';
import {
  clampDispatch,
  filterGenerators,
  generatorChartData,
  sortGenerators,
  whatIf,
  type DispatchAdjustments,
  type GeneratorSortKey,
  type SensitivityFilter,
  type SortDirection,
} from '../generators';

const t = esResultsGenerators;
const mw = (value: number) => t.mw(formatFixed(value, 1));
const percent = (sensitivity: number) => t.percent(formatFixed(sensitivity * 100, 2));

/**
 * The generator sensitivity chart of one case (spec §2 /resultados): the plants that move the
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

type Ready = Extract<ReturnType<typeof generatorChartData>, { kind: 'ready' }>;

function ReadyChart({ data }: { data: Ready }) {
  const [sortKey, setSortKey] = useState<GeneratorSortKey>('sensitivity');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const [filter, setFilter] = useState<SensitivityFilter>('all');
  const [adjustments, setAdjustments] = useState<DispatchAdjustments>({});
  const visible = sortGenerators(filterGenerators(data.generators, filter), sortKey, direction);
  const maximum = Math.max(1, ...data.generators.map((g) => Math.max(g.maxMw, g.initialMw)));
  const result = whatIf(data, adjustments);
  const adjusted = Object.keys(adjustments).length;
  // Stable, so that a drag re-renders only the row that moves (a case can list 100+ plants).
  const set = useCallback(
    (busNumber: number, value: number) =>
      setAdjustments((current) => ({ ...current, [busNumber]: value })),
    [],
  );

  return (
    <div className="mt-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <LabelledSelect
          label={t.sortBy}
          value={sortKey}
          onChange={setSortKey}
          options={[
            ['sensitivity', t.sortSensitivity],
            ['capacity', t.sortCapacity],
          ]}
        />
        <LabelledSelect
          label={t.direction}
          value={direction}
          onChange={setDirection}
          options={[
            ['desc', t.desc],
            ['asc', t.asc],
          ]}
        />
        <LabelledSelect
          label={t.filter}
          value={filter}
          onChange={setFilter}
          options={[
            ['all', t.filterAll],
            ['positive', t.filterPositive],
            ['negative', t.filterNegative],
          ]}
        />
      </div>

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

      {visible.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.noneFiltered}</p>
      ) : (
        <div className="mt-2 max-h-[36rem] overflow-y-auto overscroll-contain pr-1">
          <div className="sticky top-0 z-10 bg-white pr-2 pt-1">
            <GeneratorAxis maximum={maximum} />
          </div>
          <ul aria-label={t.listLabel} className="space-y-3">
            {visible.map((g) => (
              <GeneratorRow
                key={g.busNumber}
                generator={g}
                maximum={maximum}
                dispatchMw={adjustments[g.busNumber]}
                onChange={set}
              />
            ))}
          </ul>
        </div>
      )}
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

const GeneratorRow = memo(function GeneratorRow({
  generator: g,
  maximum,
  dispatchMw,
  onChange,
}: {
  generator: BusbarGenerator;
  maximum: number;
  dispatchMw: number | undefined;
  onChange: (busNumber: number, mw: number) => void;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const shown = dispatchMw ?? g.initialMw;
  const left = (value: number) => `${(Math.max(0, Math.min(value, maximum)) / maximum) * 100}%`;
  const set = (value: number) => onChange(g.busNumber, clampDispatch(value, g.maxMw));
  const fromPointer = (event: PointerEvent) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect === undefined || rect.width === 0) return;
    set(((event.clientX - rect.left) / rect.width) * maximum);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // 1 % of Pmax per arrow, 10 % with Page Up/Down.
    const step = g.maxMw / 100;
    const moves: Record<string, number> = {
      ArrowRight: shown + step,
      ArrowUp: shown + step,
      ArrowLeft: shown - step,
      ArrowDown: shown - step,
      PageUp: shown + 10 * step,
      PageDown: shown - 10 * step,
      Home: 0,
      End: g.maxMw,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  return (
    <li data-testid={`generator-${g.busNumber}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900">{g.name}</span>
        <span className="tabular-nums text-slate-700">
          <span className="sr-only">{t.sensitivity}: </span>
          <span data-testid="sensitivity">{percent(g.sensitivity)}</span>
        </span>
      </div>
      <div className="relative mt-1 mr-2 h-5">
        <div ref={trackRef} className="absolute inset-0 overflow-hidden rounded bg-slate-100">
          {[25, 50, 75].map((at) => (
            <span
              key={at}
              aria-hidden="true"
              className="absolute inset-y-0 w-px bg-slate-300/70"
              style={{ left: `${at}%` }}
            />
          ))}
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 border-r-2 border-dashed border-slate-500"
            style={{ width: left(g.maxMw) }}
          />
          <span
            aria-hidden="true"
            className={cn(
              'absolute inset-y-1 left-0 rounded-r',
              dispatchMw === undefined ? 'bg-sky-600' : 'bg-violet-600',
            )}
            style={{ width: left(shown) }}
          />
          {g.dispatchAtLimitMw !== null && (
            <span
              aria-hidden="true"
              className="absolute inset-y-0 w-1 -translate-x-1/2 bg-red-600"
              style={{ left: left(g.dispatchAtLimitMw) }}
            />
          )}
        </div>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t.markerLabel(g.name)}
          aria-valuemin={0}
          aria-valuemax={g.maxMw}
          aria-valuenow={shown}
          aria-valuetext={mw(shown)}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            dragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            fromPointer(event);
          }}
          onPointerMove={(event) => {
            if (dragging.current) fromPointer(event);
          }}
          onPointerUp={() => {
            dragging.current = false;
          }}
          onPointerCancel={() => {
            dragging.current = false;
          }}
          className="absolute -top-0.5 h-6 w-3 -translate-x-1/2 cursor-ew-resize touch-none rounded-sm border-2 border-white bg-slate-900 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          style={{ left: left(shown) }}
        />
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <Figure label={t.initial} value={mw(g.initialMw)} testId="p0" />
        {dispatchMw !== undefined && (
          <Figure label={t.adjusted} value={mw(dispatchMw)} testId="adjusted" />
        )}
        <Figure
          label={t.atLimit}
          value={g.dispatchAtLimitMw === null ? t.atLimitNone : mw(g.dispatchAtLimitMw)}
          testId="at-limit"
        />
        <Figure label={t.pMax} value={mw(g.maxMw)} testId="pmax" />
      </dl>
    </li>
  );
});

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums text-slate-800" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
