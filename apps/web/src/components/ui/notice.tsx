import { AlertTriangle, Info, Lock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

const tones: Record<'error' | 'warning' | 'locked' | 'empty', [string, LucideIcon | null]> = {
  error: ['bg-red-50 text-red-800', AlertTriangle],
  warning: ['bg-amber-50 text-amber-900', Info],
  locked: ['bg-slate-100 text-slate-700', Lock],
  empty: ['justify-center bg-slate-50 p-6 text-center text-slate-600', null],
};

type NoticeProps = {
  /** error is announced (role alert); locked: a feature that needs sign-in; empty: no data. */
  tone: keyof typeof tones;
  /** A bold first line (an element of the caller's when it must be a heading). */
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A boxed message in place of content: tables' states, errors, restricted features. */
export function Notice({ tone, title, children, className }: NoticeProps) {
  const [box, Icon] = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('flex gap-3 rounded-xl p-4 text-sm', box, className)}
    >
      {Icon !== null && <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />}
      <div>
        {title !== undefined && <div className="font-semibold">{title}</div>}
        {children}
      </div>
    </div>
  );
}
