import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DispatchAdjustments, SortDirection } from '../../../components/charts/generator-bars';
import {
  BarFigures,
  DirectionSelect,
  GeneratorSensitivityChart,
  Gridlines,
  ScaledList,
} from '../../../components/charts/generator-sensitivity-chart';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import {
  generatorBars,
  sortEffectiveness,
  type AnalysisBar,
  type GeneratorView,
  type ManualDispatch,
  type ViewMode,
} from './model';
import { formatPower, powerAxisLabels } from './power-format';

const t = esAnalysisResults.generators;

type GeneratorsPanelProps = {
  /** null: no constraint selected. */
  rows: GeneratorView[] | null;
  /** The selected constraint's generators are on their way, or could not be read. */
  status?: 'loading' | 'error' | 'ready';
  errorMessage?: string | undefined;
  level: number | null;
  mode: ViewMode;
  manual: ManualDispatch;
  onManualChange: (plantId: number, mw: number) => void;
  onReset: () => void;
  /** Shown beside the title when there are generators (the download buttons). */
  actions?: ReactNode;
};

/** 'Análisis de Generadores': dispatch and effectiveness of the units that move the constraint. */
export function GeneratorsPanel(props: GeneratorsPanelProps) {
  const { rows } = props;
  return (
    <Card
      level={3}
      titleId="generadores-titulo"
      title={t.title}
      actions={rows !== null && rows.length > 0 && props.actions}
    >
      {props.status === 'loading' ? (
        <Spinner label={t.loading} className="py-10" />
      ) : props.status === 'error' ? (
        <Notice tone="error" className="mt-3">
          {t.error(props.errorMessage ?? '')}
        </Notice>
      ) : rows === null ? (
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
    </Card>
  );
}

const NO_ADJUSTMENTS: DispatchAdjustments = {};
const mw = (value: number) => t.mw(formatFixed(value, 1));

function DispatchTab({
  rows,
  level,
  mode,
  manual,
  onManualChange,
  onReset,
}: GeneratorsPanelProps & { rows: GeneratorView[] }) {
  const limitView = mode === 'limite';
  const bars = useMemo(() => generatorBars(rows, mode), [rows, mode]);
  const details = useCallback(
    (bar: AnalysisBar) => <Figures row={bar.view} level={level} />,
    [level],
  );
  return (
    <GeneratorSensitivityChart
      bars={bars}
      listLabel={t.listLabel}
      capacityLabel={t.sortCapacity}
      // The original view draws P0: the manual dispatch belongs to the limit view only.
      adjustments={limitView ? manual : NO_ADJUSTMENTS}
      onAdjust={limitView ? onManualChange : undefined}
      badge={StatusBadge}
      details={details}
    >
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="min-h-8 min-w-48 flex-1 text-xs text-slate-600">
          {limitView ? t.markerHint : t.originalHint}
        </p>
        {/* Always laid out, hidden in the original view: switching views does not shift rows. */}
        <Button
          variant="outline"
          size="sm"
          disabled={Object.keys(manual).length === 0}
          onClick={onReset}
          className={limitView ? undefined : 'invisible'}
          aria-hidden={limitView ? undefined : true}
        >
          {t.reset}
        </Button>
      </div>
    </GeneratorSensitivityChart>
  );
}

/** Spec §3: 'Activo' while the drawn dispatch is above 0, 'Apagado' otherwise. */
function StatusBadge(bar: AnalysisBar, adjustedMw: number | undefined) {
  const active = (adjustedMw ?? bar.dispatchMw) > 0;
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-700',
      )}
    >
      {active ? t.active : t.off}
    </span>
  );
}

function Figures({ row, level }: { row: GeneratorView; level: number | null }) {
  return (
    <BarFigures
      items={[
        [t.initial, mw(row.potenciaInicial), 'p0'],
        level !== null && [t.atLevel(level), mw(row.despachoSobrecarga), 'at-level'],
        [t.atLimit, mw(row.despachoInicioSobrecarga), 'at-limit'],
        [t.atMax, mw(row.despachoMaximaSobrecarga), 'at-max'],
        [t.pMax, mw(row.capacidadMaximaMW), 'pmax'],
        [t.units, String(row.unidadesEnParalelo)],
      ]}
    />
  );
}

function EffectivenessTab({ rows }: { rows: GeneratorView[] }) {
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sorted = sortEffectiveness(rows, direction);
  const largest = Math.max(0, ...rows.map((row) => Math.abs(row.efectividad)));
  // Zero everywhere (no unit has headroom): an axis of 1 MW, the bars empty.
  const maximum = largest > 0 ? largest : 1;
  return (
    <div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <DirectionSelect value={direction} onChange={setDirection} />
      </div>
      <p className="mt-3 text-xs text-slate-600">{t.effectivenessCaption}</p>
      <ScaledList maximum={maximum} axisLabels={powerAxisLabels(maximum)}>
        <ul aria-label={t.effectivenessLabel} className="space-y-2">
          {sorted.map((row) => {
            const power = formatPower(row.efectividad);
            const noHeadroom = !(row.capacidadMaximaMW - row.potenciaInicial > 0);
            return (
              <li key={row.plantId} data-testid={`effectiveness-${row.plantId}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium text-slate-900">{row.name}</span>
                  <span className="tabular-nums text-slate-700">
                    <span data-testid="effectiveness">{t.power(power.value, power.unit)}</span>
                    {noHeadroom && (
                      <span className="ml-2 text-xs text-slate-600">{t.noHeadroom}</span>
                    )}
                    <span className="ml-2 text-xs text-slate-500">
                      {t.percent(formatFixed(row.sensibilidad * 100, 2))}
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
            );
          })}
        </ul>
      </ScaledList>
    </div>
  );
}
