import { cn } from '../../../utils/cn';

const buses = [
  { x: 70, y: 70 },
  { x: 230, y: 50 },
  { x: 380, y: 110 },
  { x: 120, y: 200 },
  { x: 290, y: 220 },
  { x: 420, y: 270 },
  { x: 80, y: 330 },
  { x: 240, y: 350 },
];

const lines: [number, number][] = [
  [0, 1],
  [1, 2],
  [0, 3],
  [1, 4],
  [2, 5],
  [3, 4],
  [4, 5],
  [3, 6],
  [6, 7],
  [4, 7],
];

/** Decorative one-line sketch: a busbar with headroom (teal) and a limiting line (amber). */
export function GridIllustration({ className }: { className?: string }) {
  const limiting: [number, number] = [4, 5];
  const busbar = 4;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'rounded-2xl border border-white/10 bg-slate-900/60 p-6 shadow-2xl shadow-sky-950/50',
        className,
      )}
    >
      <svg viewBox="0 0 480 400" className="h-auto w-full">
        <defs>
          <pattern id="grid-dots" width="24" height="24" patternUnits="userSpaceOnUse">
            <circle cx="1" cy="1" r="1" fill="rgba(148,163,184,0.18)" />
          </pattern>
        </defs>
        <rect width="480" height="400" fill="url(#grid-dots)" />
        {lines.map(([a, b]) => {
          const from = buses[a];
          const to = buses[b];
          if (from === undefined || to === undefined) return null;
          const isLimiting = a === limiting[0] && b === limiting[1];
          return (
            <line
              key={`${a}-${b}`}
              x1={from.x}
              y1={from.y}
              x2={to.x}
              y2={to.y}
              stroke={isLimiting ? '#fbbf24' : 'rgba(125,211,252,0.55)'}
              strokeWidth={isLimiting ? 4 : 2}
              strokeDasharray={isLimiting ? '10 6' : undefined}
            />
          );
        })}
        {buses.map((bus, index) => (
          <g key={index}>
            {index === busbar && (
              <circle cx={bus.x} cy={bus.y} r="26" fill="rgba(45,212,191,0.15)" />
            )}
            <rect
              x={bus.x - 18}
              y={bus.y - 4}
              width="36"
              height="8"
              rx="2"
              fill={index === busbar ? '#2dd4bf' : '#e2e8f0'}
            />
          </g>
        ))}
        <g>
          <circle cx="420" cy="330" r="16" fill="none" stroke="#7dd3fc" strokeWidth="2" />
          <path d="M410 330 q5 -8 10 0 t10 0" fill="none" stroke="#7dd3fc" strokeWidth="2" />
          <line x1="420" y1="314" x2="420" y2="274" stroke="#7dd3fc" strokeWidth="2" />
        </g>
      </svg>
      <div className="mt-4 grid grid-cols-2 gap-3 text-xs">
        <div className="rounded-lg bg-white/5 p-3">
          <div className="h-2 w-10 rounded bg-teal-400" />
          <div className="mt-2 h-2 w-full rounded bg-white/10">
            <div className="h-2 w-2/3 rounded bg-teal-400/70" />
          </div>
        </div>
        <div className="rounded-lg bg-white/5 p-3">
          <div className="h-2 w-10 rounded bg-amber-400" />
          <div className="mt-2 h-2 w-full rounded bg-white/10">
            <div className="h-2 w-11/12 rounded bg-amber-400/80" />
          </div>
        </div>
      </div>
    </div>
  );
}
