import { memo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { esGeneratorChart as t } from '../../strings/es-generator-chart';
import { cn } from '../../utils/cn';
import { formatFixed } from '../../utils/format';
import { LabelledSelect } from '../ui/labelled-select';
import {
  axisTicks,
  chartScaleMw,
  clampDispatch,
  dispatchForKey,
  filterBars,
  sortBars,
  type DispatchAdjustments,
  type GeneratorBar,
  type GeneratorSortKey,
  type SensitivityFilter,
  type SortDirection,
} from './generator-bars';

type GeneratorSensitivityChartProps<B extends GeneratorBar> = {
  bars: readonly B[];
  /** The list's accessible name. */
  listLabel: string;
  /** The 'capacity' sort option's words on this screen. */
  capacityLabel: string;
  adjustments: DispatchAdjustments;
  /** Sets a bar's dispatch (drag or keys); without it the bars cannot be moved. */
  onAdjust?: ((id: number, mw: number) => void) | undefined;
  /** Beside each row's sensitivity (a status badge). */
  badge?: (bar: B, adjustedMw: number | undefined) => ReactNode;
  /** Under each bar: the screen's figures. */
  details: (bar: B, adjustedMw: number | undefined) => ReactNode;
  /** Between the sort controls and the bars: hints, the what-if, the reset. */
  children?: ReactNode;
};

/**
 * The generator sensitivity chart of /analisis and /resultados (docs/product.md §2, §4, §9): sort by
 * capacity or sensitivity, filter by sign, one bar per plant on a common MW axis, and a marker
 * that drag, arrows, Page Up/Down, Home and End move within [0, Pmax].
 */
export function GeneratorSensitivityChart<B extends GeneratorBar>({
  bars,
  listLabel,
  capacityLabel,
  adjustments,
  onAdjust,
  badge,
  details,
  children,
}: GeneratorSensitivityChartProps<B>) {
  const [sortKey, setSortKey] = useState<GeneratorSortKey>('sensitivity');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const [filter, setFilter] = useState<SensitivityFilter>('all');
  const visible = sortBars(filterBars(bars, filter), sortKey, direction);
  const maximum = chartScaleMw(bars);

  return (
    <div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <LabelledSelect
          label={t.sortBy}
          value={sortKey}
          onChange={setSortKey}
          options={[
            ['sensitivity', t.sortSensitivity],
            ['capacity', capacityLabel],
          ]}
        />
        <DirectionSelect value={direction} onChange={setDirection} />
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
      {children}
      {visible.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.noneFiltered}</p>
      ) : (
        <ScaledList maximum={maximum}>
          <ul aria-label={listLabel} className="space-y-3">
            {visible.map((bar) => (
              <BarRow
                key={bar.id}
                bar={bar}
                maximum={maximum}
                adjustedMw={adjustments[bar.id]}
                onAdjust={onAdjust}
                badge={badge as BarRowProps['badge']}
                details={details as BarRowProps['details']}
              />
            ))}
          </ul>
        </ScaledList>
      )}
    </div>
  );
}

/** 'Orden': descending or ascending. */
export function DirectionSelect({
  value,
  onChange,
}: {
  value: SortDirection;
  onChange: (value: SortDirection) => void;
}) {
  return (
    <LabelledSelect
      label={t.direction}
      value={value}
      onChange={onChange}
      options={[
        ['desc', t.desc],
        ['asc', t.asc],
      ]}
    />
  );
}

/** The MW scale above the dispatch bars of /analisis and /resultados, one tick per quarter. */
export function GeneratorAxis({
  maximum,
  labels,
}: {
  maximum: number;
  /** The five tick labels, when whole MW do not suit the scale (a chart of kW). */
  labels?: readonly string[] | undefined;
}) {
  const ticks = axisTicks(maximum);
  return (
    <div
      aria-hidden="true"
      className="relative mb-1 h-4 text-[10px] tabular-nums text-slate-500"
      data-testid="axis"
    >
      {ticks.map((tick, index) => (
        <span
          key={index}
          className={cn(
            'absolute top-0',
            index === 0
              ? ''
              : index === ticks.length - 1
                ? '-translate-x-full'
                : '-translate-x-1/2',
          )}
          style={{ left: `${index * 25}%` }}
        >
          {labels?.[index] ?? formatFixed(tick, 0)}
        </span>
      ))}
    </div>
  );
}

/** Bars on one MW scale: the list scrolls under its axis. */
export function ScaledList({
  maximum,
  axisLabels,
  children,
}: {
  maximum: number;
  /** The axis' five tick labels (GeneratorAxis `labels`). */
  axisLabels?: readonly string[];
  children: ReactNode;
}) {
  return (
    // Focusable: the list scrolls from the keyboard even when it holds no control (the
    // original view, Efectividad), as WCAG 2.1.1 asks of a scrolling region.
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
      tabIndex={0}
      className="mt-2 max-h-[36rem] overflow-y-auto overscroll-contain pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      <div className="sticky top-0 z-10 bg-white pr-2 pt-1">
        <GeneratorAxis maximum={maximum} labels={axisLabels} />
      </div>
      {children}
    </div>
  );
}

