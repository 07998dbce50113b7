import { LoaderCircle } from 'lucide-react';
import { cn } from '../../utils/cn';

/**
 * A spinner that stands for a whole page while its code or the session check loads: a screen
 * tall, so the footer stays below the fold and nothing moves when the page replaces it (no
 * layout shift, issue #20).
 */
export const PAGE_SPINNER_CLASSES = 'min-h-dvh py-24';

type SpinnerProps = {
  /** Announced to assistive technology and shown beside the icon. */
  label: string;
  className?: string;
};

/** A live status region with a spinning icon and its label. */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 text-slate-600', className)}
    >
      <LoaderCircle
        aria-hidden="true"
        className="h-8 w-8 animate-spin text-sky-600 motion-reduce:animate-none"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
