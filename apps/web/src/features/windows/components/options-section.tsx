import type { PostContingencyRating, WindowOptions } from '@holgura/contracts';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';

const t = esWindows.form.options;

/** The options as the form edits them: the cutoff as typed. */
export type OptionsDraft = {
  preExisting: WindowOptions['preExisting'];
  postContingencyRating: WindowOptions['postContingencyRating'];
  cutoff: string;
};

// Emergency first: the default, as on /analisis.
const RATINGS = ['emergency', 'A', 'B', 'C'] as const satisfies readonly PostContingencyRating[];
// The default (DEFAULT_WINDOW_OPTIONS: the attributable figure, as on /analisis) first.
const PRE_EXISTING = [
  { value: 'ignore', label: t.ignore, hint: t.ignoreHint },
  { value: 'limit', label: t.limit, hint: t.limitHint },
] as const;

/** The cutoff's input: the form focuses it when what is typed is not a number between 0 and 0,5. */
export const CUTOFF_ID = 'ventana-umbral';

export const fieldClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 aria-invalid:border-red-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-600';

/**
 * «Opciones», folded by default: what to do with constraints already violated, the
 * post-contingency rating and the distribution-factor cutoff (DEFAULT_WINDOW_OPTIONS' values).
 */
export function OptionsSection({
  value,
  onChange,
  cutoffError,
  open,
  onToggle,
  disabled,
}: {
  value: OptionsDraft;
  onChange: (value: OptionsDraft) => void;
  cutoffError: string | null;
  open: boolean;
  onToggle: (open: boolean) => void;
  disabled: boolean;
}) {
  const ids = { rating: useId(), cutoff: CUTOFF_ID, preExisting: useId() };
  return (
    <details
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
      className="group rounded-xl border border-slate-200"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 [&::-webkit-details-marker]:hidden">
        <span>
          {t.title}
          <span className="ml-2 font-normal text-slate-600">{t.hint}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <fieldset disabled={disabled} className="space-y-5 border-t border-slate-200 px-4 py-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t.preExisting}</legend>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            {PRE_EXISTING.map((option) => {
              const id = `${ids.preExisting}-${option.value}`;
              return (
                <label
                  key={option.value}
                  htmlFor={id}
                  className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50"
                >
                  <input
                    id={id}
                    type="radio"
                    name={ids.preExisting}
                    value={option.value}
                    checked={value.preExisting === option.value}
                    onChange={() => onChange({ ...value, preExisting: option.value })}
                    aria-labelledby={`${id}-titulo`}
                    aria-describedby={`${id}-ayuda`}
                    className="mt-1 h-4 w-4 accent-sky-700"
                  />
                  <span>
                    <span
                      id={`${id}-titulo`}
                      className="block text-sm font-semibold text-slate-900"
                    >
                      {option.label}
                    </span>
                    <span id={`${id}-ayuda`} className="block text-xs text-slate-600">
                      {option.hint}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={ids.rating} className="block text-sm font-medium text-slate-800">
              {t.rating}
            </label>
            <select
              id={ids.rating}
              value={value.postContingencyRating}
              aria-describedby={`${ids.rating}-ayuda`}
              onChange={(event) =>
                onChange({
                  ...value,
                  postContingencyRating: event.target
                    .value as OptionsDraft['postContingencyRating'],
                })
              }
              className={cn(fieldClasses, 'h-10')}
            >
              {RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {t.ratings[rating]}
                </option>
              ))}
            </select>
            <p id={`${ids.rating}-ayuda`} className="text-xs text-slate-600">
              {t.ratingHint}
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.cutoff} className="block text-sm font-medium text-slate-800">
              {t.cutoff}
            </label>
            <input
              id={ids.cutoff}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={value.cutoff}
              aria-invalid={cutoffError === null ? undefined : true}
              aria-describedby={`${ids.cutoff}-ayuda${cutoffError === null ? '' : ` ${ids.cutoff}-error`}`}
              onChange={(event) => onChange({ ...value, cutoff: event.target.value })}
              className={cn(fieldClasses, 'h-10 tabular-nums')}
            />
            <p id={`${ids.cutoff}-ayuda`} className="text-xs text-slate-600">
              {t.cutoffHint}
            </p>
            {cutoffError !== null && (
              <p id={`${ids.cutoff}-error`} className="text-sm text-red-700">
                {cutoffError}
              </p>
            )}
          </div>
        </div>
      </fieldset>
    </details>
  );
}
