import { cn } from '../../utils/cn';
import { formatFixed } from '../../utils/format';

/** Spec §9: generator axis ticks at 0, 25, 50, 75 and 100 % of the maximum. */
export function axisTicks(maximum: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((share) => share * maximum);
}

/** The MW scale above the dispatch bars of /analisis and /resultados, one tick per quarter. */
export function GeneratorAxis({ maximum }: { maximum: number }) {
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
          {formatFixed(tick, 0)}
        </span>
      ))}
    </div>
  );
}
