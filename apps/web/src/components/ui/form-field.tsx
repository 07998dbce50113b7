import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '../../utils/cn';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** A validation message shown under the field and linked to it. */
  error?: string | undefined;
  /** A short rule shown under the field and linked to it (the sign-up password's). */
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its validation message (works with react-hook-form's `register`). */
export function FormField({
  label,
  type = 'text',
  error,
  hint,
  className,
  ref,
  ...props
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((item) => item !== null)
    .join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type={type}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        className={cn(
          'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
          'focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40',
          'read-only:bg-slate-100 read-only:text-slate-600 aria-invalid:border-red-600',
          className,
        )}
        {...props}
      />
      {hint !== undefined && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
