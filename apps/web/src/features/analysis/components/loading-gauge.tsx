import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import {
  gaugeWidthPercent,
  loadBand,
  loadBandClasses,
  loadBandLabel,
} from '../../../utils/load-bands';

/** A loading in a table cell: the %, a small bar and the spec's load band (§4). */
export function LoadingGauge({ percent }: { percent: number }) {
  const band = loadBand(percent);
  return (
    <div className="flex items-center gap-2">
      <span className="w-14 text-right tabular-nums">{formatFixed(percent, 1)}</span>
      <span
        aria-hidden="true"
        className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 sm:block"
      >
        <span
          className={cn('block h-full', loadBandClasses[band].bar)}
          style={{ width: `${gaugeWidthPercent(percent)}%` }}
        />
      </span>
      <span
        className={cn(
          'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
          loadBandClasses[band].badge,
        )}
      >
        {loadBandLabel[band]}
      </span>
    </div>
  );
}