/** A figure under a bar: label, value and the value's test id; false leaves it out. */
export type BarFigure = readonly [label: string, value: string, testId?: string] | false;

/** The figures under a bar (dispatch at P0, at the limit, Pmax…), each screen its own. */
export function BarFigures({ items }: { items: BarFigure[] }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
      {items.map(
        (item) =>
          item !== false && (
            <div key={item[0]} className="flex gap-1">
              <dt>{item[0]}</dt>
              <dd className="font-medium tabular-nums text-slate-800" data-testid={item[2]}>
                {item[1]}
              </dd>
            </div>
          ),
      )}
    </dl>
  );
}

/** The 25, 50 and 75 % lines of a track (docs/product.md §9 ticks). */
export function Gridlines() {
  return (
    <>
      {[25, 50, 75].map((left) => (
        <span
          key={left}
          aria-hidden="true"
          className="absolute inset-y-0 w-px bg-slate-300/70"
          style={{ left: `${left}%` }}
        />
      ))}
    </>
  );
}

type BarRowProps = {
  bar: GeneratorBar;
  maximum: number;
  adjustedMw: number | undefined;
  onAdjust: ((id: number, mw: number) => void) | undefined;
  badge: ((bar: GeneratorBar, adjustedMw: number | undefined) => ReactNode) | undefined;
  details: (bar: GeneratorBar, adjustedMw: number | undefined) => ReactNode;
};

// Memoised: a drag re-renders only the row that moves (a case can list 100+ plants) as long as
// the caller's callbacks keep their identity.
const BarRow = memo(function BarRow({
  bar,
  maximum,
  adjustedMw,
  onAdjust,
  badge,
  details,
}: BarRowProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const shown = adjustedMw ?? bar.dispatchMw;
  const at = (mw: number) => `${(Math.max(0, Math.min(mw, maximum)) / maximum) * 100}%`;
  const set = (mw: number) => onAdjust?.(bar.id, clampDispatch(mw, bar.maxMw));
  const follow = (event: PointerEvent) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect !== undefined && rect.width > 0) {
      set(((event.clientX - rect.left) / rect.width) * maximum);
    }
  };
  const stop = () => {
    dragging.current = false;
  };
  return (
    <li data-testid={`generator-${bar.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900">{bar.name}</span>
        <span className="flex items-center gap-2 tabular-nums text-slate-700">
          <span>
            <span className="sr-only">{t.sensitivity}: </span>
            <span data-testid="sensitivity">
              {t.percent(formatFixed(bar.sensitivity * 100, 2))}
            </span>
          </span>
          {badge?.(bar, adjustedMw)}
        </span>
      </div>
      <div className="relative mt-1 mr-2 h-5">
        <div ref={trackRef} className="absolute inset-0 overflow-hidden rounded bg-slate-100">
          <Gridlines />
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 border-r-2 border-dashed border-slate-500"
            style={{ width: at(bar.maxMw) }}
          />
          <span
            aria-hidden="true"
            className={cn(
              'absolute inset-y-1 left-0 rounded-r',
              onAdjust === undefined
                ? 'bg-slate-500'
                : adjustedMw === undefined
                  ? 'bg-sky-600'
                  : 'bg-violet-600',
            )}
            style={{ width: at(shown) }}
          />
          {bar.atLimitMw !== undefined && bar.atLimitMw !== null && (
            <span
              aria-hidden="true"
              className="absolute inset-y-0 w-1 -translate-x-1/2 bg-red-600"
              style={{ left: at(bar.atLimitMw) }}
            />
          )}
        </div>
        {onAdjust !== undefined && (
          // The marker, right after its track: drag, arrows, Page Up/Down, Home and End.
          <div
            role="slider"
            tabIndex={0}
            aria-label={t.markerLabel(bar.name)}
            aria-valuemin={0}
            aria-valuemax={bar.maxMw}
            aria-valuenow={shown}
            aria-valuetext={t.mw(formatFixed(shown, 1))}
            onKeyDown={(event) => {
              const next = dispatchForKey(event.key, shown, bar.maxMw);
              if (next === undefined) return;
              event.preventDefault();
              set(next);
            }}
            onPointerDown={(event) => {
              dragging.current = true;
              event.currentTarget.setPointerCapture(event.pointerId);
              follow(event);
            }}
            onPointerMove={(event) => dragging.current && follow(event)}
            onPointerUp={stop}
            onPointerCancel={stop}
            className="absolute -top-0.5 h-6 w-3 -translate-x-1/2 cursor-ew-resize touch-none rounded-sm border-2 border-white bg-slate-900 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
            style={{ left: at(shown) }}
          />
        )}
      </div>
      {details(bar, adjustedMw)}
    </li>
  );
});
