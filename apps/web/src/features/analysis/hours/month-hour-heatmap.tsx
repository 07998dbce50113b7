import { useId, useMemo } from 'react';
import { esHours } from '../../../strings/es-hours';
import { colorBins, colorOf, NONE_COLOR } from './model';

const t = esHours.heatmap;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * A month × hour-of-day heatmap (12 rows, Ene…Dic, × 24 columns, 0–23): a table whose cells are
 * coloured on a scale from the grid's least to its largest value, each with its value for screen
 * readers and in its title; null cells grey. The legend gives each colour's range.
 */
export function MonthHourHeatmap({
  title,
  caption,
  grid,
  unit,
  colors,
  zeroApart = false,
  testId,
}: {
  title: string;
  caption: string;
  grid: readonly (readonly (number | null)[])[];
  unit: 'MW' | 'MWh';
  colors: readonly string[];
  /** Exact zeros get a colour of their own (curtailment: nothing lost). */
  zeroApart?: boolean;
  testId: string;
}) {
  const titleId = useId();
  const bins = useMemo(() => colorBins(grid, colors, zeroApart), [grid, colors, zeroApart]);
  const anyNone = grid.some((row) => row.some((value) => value === null));

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <figcaption>
        <span id={titleId} className="block text-sm font-semibold text-slate-900">
          {title}
        </span>
        <span className="mt-1 block text-xs text-slate-600">{caption}</span>
      </figcaption>
      <div className="mt-3 overflow-x-auto">
        <table
          aria-labelledby={titleId}
          className="border-separate border-spacing-0.5 text-[11px] text-slate-600"
        >
          <thead>
            <tr>
              <th scope="col" className="px-1 text-left font-medium">
                {t.monthHeader}
              </th>
              {HOURS.map((hour) => (
                <th key={hour} scope="col" className="w-6 min-w-6 text-center font-medium">
                  <span aria-hidden="true">{hour}</span>
                  <span className="sr-only">{t.hourHeader(hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.months.map((month, m) => (
              <tr key={month}>
                <th scope="row" className="pr-2 text-left font-medium">
                  <span aria-hidden="true">{month}</span>
                  <span className="sr-only">{t.monthNames[m]}</span>
                </th>
                {HOURS.map((hour) => {
                  const value = grid[m]?.[hour] ?? null;
                  const text = value === null ? t.none : t.value(value, unit);
                  return (
                    <td
                      key={hour}
                      title={t.cell(month, hour, text)}
                      className="h-5 rounded-sm border border-slate-200 p-0"
                      style={{ backgroundColor: colorOf(bins, value) }}
                    >
                      <span className="sr-only">{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        aria-label={t.legend}
        className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
        data-testid={`${testId}-legend`}
      >
        {bins.map((bin) => (
          <li key={`${bin.from}-${bin.to}-${bin.color}`} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-5 rounded-sm border border-slate-300"
              style={{ backgroundColor: bin.color }}
            />
            {bin.zero === true ? t.zero(unit) : t.range(bin.from, bin.to, unit)}
          </li>
        ))}
        {anyNone && (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-5 rounded-sm border border-slate-300"
              style={{ backgroundColor: NONE_COLOR }}
            />
            {t.none}
          </li>
        )}
      </ul>
    </figure>
  );
}
