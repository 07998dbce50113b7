import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Notice } from '../../../components/ui/notice';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { formatInteger } from '../../../utils/format';
import { addBuses, splitKnown } from '../model/bus-catalog';
import type { StudyFormValues } from '../model/form-values';
import { useCatalog } from './catalog-context';
import { BusbarBulk } from './busbar-bulk';
import { BusbarSearch } from './busbar-search';
import { useFieldError } from './fields';

const t = esStudies.busbars;

export type CatalogStatus =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready' };

/**
 * The study's candidate busbars, picked from the base case: search by number, name, kV and
 * area (a page of matches at a time, never the whole case), every bus of N kV or more, or a
 * pasted list. The count of chosen ones is announced.
 */
export function BusbarPicker({ status }: { status: CatalogStatus }) {
  const form = useFormContext<StudyFormValues>();
  const chosen = useWatch({ control: form.control, name: 'busbars' });
  const catalog = useCatalog();
  const [message, setMessage] = useState<string | null>(null);
  const countId = useId();

  const setChosen = (next: number[]) =>
    form.setValue('busbars', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const add = (numbers: readonly number[]) => {
    const { next, added } = addBuses(chosen, numbers);
    setChosen(next);
    return added;
  };
  const remove = (numbers: readonly number[]) => {
    const gone = new Set(numbers);
    setChosen(chosen.filter((number) => !gone.has(number)));
  };

  const unknown = catalog === null ? [] : splitKnown(catalog, chosen).unknown;
  return (
    <Card titleId="estudio-barras" title={t.title} subtitle={t.intro}>
      <div className="mt-4 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p
            id={countId}
            aria-live="polite"
            data-testid="busbar-count"
            className="rounded-full bg-sky-50 px-3 py-1 text-sm font-semibold text-sky-900"
          >
            {chosen.length === 1 ? t.chosenOne : t.chosen(formatInteger(chosen.length))}
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={chosen.length === 0}
            onClick={() => {
              setChosen([]);
              setMessage(null);
            }}
          >
            {t.clear}
          </Button>
        </div>
        <BusbarErrors chosen={chosen} />
        {unknown.length > 0 && (
          <Notice tone="warning">{t.chosenNotInCase(unknown.join(', '))}</Notice>
        )}
        {status.state === 'none' && (
          <p className="text-sm text-slate-600">
            {t.noCatalog}
            {chosen.length > 0 && ` ${chosen.join(', ')}`}
          </p>
        )}
        {status.state === 'loading' && <Spinner label={esStudies.baseCase.busesLoading} />}
        {status.state === 'error' && (
          <p role="alert" className="text-sm text-red-700">
            {esStudies.baseCase.busesError(status.message)}
          </p>
        )}
        {catalog !== null && status.state === 'ready' && (
          <>
            <BusbarSearch
              catalog={catalog}
              chosen={chosen}
              describedBy={countId}
              onAdd={add}
              onRemove={remove}
            />
            <BusbarBulk catalog={catalog} onAdd={add} onMessage={setMessage} />
          </>
        )}
        <p role="status" className={cn('text-sm text-slate-800', message === null && 'sr-only')}>
          {message}
        </p>
      </div>
    </Card>
  );
}

/** The schema's or the server's words about the busbars: the list, then each one. */
function BusbarErrors({ chosen }: { chosen: readonly number[] }) {
  const { formState } = useFormContext<StudyFormValues>();
  const root = useFieldError('busbars');
  const errors = formState.errors.busbars as
    (Record<number, { message?: string } | undefined> & { message?: string }) | undefined;
  const each = chosen
    .map((number, index) => ({ number, index, message: errors?.[index]?.message }))
    .filter((item) => item.message !== undefined);
  if (root === undefined && each.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-red-700">
      {root !== undefined && <li>{root}</li>}
      {each.map((item) => (
        <li key={item.index}>{`${t.busLabelShort(item.number)}: ${item.message}`}</li>
      ))}
    </ul>
  );
}
