import { Controller, useFormContext } from 'react-hook-form';
import { esStudies } from '../../../strings/es-studies';
import { formatNumber } from '../../../utils/format';
import type { StudyFormValues } from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { useCatalog } from './catalog-context';
import { NumberInput, type FormPath } from './fields';

const t = esStudies.busbars;

/** A bus number field that says which bus of the base case it is (or that it has none). */
export function BusField({ name, label }: { name: FormPath; label: string }) {
  const { control } = useFormContext<StudyFormValues>();
  const catalog = useCatalog();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as number | null) ?? undefined;
        const row = catalog === null || value === undefined ? undefined : catalog.rowOf.get(value);
        const hint =
          catalog === null || value === undefined || Number.isNaN(value)
            ? undefined
            : row === undefined
              ? t.busUnknown
              : t.busHint(catalog.name[row]!, formatNumber(catalog.baseKv[row]!, 1));
        return (
          <NumberInput
            id={fieldId(name)}
            label={label}
            hint={hint}
            value={value}
            onChange={(next) => field.onChange(next ?? null)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
