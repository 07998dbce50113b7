import { Plus, X } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import { nextYear, type StudyFormValues } from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { NumberInput, useFieldError } from './fields';

const t = esStudies.years;

/** The study's years: one input each, added after the last one, removed one by one. */
export function YearsSection() {
  const { control, setValue, formState } = useFormContext<StudyFormValues>();
  const years = useWatch({ control, name: 'years' });
  const listError = useFieldError('years');
  const set = (next: number[]) =>
    setValue('years', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <Card titleId="estudio-anios" title={t.title} subtitle={t.intro}>
      <div className="mt-4 space-y-3">
        {years.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
        <ul className="flex flex-wrap gap-3">
          {years.map((year, index) => (
            // Index keys: each input shows the array as it is after a removal.
            <li key={index} className="flex items-end gap-1">
              <YearInput
                index={index}
                value={year}
                onChange={(value) =>
                  set(years.map((y, i) => (i === index ? (value as number) : y)))
                }
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t.remove(index + 1)}
                onClick={() => set(years.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
        {listError !== undefined && (
          <p id={`${fieldId('years')}-error`} className="text-sm text-red-700">
            {listError}
          </p>
        )}
        <Button
          id={fieldId('years')}
          variant="outline"
          size="sm"
          aria-describedby={listError === undefined ? undefined : `${fieldId('years')}-error`}
          onClick={() => set([...years, nextYear(years)])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t.add}
        </Button>
      </div>
    </Card>
  );
}

function YearInput({
  index,
  value,
  onChange,
}: {
  index: number;
  value: number;
  onChange: (value: number | undefined) => void;
}) {
  const error = useFieldError(`years.${index}`);
  return (
    <NumberInput
      id={fieldId(`years.${index}`)}
      label={t.year(index + 1)}
      value={value}
      onChange={onChange}
      error={error}
      className="w-28"
    />
  );
}
