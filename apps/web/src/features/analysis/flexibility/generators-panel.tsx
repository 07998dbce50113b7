import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { GeneratorAxis } from '../../../components/charts/generator-axis';
import { Button } from '../../../components/ui/button';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import {
  clampDispatch,
  filterGenerators,
  sortEffectiveness,
  sortGenerators,
  type GeneratorView,
  type ManualDispatch,
  type SensitivityFilter,
  type SortDirection,
  type SortKey,
  type ViewMode,
} from './model';

const t = esAnalysisResults.generators;

type GeneratorsPanelProps = {
  /** null: no constraint selected. */
  rows: GeneratorView[] | null;
  level: number | null;
  mode: ViewMode;
  manual: ManualDispatch;
  onManualChange: (plantId: number, mw: number | null) => void;
  onReset: () => void;
  /** Shown beside the title when there are generators (the download buttons). */
  actions?: ReactNode;
};

/** 'Análisis de Generadores': dispatch and effectiveness of the units that move the constraint. */
export function GeneratorsPanel(props: GeneratorsPanelProps) {
  const { rows } = props;
  return (
    <section
      aria-labelledby="generadores-titulo"
      className="min-w-0 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="generadores-titulo" className="text-base font-semibold text-slate-900">
          {t.title}
        </h3>
        {rows !== null && rows.length > 0 && props.actions}
      </div>
      {rows === null ? (
        <p className="mt-3 text-sm text-slate-600">{t.noConstraint}</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.none}</p>
      ) : (
        <Tabs defaultValue="despacho" className="mt-3">
          <TabsList>
            <TabsTrigger value="despacho">{t.tabDispatch}</TabsTrigger>
            <TabsTrigger value="efectividad">{t.tabEffectiveness}</TabsTrigger>
          </TabsList>
          <TabsContent value="despacho">
            <DispatchTab {...props} rows={rows} />
          </TabsContent>
          <TabsContent value="efectividad">
            <EffectivenessTab rows={rows} />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

function Gridlines() {
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

const sensitivityText = (value: number) => t.percent(formatFixed(value * 100, 2));

function DispatchTab({
  rows,
  level,
  mode,
  manual,
  onManualChange,
  onReset,
}: GeneratorsPanelProps & { rows: GeneratorView[] }) {
  const [sortKey, setSortKey] = useState<SortKey>('sensitivity');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const [filter, setFilter] = useState<SensitivityFilter>('all');
  const visible = sortGenerators(filterGenerators(rows, filter), sortKey, direction);
  const maximum = Math.max(
    1,
    ...rows.map((row) =>
      Math.max(row.capacidadMaximaMW, row.despachoInicioSobrecarga, row.potenciaInicial),
    ),
  );
  const hasManual = Object.keys(manual).length > 0;
  return (
    <div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <LabelledSelect
          label={t.sortBy}
          value={sortKey}
          onChange={setSortKey}
          options={[
            ['capacity', t.sortCapacity],
            ['sensitivity', t.sortSensitivity],
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
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="min-h-8 min-w-48 flex-1 text-xs text-slate-600">
          {mode === 'limite' ? t.markerHint : t.originalHint}
        </p>
        {/* Always laid out, hidden in the original view: switching views does not shift rows. */}
        <Button
          variant="outline"
          size="sm"
          disabled={!hasManual}
          onClick={onReset}
          className={mode === 'limite' ? undefined : 'invisible'}
          aria-hidden={mode === 'limite' ? undefined : true}
        >
          {t.reset}
        </Button>
      </div>
      <div
        className="mt-2 max-h-[36rem] overflow-y-auto overscroll-contain pr-1"
        data-testid="generators-scroll"
      >
        <div className="sticky top-0 z-10 bg-white pr-2 pt-1">
          <GeneratorAxis maximum={maximum} />
        </div>
        <ul aria-label={t.listLabel} className="space-y-3">
          {visible.map((row) => (
            <DispatchRow
              key={row.plantId}
              row={row}
              level={level}
              maximum={maximum}
              mode={mode}
              manualMw={manual[row.plantId]}
              onManualChange={onManualChange}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}

function DispatchRow({
  row,
  level,
  maximum,
  mode,
  manualMw,
  onManualChange,
}: {
  row: GeneratorView;
  level: number | null;
  maximum: number;
  mode: ViewMode;
  manualMw: number | undefined;
  onManualChange: (plantId: number, mw: number | null) => void;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const limitView = mode === 'limite';
  const shown = limitView ? (manualMw ?? row.despachoInicioSobrecarga) : row.potenciaInicial;
  const width = (value: number) => `${(Math.max(0, Math.min(value, maximum)) / maximum) * 100}%`;
  const active = limitView ? shown > 0 : row.potenciaInicial > 0;

  const set = (mw: number) => onManualChange(row.plantId, clampDispatch(mw, row.capacidadMaximaMW));
  const fromPointer = (event: PointerEvent) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect === undefined || rect.width === 0) return;
    set(((event.clientX - rect.left) / rect.width) * maximum);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = row.capacidadMaximaMW / 100;
    const moves: Record<string, number> = {
      ArrowRight: shown + step,
      ArrowUp: shown + step,
      ArrowLeft: shown - step,
      ArrowDown: shown - step,
      Home: 0,
      End: row.capacidadMaximaMW,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  return (
    <li data-testid={`generator-${row.plantId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900">{row.name}</span>
        <span className="flex items-center gap-2">
          <span className="tabular-nums text-slate-700" data-testid="sensitivity">
            {sensitivityText(row.sensibilidad)}
          </span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-700',
            )}
          >
            {active ? t.active : t.off}
          </span>
        </span>
      </div>
      <div className="relative mt-1 mr-2 h-5">
        <div ref={trackRef} className="absolute inset-0 overflow-hidden rounded bg-slate-100">
          <Gridlines />
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 border-r-2 border-dashed border-slate-400"
            style={{ width: width(row.capacidadMaximaMW) }}
          />
          <span
            aria-hidden="true"
            className={cn(
              'absolute inset-y-1 left-0 rounded-r',
              limitView
                ? manualMw === undefined
                  ? 'bg-sky-600'
                  : 'bg-violet-600'
                : 'bg-slate-500',
            )}
            style={{ width: width(shown) }}
          />
        </div>
        {limitView && (
          <div
            role="slider"
            tabIndex={0}
            aria-label={t.markerLabel(row.name)}
            aria-valuemin={0}
            aria-valuemax={row.capacidadMaximaMW}
            aria-valuenow={shown}
            aria-valuetext={t.mw(formatFixed(shown, 1))}
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
            style={{ left: width(shown) }}
          />
        )}
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <Figure label={t.initial} value={row.potenciaInicial} testId="p0" />
        {level !== null && (
          <Figure label={t.atLevel(level)} value={row.despachoSobrecarga} testId="at-level" />
        )}
        <Figure label={t.atLimit} value={row.despachoInicioSobrecarga} testId="at-limit" />
        <Figure label={t.atMax} value={row.despachoMaximaSobrecarga} testId="at-max" />
        <Figure label={t.pMax} value={row.capacidadMaximaMW} testId="pmax" />
        <div className="flex gap-1">
          <dt>{t.units}</dt>
          <dd className="font-medium tabular-nums text-slate-800">{row.unidadesEnParalelo}</dd>
        </div>
      </dl>
    </li>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums text-slate-800" data-testid={testId}>
        {t.mw(formatFixed(value, 1))}
      </dd>
    </div>
  );
}

function EffectivenessTab({ rows }: { rows: GeneratorView[] }) {
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sorted = sortEffectiveness(rows, direction);
  const maximum = Math.max(1e-9, ...rows.map((row) => Math.abs(row.efectividad)));
  return (
    <div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <LabelledSelect
          label={t.direction}
          value={direction}
          onChange={setDirection}
          options={[
            ['desc', t.desc],
            ['asc', t.asc],
          ]}
        />
      </div>
      <p className="mt-3 text-xs text-slate-600">{t.effectivenessCaption}</p>
      <div className="mt-2 max-h-[36rem] overflow-y-auto overscroll-contain pr-1">
        <div className="sticky top-0 z-10 bg-white pr-2 pt-1">
          <GeneratorAxis maximum={maximum} />
        </div>
        <ul aria-label={t.effectivenessLabel} className="space-y-2">
          {sorted.map((row) => (
            <li key={row.plantId} data-testid={`effectiveness-${row.plantId}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-900">{row.name}</span>
                <span className="tabular-nums text-slate-700">
                  <span data-testid="effectiveness">{t.mw(formatFixed(row.efectividad, 1))}</span>
                  <span className="ml-2 text-xs text-slate-500">
                    {sensitivityText(row.sensibilidad)}
                  </span>
                </span>
              </div>
              <div className="relative mt-1 mr-2 h-3 overflow-hidden rounded bg-slate-100">
                <Gridlines />
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute inset-y-0 left-0 rounded-r',
                    row.efectividad >= 0 ? 'bg-sky-600' : 'bg-amber-500',
                  )}
                  style={{ width: `${(Math.abs(row.efectividad) / maximum) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
