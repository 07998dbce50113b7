import { Gridlines } from '../../../components/charts/generator-sensitivity-chart';
import { Card } from '../../../components/ui/card';
import { es } from '../../../strings/es';
import { formatFixed } from '../../../utils/format';
import {
  adjustmentEffect,
  clampDispatch,
  dispatchOf,
  maxLoadDispatch,
  type DemoGenerator,
  type SimState,
} from '../model';

const t = es.resultsDemo.demo.generators;

type GeneratorPanelProps = {
  generators: DemoGenerator[];
  sim: SimState;
  manual: Record<string, number>;
  onSetDispatch: (name: string, mw: number) => void;
};

/** The units of the constraint: sensitivity, dispatch against capacity; adjustable in contingency. */
export function GeneratorPanel({ generators, sim, manual, onSetDispatch }: GeneratorPanelProps) {
  const editable = sim === 'contingency';
  const sorted = [...generators].sort(
    (a, b) => Math.abs(b.sensibilidad) - Math.abs(a.sensibilidad),
  );
  const total = adjustmentEffect(generators, manual);
  return (
    <Card
      level={3}
      titleId="generadores-titulo"
      title={t.heading}
      subtitle={<p className="text-xs text-slate-500">{t.note}</p>}
      className="rounded-2xl bg-white p-5 shadow-sm"
    >
      {editable && <p className="mt-1 text-sm text-slate-700">{t.adjustHint}</p>}
      {sorted.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.none}</p>
      ) : (
        <ul className="relative mt-3 max-h-[32rem] space-y-3 overflow-y-auto pr-1">
          {sorted.map((generator) => {
            const dispatch = dispatchOf(generator, sim, manual);
            const base = maxLoadDispatch(generator);
            const share =
              dispatch === null ? 0 : (Math.max(0, dispatch) / generator.capacidadMaximaMW) * 100;
            const set = manual[generator.name];
            const delta = set !== undefined && base !== null ? set - base : null;
            const inputId = `gen-${generator.name.replace(/\W+/g, '-')}`;
            return (
              <li key={generator.name} className="rounded-lg border border-slate-100 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold text-slate-900">{generator.name}</span>
                  <span className="tabular-nums text-slate-700">
                    {t.sensitivity}: {formatFixed(generator.sensibilidad * 100, 2)} %
                  </span>
                </div>
                <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-600">
                  <span className="tabular-nums">
                    {t.dispatch}: {dispatch === null ? '—' : `${formatFixed(dispatch, 1)} MW`}
                  </span>
                  <span className="tabular-nums">
                    {t.capacity}: {formatFixed(generator.capacidadMaximaMW, 1)} MW
                  </span>
                </div>
                {editable && base !== null ? (
                  <>
                    <label htmlFor={inputId} className="sr-only">
                      {t.adjust(generator.name)}
                    </label>
                    <input
                      id={inputId}
                      type="range"
                      min={0}
                      max={generator.capacidadMaximaMW}
                      step={Math.max(0.1, generator.capacidadMaximaMW / 100)}
                      value={dispatch ?? 0}
                      onChange={(event) =>
                        onSetDispatch(
                          generator.name,
                          clampDispatch(generator, Number(event.target.value)),
                        )
                      }
                      className="mt-2 w-full accent-sky-700"
                    />
                    {delta !== null && (
                      <p className="text-xs tabular-nums text-sky-900">
                        {t.adjustment(formatFixed(delta, 1))} ·{' '}
                        {t.effect(formatFixed(generator.sensibilidad * delta, 2))}
                      </p>
                    )}
                  </>
                ) : (
                  <div className="relative mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-sky-600"
                      style={{ width: `${Math.min(100, share)}%` }}
                    />
                    <Gridlines />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="adjustment-total">
          {t.totalEffect(formatFixed(total, 2))}
        </p>
      )}
    </Card>
  );
}
