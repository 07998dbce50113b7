import { esHours } from '../../../strings/es-hours';
import { formatMw } from '../../../utils/format';
import { type CapacityStats, durationPoints, exceededIn, niceCeil } from './model';

const t = esHours.duration;
const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 24, right: 16, bottom: 44, left: 60 };
const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];
/** The shares of the feasible hours whose capacity the text and the points give. */
const KEY_SHARES = [0.1, 0.5, 0.9, 1];

/**
 * The duration curve of a bus's hourly capacity (SVG, drawn here as the app's other charts):
 * the feasible hours sorted from the most capacity to the least, the share of the hours on x.
 * Named by a sentence that sums it up (role img), with its key points in text under it.
 */
export function DurationCurve({
  sorted,
  stats,
  capMw,
  busText,
}: {
  /** The feasible hours' capacities, largest first. */
  sorted: readonly number[];
  stats: CapacityStats;
  capMw: number;
  busText: string;
}) {
  const top = niceCeil(Math.max(stats.max, 1));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (share: number) => PAD.left + share * innerW;
  const y = (mw: number) => PAD.top + innerH - (Math.max(0, mw) / top) * innerH;
  const points = durationPoints(sorted);
  const line = points.map((p) => `${x(p.share).toFixed(1)},${y(p.mw).toFixed(1)}`).join(' ');
  const area = `M ${x(0)},${y(0)} L ${line.replaceAll(' ', ' L ')} L ${x(1)},${y(0)} Z`;
  const mwTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const keyPoints = KEY_SHARES.map((share) => ({
    share,
    hours: Math.max(1, Math.ceil(share * sorted.length)),
    mw: exceededIn(sorted, share),
  }));

  return (
    <figure
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="hours-duration"
    >
      <figcaption>
        <span className="block text-sm font-semibold text-slate-900">{t.title}</span>
        <span className="mt-1 block text-xs text-slate-600">{t.caption}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={t.label(busText, stats.max, stats.median, stats.min, stats.feasible)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full max-w-3xl"
      >
        {mwTicks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatMw(tick)}
            </text>
          </g>
        ))}
        {SHARE_TICKS.map((share) => (
          <text
            key={share}
            x={x(share)}
            y={HEIGHT - 24}
            textAnchor={share === 0 ? 'start' : share === 1 ? 'end' : 'middle'}
            fontSize="11"
            fill="#475569"
          >
            {t.share(share * 100)}
          </text>
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
          {t.axisShare}
        </text>
        {capMw <= top && (
          <g data-testid="hours-duration-cap">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(capMw)}
              y2={y(capMw)}
              stroke="#0f766e"
              strokeDasharray="6 4"
            />
            <text
              x={WIDTH - PAD.right}
              y={y(capMw) - 5}
              textAnchor="end"
              fontSize="11"
              fill="#0f766e"
            >
              {t.capLine(capMw)}
            </text>
          </g>
        )}
        <path d={area} fill="#e0f2fe" />
        <polyline
          points={line}
          fill="none"
          stroke="#0369a1"
          strokeWidth="2.5"
          strokeLinejoin="round"
          data-testid="hours-duration-line"
        />
        {keyPoints.map((point) => (
          <circle key={point.share} cx={x(point.share)} cy={y(point.mw)} r={4} fill="#0369a1">
            <title>{t.point(point.share * 100, point.hours, point.mw)}</title>
          </circle>
        ))}
      </svg>
      <div className="mt-2 text-sm text-slate-700">
        <p className="text-xs font-semibold text-slate-600">{t.pointsTitle}</p>
        <ul className="mt-1 space-y-0.5" data-testid="hours-duration-points">
          {keyPoints.map((point) => (
            <li key={point.share}>{t.point(point.share * 100, point.hours, point.mw)}</li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
