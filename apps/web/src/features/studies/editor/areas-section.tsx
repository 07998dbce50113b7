import { Plus, X } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { withKey, type StudyFormValues } from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { forgetArea, renameArea } from './area-names';
import { useCatalog } from './catalog-context';
import { FieldFrame, inputClasses, NumberField, NumberInput, useFieldError } from './fields';

const t = esStudies.areas;

/** The areas the study names, with their yearly demand growth (in %, held as a fraction). */
export function AreasSection() {
  const form = useFormContext<StudyFormValues>();
  const catalog = useCatalog();
  // keyName: the areas have an `id` field of their own.
  const areas = useFieldArray({ control: form.control, name: 'areas', keyName: 'key' });
  const values = useWatch({ control: form.control, name: 'areas' });
  const missing = catalog?.areas.filter((id) => !values.some((area) => area.id === id)) ?? [];
  return (
    <Card titleId="estudio-areas" title={t.title} subtitle={t.intro}>
      <div className="mt-4 space-y-3">
        {areas.fields.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
        <ul className="space-y-3">
          {areas.fields.map((area, index) => (
            <li
              key={area.key}
              className="grid items-start gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_12rem_auto]"
            >
              <AreaRow
                index={index}
                onRemove={() => {
                  const name = form.getValues(`areas.${index}.name`);
                  areas.remove(index);
                  forgetArea(form, name);
                }}
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              const id = missing[0];
              areas.append({
                id: id ?? (null as unknown as number),
                name: id === undefined ? '' : t.defaultName(id),
              });
            }}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t.add}
          </Button>
          {missing.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => areas.append(missing.map((id) => ({ id, name: t.defaultName(id) })))}
            >
              {t.addFromCase}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

function AreaRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const form = useFormContext<StudyFormValues>();
  const catalog = useCatalog();
  const [id, name, growth] = useWatch({
    control: form.control,
    name: [`areas.${index}.id`, `areas.${index}.name`, 'growth'],
  });
  const growthError = useFieldError(`growth.${name}`);
  // A row not yet numbered (every area of the case is in) is not an unknown area.
  const numbered = typeof id === 'number' && Number.isFinite(id);
  const known = catalog === null || !numbered || catalog.areas.includes(id);
  return (
    <>
      <NumberField
        name={`areas.${index}.id`}
        label={t.number(index + 1)}
        hint={known ? undefined : t.notInCase(id)}
      />
      <Controller
        control={form.control}
        name={`areas.${index}.name`}
        render={({ field, fieldState }) => (
          <FieldFrame
            id={fieldId(field.name)}
            label={t.name(index + 1)}
            error={fieldState.error?.message}
          >
            {(describedBy) => (
              <input
                id={fieldId(field.name)}
                ref={field.ref}
                type="text"
                autoComplete="off"
                value={field.value}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error === undefined ? undefined : true}
                aria-describedby={describedBy}
                onChange={(event) => {
                  const previous = field.value;
                  field.onChange(event.target.value);
                  renameArea(form, previous, event.target.value);
                }}
                className={cn(inputClasses, 'h-10')}
              />
            )}
          </FieldFrame>
        )}
      />
      <NumberInput
        id={fieldId(`growth.${name}`)}
        label={t.growth(index + 1)}
        hint={t.growthHint}
        percent
        value={growth[name]}
        error={growthError}
        onChange={(value) =>
          form.setValue('growth', withKey(form.getValues('growth'), name, value), {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
      />
      <Button
        variant="ghost"
        size="icon"
        className="self-end"
        aria-label={t.remove(index + 1)}
        onClick={onRemove}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </Button>
    </>
  );
}
