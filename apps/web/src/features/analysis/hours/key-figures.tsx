import type { HourlyCapacityResponse } from '@holgura/contracts';
import { esHours } from '../../../strings/es-hours';
import { cn } from '../../../utils/cn';

const t = esHours.result;

/** One figure: its label, its value as shown, an optional line under it, its test id's end. */
export type KeyFigure = { key: string; label: string; value: string; hint?: string };

/** A row of figures, each in a box, the value above its label (`Figures`' look, with text). */
export function KeyFigures({
  items,
  testIdPrefix,
  className,
}: {
  items: KeyFigure[];
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', className)}>
      {items.map((item) => (
        <div key={item.key} className="flex flex-col rounded-xl bg-slate-50 p-3">
          <dt className="order-2 text-xs font-medium text-slate-700">{item.label}</dt>
          <dd
            className="order-1 text-xl font-bold tabular-nums text-slate-900"
            data-testid={`${testIdPrefix}${item.key}`}
          >
            {item.value}
          </dd>
          {item.hint !== undefined && (
            <dd className="order-3 mt-1 text-xs text-slate-600">{item.hint}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** MW, or «≥ tope del estudio (N MW)» for a figure at or past the cap (null). */
export const mwOrCap = (value: number | null, capMw: number) =>
  value === null ? t.atCap(capMw) : t.mw(value);

/** Firm MW and the MW at 1, 3 and 5 % of energy curtailed, for the answer's profile. */
export function shareFigures(
  result: Pick<HourlyCapacityResponse, 'firmMw' | 'mwAtCurtailment' | 'capMw'>,
): KeyFigure[] {
  const shares = ['1', '3', '5'] as const;
  return [
    {
      key: 'firm',
      label: t.figures.firm,
      value: mwOrCap(result.firmMw, result.capMw),
      hint: t.figures.firmHint,
    },
    ...shares.map((share) => ({
      key: `at-${share}`,
      label: t.figures.atShare(share),
      value: mwOrCap(result.mwAtCurtailment[share], result.capMw),
      hint: t.figures.atShareHint(share),
    })),
  ];
}
