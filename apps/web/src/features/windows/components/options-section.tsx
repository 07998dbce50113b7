import type { PostContingencyRating, WindowOptions } from '@holgura/contracts';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';

const t = esWindows.form.options;

/** The options as the form edits them: the cutoff as typed. */
export type OptionsDraft = {
  contingencies: WindowOptions['contingencies'];
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

/**
 * Whether the chosen case or study has the planner's contingencies (issue #30): 'case-set' is
 * offered only then, naming the file and its count; otherwise it is disabled with the reason.
 */
export type CaseSetChoice = { hint: string } & (
  { available: true; detail: string } | { available: false; reason: string }
);

/** The cutoff's input: the form focuses it when what is typed is not a number between 0 and 0,5. */
export const CUTOFF_ID = 'ventana-umbral';

export const fieldClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 aria-invalid:border-red-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-600';

/**
 * «Opciones», folded by default: the contingencies, what to do with constraints already
 * violated, the post-contingency rating and the distribution-factor cutoff
 * (DEFAULT_WINDOW_OPTIONS' values).
 */
export function OptionsSection({
  value,
  onChange,
  caseSet,
  cutoffError,
  open,
  onToggle,
  disabled,
}: {
  value: OptionsDraft;
  onChange: (value: OptionsDraft) => void;
  caseSet: CaseSetChoice;
  cutoffError: string | null;
  open: boolean;
  onToggle: (open: boolean) => void;
  disabled: boolean;
}) {
  const ids = {
    rating: useId(),
    cutoff: CUTOFF_ID,
    preExisting: useId(),
    contingencies: useId(),
  };
  const contingencyChoices = [
    { value: 'every-branch', label: t.everyBranch, hint: t.everyBranchHint, status: null },
    {
      value: 'case-set',
      label: t.caseSet,
      hint: caseSet.hint,
      status: caseSet.available ? caseSet.detail : caseSet.reason,
    },
  ] as const;
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
        <fieldset aria-describedby={`${ids.contingencies}-ayuda`}>
          <legend className="text-sm font-medium text-slate-800">{t.contingencies}</legend>
          <p id={`${ids.contingencies}-ayuda`} className="text-xs text-slate-600">
            {t.contingenciesHint}
          </p>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            {contingencyChoices.map((option) => {
              const id = `${ids.contingencies}-${option.value}`;
              const unavailable = option.value === 'case-set' && !caseSet.available;
              return (
                <label
                  key={option.value}
                  htmlFor={id}
                  className={cn(
                    'flex gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50',
                    unavailable ? 'cursor-not-allowed bg-slate-50' : 'cursor-pointer',
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={ids.contingencies}
                    value={option.value}
                    checked={value.contingencies === option.value}
                    disabled={unavailable}
                    onChange={() => onChange({ ...value, contingencies: option.value })}
                    aria-labelledby={`${id}-titulo`}
                    aria-describedby={`${id}-ayuda${option.status === null ? '' : ` ${id}-estado`}`}
                    className="mt-1 h-4 w-4 accent-sky-700"
                  />
                  <span>
                    <span
                      id={`${id}-titulo`}
                      className={cn(
                        'block text-sm font-semibold',
                        unavailable ? 'text-slate-600' : 'text-slate-900',
                      )}
                    >
                      {option.label}
                    </span>
                    <span id={`${id}-ayuda`} className="block text-xs text-slate-600">
                      {option.hint}
                    </span>
                    {option.status !== null && (
                      <span
                        id={`${id}-estado`}
                        className={cn(
                          'mt-1 block text-xs',
                          unavailable ? 'text-slate-700' : 'font-medium text-slate-900',
                        )}
                        data-testid="window-case-set-status"
                      >
                        {option.status}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
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
