import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { es } from '../../../strings/es';
import { formatFixed, formatMw } from '../../../utils/format';
import { chartSeries, type ResultCard } from '../model';

const t = es.resultsDemo.results.chart;
const COLORS = ['#0369a1', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#4d7c0f'];
const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 28, right: 16, bottom: 44, left: 56 };
const column = createColumnHelper<{ year: number; mw: (number | null)[] }>();

/** A line per scenario of one family's capacity across years (SVG, with a data table). */
export function CapacityChart({
  busName,
  cards,
}: {
  busName: string;
  cards: readonly ResultCard[];
}) {
  const { years, series } = chartSeries(cards);
  // The point under the pointer: its value is written next to it (es-CO), as a tooltip.
  const [hover, setHover] = useState<{ scenario: string; year: number } | null>(null);
  const values = series.flatMap((s) => s.points.map((p) => p.mw)).filter((v) => v !== null);
  if (years.length === 0 || values.length === 0) return null;
  const max = Math.max(...values);
  const top = max <= 0 ? 1 : niceCeil(max);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (years.length === 1 ? innerW / 2 : (index / (years.length - 1)) * innerW);
  const y = (mw: number) => PAD.top + innerH - (mw / top) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const label = t.label(
    busName,
    series.map((s) => s.scenario).join(', '),
    `${years[0]}–${years[years.length - 1]}`,
  );

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">{t.heading}</figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full max-w-3xl"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatMw(tick)}
            </text>
          </g>
        ))}
        <text x={PAD.left - 6} y={12} textAnchor="end" fontSize="11" fill="#475569">
          {t.axisMw}
        </text>
        <text
          x={PAD.left + innerW / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
          fontSize="11"
          fill="#475569"
        >
          {t.axisYear}
        </text>
        {years.map((year, index) => (
          <text
            key={year}
            x={x(index)}
            y={HEIGHT - 22}
            textAnchor="middle"
            fontSize="11"
            fill="#475569"
          >
            {year}
          </text>
        ))}
        {series.map((s, si) => {
          const color = COLORS[si % COLORS.length];
          const points = s.points
            .map((p, index) => (p.mw === null ? null : `${x(index)},${y(p.mw)}`))
            .filter((p) => p !== null);
          return (
            <g key={s.scenario} data-testid="capacity-line" data-scenario={s.scenario}>
              <polyline points={points.join(' ')} fill="none" stroke={color} strokeWidth="2.5" />
              {s.points.map((p, index) =>
                p.mw === null ? null : (
                  <circle
                    key={p.year}
                    cx={x(index)}
                    cy={y(p.mw)}
                    r={hover?.scenario === s.scenario && hover.year === p.year ? 6 : 4}
                    fill={color}
                    data-testid="capacity-point"
                    onPointerEnter={() => setHover({ scenario: s.scenario, year: p.year })}
                    onPointerLeave={() => setHover(null)}
                  >
                    <title>{t.point(s.scenario, p.year, formatFixed(p.mw, 1))}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
        {hover !== null &&
          (() => {
            const index = years.indexOf(hover.year);
            const mw = series.find((s) => s.scenario === hover.scenario)?.points[index]?.mw;
            if (index < 0 || mw === null || mw === undefined) return null;
            const nearRight = x(index) > WIDTH - 160;
            return (
              <text
                x={x(index) + (nearRight ? -10 : 10)}
                y={Math.max(PAD.top + 10, y(mw) - 10)}
                textAnchor={nearRight ? 'end' : 'start'}
                fontSize="12"
                fontWeight="600"
                fill="#0f172a"
                stroke="#ffffff"
                strokeWidth="3"
                paintOrder="stroke"
                data-testid="capacity-tooltip"
              >
                {t.point(hover.scenario, hover.year, formatFixed(mw, 1))}
              </text>
            );
          })()}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
        {series.map((s, si) => (
          <li key={s.scenario} className="flex items-center gap-2">
            <span
              className="inline-block h-1 w-5 rounded"
              style={{ backgroundColor: COLORS[si % COLORS.length] }}
            />
            {s.scenario}
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-sky-800">{t.showTable}</summary>
        <div className="mt-2">
          <DataTable
            caption={t.tableCaption(busName)}
            columns={[
              column.accessor('year', { header: t.yearColumn, meta: { rowHeader: true } }),
              ...series.map((s, si) =>
                column.display({
                  id: s.scenario,
                  header: s.scenario,
                  cell: ({ row }) => {
                    const mw = row.original.mw[si] ?? null;
                    return mw === null ? t.noValue : formatFixed(mw, 1);
                  },
                  meta: { cellClassName: 'tabular-nums' },
                }),
              ),
            ]}
            rows={years.map((year, index) => ({
              year,
              mw: series.map((s) => s.points[index]?.mw ?? null),
            }))}
            getRowId={(row) => String(row.year)}
            emptyText={t.noValue}
          />
        </div>
      </details>
    </figure>
  );
}

function niceCeil(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = magnitude / 2;
  return Math.ceil(value / step) * step;
}
