import { es } from '../../strings/es';
import { esNetwork } from '../../strings/es-network';
import { formatFixed } from '../../utils/format';
import {
  bandColor,
  CAPACITY_COLORS,
  GENERATOR_COLOR,
  NOT_EVALUATED_COLOR,
  OUT_OF_SERVICE_COLOR,
  UNRATED_COLOR,
  type CapacityScale,
} from './model';

const t = esNetwork;
const bands = es.analysis.bands;

/** Spec §4's bands, with their thresholds, as the branches are coloured. */
export function LoadLegend({ withFocus }: { withFocus: boolean }) {
  const items: [string, string, boolean][] = [
    [bandColor.normal, `${bands.normal} (≤ 50 %)`, false],
    [bandColor.moderate, `${bands.moderate} (50–75 %)`, false],
    [bandColor.alert, `${bands.alert} (75–90 %)`, false],
    [bandColor.critical, `${bands.critical} (90–100 %)`, false],
    [bandColor.overload, `${bands.overload} (100–130 %)`, false],
    [bandColor.extreme, `${bands.extreme} (> 130 %)`, false],
    [UNRATED_COLOR, t.legendUnrated, false],
    [OUT_OF_SERVICE_COLOR, t.legendOutOfService, true],
  ];
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t.legendTitle}
      </h4>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {items.map(([color, label, dashed]) => (
          <li key={label} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block w-5 border-t-[3px]"
              style={{ borderColor: color, borderStyle: dashed ? 'dashed' : 'solid' }}
            />
            {label}
          </li>
        ))}
        {withFocus && (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full"
              style={{ backgroundColor: GENERATOR_COLOR }}
            />
            {t.legendGenerator}
          </li>
        )}
      </ul>
    </div>
  );
}

/** The capacity colour bands in MW, from the smallest to the largest busbar evaluated. */
export function CapacityLegend({ scale }: { scale: CapacityScale }) {
  return (
    <div>
      <h4
        id="capacity-legend"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.capacityLegendTitle}
      </h4>
      <ul
        aria-labelledby="capacity-legend"
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
      >
        {(scale.single ? CAPACITY_COLORS.slice(-1) : CAPACITY_COLORS).map((color, i) => (
          <li key={color} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full"
              style={{ backgroundColor: color }}
            />
            {scale.single
              ? `${formatFixed(scale.bounds[0]!, 0)} MW`
              : `${formatFixed(scale.bounds[i]!, 0)}–${formatFixed(scale.bounds[i + 1]!, 0)} MW`}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-full"
            style={{ backgroundColor: NOT_EVALUATED_COLOR }}
          />
          {t.capacityNotEvaluated}
        </li>
      </ul>
    </div>
  );
}
