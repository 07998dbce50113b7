import { useFormContext } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import type { StudyFormValues } from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { FieldFrame, inputClasses, NumberField } from './fields';

const t = esStudies.options;

const RATINGS = ['emergency', 'A', 'B', 'C'] as const;
// The attributable figure first: the default, as in /analisis (issue #25).
const PRE_EXISTING = [
  { value: 'ignore', label: t.ignore, hint: t.ignoreHint },
  { value: 'limit', label: t.limit, hint: t.limitHint },
] as const;

/**
 * Tmax, post-contingency rating, distribution-factor cutoff and pre-existing violations; and the
 * checks beyond DC thermal (issue #31).
 */
export function OptionsSection() {
  const { register } = useFormContext<StudyFormValues>();
  const ratingId = fieldId('options.postContingencyRating');
  return (
    <Card titleId="estudio-opciones" title={t.title}>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <NumberField name="options.tmaxMw" label={t.tmaxMw} hint={t.tmaxHint} />
        <FieldFrame id={ratingId} label={t.rating} hint={t.ratingHint}>
          {(describedBy) => (
            <select
              id={ratingId}
              aria-describedby={describedBy}
              className={cn(inputClasses, 'h-10')}
              {...register('options.postContingencyRating')}
            >
              {RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {t.ratings[rating]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <NumberField name="options.distributionFactorCutoff" label={t.cutoff} hint={t.cutoffHint} />
      </div>
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-slate-800">{t.preExisting}</legend>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          {PRE_EXISTING.map((option, i) => {
            const id =
              i === 0
                ? fieldId('options.preExistingViolations')
                : `${fieldId('options.preExistingViolations')}-${option.value}`;
            return (
              <label
                key={option.value}
                htmlFor={id}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50"
              >
                <input
                  id={id}
                  type="radio"
                  value={option.value}
                  aria-labelledby={`${id}-titulo`}
                  aria-describedby={`${id}-ayuda`}
                  className="mt-1 h-4 w-4 accent-sky-700"
                  {...register('options.preExistingViolations')}
                />
                <span>
                  <span id={`${id}-titulo`} className="block text-sm font-semibold text-slate-900">
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
      <VerificationFields />
    </Card>
  );
}

/**
 * Issue #31: AC verification and the weak grid (SCR mínimo, and the X″d used only for units
 * without machine data), used only while the short-circuit check is on.
 */
function VerificationFields() {
  const { register } = useFormContext<StudyFormValues>();
  const checks = [
    { name: 'options.verification.ac', label: t.ac, hint: t.acHint },
    { name: 'options.verification.shortCircuit', label: t.shortCircuit, hint: t.shortCircuitHint },
  ] as const;
  return (
    <fieldset className="mt-5" aria-describedby="estudio-verificacion-ayuda">
      <legend className="text-sm font-medium text-slate-800">{t.verification}</legend>
      <p id="estudio-verificacion-ayuda" className="mt-1 text-xs text-slate-600">
        {t.verificationIntro}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        {checks.map((check) => {
          const id = fieldId(check.name);
          return (
            <label
              key={check.name}
              htmlFor={id}
              className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50"
            >
              <input
                id={id}
                type="checkbox"
                aria-describedby={`${id}-ayuda`}
                className="mt-1 h-4 w-4 accent-sky-700"
                {...register(check.name)}
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{check.label}</span>
                <span id={`${id}-ayuda`} className="block text-xs text-slate-600">
                  {check.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-3 grid min-w-0 gap-4 md:grid-cols-3">
        <NumberField name="options.verification.scrMin" label={t.scrMin} hint={t.scrMinHint} />
        <NumberField
          name="options.verification.xdPu"
          label={t.xdPu}
          hint={t.xdHint}
          placeholder={t.xdPlaceholder}
          className="md:col-span-2"
        />
      </div>
    </fieldset>
  );
}
