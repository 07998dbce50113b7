import { LoaderCircle } from 'lucide-react';
import { cn } from '../../utils/cn';

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
