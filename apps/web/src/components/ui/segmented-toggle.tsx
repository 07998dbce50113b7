import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

/**
 * A choice of one among a few, as pressed buttons in a named group: the constraint panel's view,
 * the two figures of a flexibility and of «Capacidad por barra».
 */
export function SegmentedToggle<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The group's name for assistive technology. */
  label: string;
  value: Value;
  /** Each option's value and what its button shows (its accessible name). */
  options: readonly (readonly [Value, ReactNode])[];
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-1">
      {options.map(([option, content]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-md px-3 py-1.5 text-left text-xs font-semibold sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500',
            value === option
              ? 'bg-white text-sky-800 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {content}
        </button>
      ))}
    </div>
  );
}
