import { cn } from '../../utils/cn';

/** A labelled progress bar (0–100 %) with its text for assistive technology. */
export function ProgressBar({
  label,
  percent,
  text,
  failed = false,
}: {
  label: string;
  percent: number;
  /** What is happening, read with the value. */
  text: string;
  failed?: boolean;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} % ${text}`.trim()}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={cn(
          'h-full rounded-full transition-all motion-reduce:transition-none',
          failed ? 'bg-red-600' : 'bg-sky-600',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
