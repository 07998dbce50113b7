import { useState, type ReactNode, type Ref } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import { cn } from '../../../utils/cn';
import { formatDecimal, fromPercent, parseDecimal, toPercent } from '../model/decimal';
import type { StudyFormValues } from '../model/form-values';
import { fieldId } from '../model/problem-place';

export type FormPath = FieldPath<StudyFormValues>;

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 ' +
  'focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 aria-invalid:border-red-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-600';

type FrameProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
};

/** A label, the control, its hint and its validation message (linked to the control). */
export function FieldFrame({ id, label, hint, error, className, children }: FrameProps) {
  const hintId = hint === undefined ? undefined : `${id}-ayuda`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(describedBy)}
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

/** The validation message of a field, set by the schema or by the server's review. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<StudyFormValues>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return error?.message;
}

/** A text field of the study (registered: react-hook-form reads it as the user types). */
export function TextField({
  name,
  label,
  hint,
  multiline = false,
  className,
}: {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  className?: string;
}) {
  const { register } = useFormContext<StudyFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(describedBy) =>
        multiline ? (
          <textarea
            id={id}
            rows={2}
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={describedBy}
            className={cn(inputClasses, 'py-2')}
            {...register(name)}
          />
        ) : (
          <input
            id={id}
            type="text"
            autoComplete="off"
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={describedBy}
            className={cn(inputClasses, 'h-10')}
            {...register(name)}
          />
        )
      }
    </FieldFrame>
  );
}

const same = (a: number | undefined, b: number | undefined) => Object.is(a, b);

type NumberInputProps = {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  hint?: ReactNode;
  /** The value is a fraction shown in % (growth). */
  percent?: boolean;
  placeholder?: string;
  className?: string;
};

/**
 * A number typed as text (decimal comma or point, es-CO), so a half-typed "1," is kept while
 * the form holds the number. Empty is undefined; anything else unreadable is NaN, which the
 * schema refuses in Spanish.
 */
export function NumberInput(props: NumberInputProps) {
  const { id, value, percent = false } = props;
  const shown = percent && value !== undefined && !Number.isNaN(value) ? toPercent(value) : value;
  const [draft, setDraft] = useState(formatDecimal(shown));
  const [lastShown, setLastShown] = useState(shown);
  if (!same(shown, lastShown)) {
    // Changed from outside (a file loaded, a row removed): show the new value.
    setLastShown(shown);
    if (!same(parseDecimal(draft), shown)) setDraft(formatDecimal(shown));
  }
  return (
    <FieldFrame
      id={id}
      label={props.label}
      hint={props.hint}
      error={props.error}
      className={props.className}
    >
      {(describedBy) => (
        <input
          id={id}
          ref={props.inputRef}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draft}
          placeholder={props.placeholder}
          aria-invalid={props.error === undefined ? undefined : true}
          aria-describedby={describedBy}
          onBlur={props.onBlur}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const typed = parseDecimal(text);
            const next =
              percent && typed !== undefined && !Number.isNaN(typed) ? fromPercent(typed) : typed;
            setLastShown(
              percent && next !== undefined && !Number.isNaN(next) ? toPercent(next) : next,
            );
            props.onChange(next);
          }}
          className={cn(inputClasses, 'h-10 tabular-nums')}
        />
      )}
    </FieldFrame>
  );
}

/** A number field of the study at `name`. */
export function NumberField({
  name,
  label,
  hint,
  placeholder,
  className,
}: {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
}) {
  const { control } = useFormContext<StudyFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          id={fieldId(name)}
          label={label}
          hint={hint}
          placeholder={placeholder}
          className={className}
          value={(field.value as number | null) ?? undefined}
          onChange={(value) => field.onChange(value ?? null)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
