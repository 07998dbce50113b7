import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { formatInteger, formatNumber } from '../../../utils/format';
import { searchBuses, type BusCatalog, type BusFilter } from '../model/bus-catalog';
import { fieldId } from '../model/problem-place';
import { inputClasses } from './fields';

const t = esStudies.busbars;

/** Matches shown at a time: a 10,000-bus case is never rendered whole. */
export const BUSBAR_PAGE_SIZE = 20;

type BusbarSearchProps = {
  catalog: BusCatalog;
  chosen: readonly number[];
  /** The chosen count, read with the search box. */
  describedBy: string;
  onAdd: (numbers: readonly number[]) => void;
  onRemove: (numbers: readonly number[]) => void;
};

/** Search by number, name, kV and area; a page of matches with a checkbox each. */
export function BusbarSearch({ catalog, chosen, describedBy, onAdd, onRemove }: BusbarSearchProps) {
  const [filter, setFilter] = useState<BusFilter>({ text: '', kv: null, area: null, show: 'all' });
  const [page, setPage] = useState(0);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const rows = useMemo(() => searchBuses(catalog, filter, chosenSet), [catalog, filter, chosenSet]);
  const pages = Math.max(1, Math.ceil(rows.length / BUSBAR_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * BUSBAR_PAGE_SIZE, (current + 1) * BUSBAR_PAGE_SIZE);
  const numbers = () => rows.map((row) => catalog.number[row]!);
  const update = (patch: Partial<BusFilter>) => {
    setFilter((previous) => ({ ...previous, ...patch }));
    setPage(0);
  };
  const ids = { kv: useId(), area: useId(), show: useId(), count: useId() };
  const kvText = (kv: number) => formatNumber(kv, 1);

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="grid gap-3 md:grid-cols-[1fr_10rem_10rem_11rem]">
        <div className="space-y-1">
          <label htmlFor={fieldId('busbars')} className="block text-sm font-medium text-slate-800">
            {t.search}
          </label>
          <input
            id={fieldId('busbars')}
            type="search"
            autoComplete="off"
            value={filter.text}
            aria-describedby={`${describedBy} ${ids.count}`}
            onChange={(event) => update({ text: event.target.value })}
            // Enter searches (as typing does); it must not submit the study form.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            className={cn(inputClasses, 'h-10')}
          />
        </div>
        <Select
          id={ids.kv}
          label={t.kv}
          value={filter.kv === null ? '' : String(filter.kv)}
          options={catalog.kvLevels.map((kv) => [String(kv), t.kvOption(kvText(kv))])}
          onChange={(value) => update({ kv: value === '' ? null : Number(value) })}
        />
        <Select
          id={ids.area}
          label={t.area}
          value={filter.area === null ? '' : String(filter.area)}
          options={catalog.areas.map((area) => [String(area), t.areaOption(area)])}
          onChange={(value) => update({ area: value === '' ? null : Number(value) })}
        />
        <Select
          id={ids.show}
          label={t.show}
          value={filter.show === 'all' ? '' : filter.show}
          options={[
            ['chosen', t.onlyChosen],
            ['notChosen', t.notChosen],
          ]}
          onChange={(value) =>
            update({ show: value === '' ? 'all' : (value as BusFilter['show']) })
          }
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={ids.count} aria-live="polite" className="text-sm text-slate-700">
          {rows.length === 0
            ? t.noMatches
            : rows.length === 1
              ? t.matchesOne
              : t.matches(formatInteger(rows.length))}
        </p>
        {rows.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => onAdd(numbers())}>
              {t.chooseMatches(formatInteger(rows.length))}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onRemove(numbers())}>
              {t.unchooseMatches(formatInteger(rows.length))}
            </Button>
          </div>
        )}
      </div>
      {shown.length > 0 && (
        <ul
          aria-label={t.listLabel}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {shown.map((row) => {
            const number = catalog.number[row]!;
            const id = `${fieldId('busbars')}-${number}`;
            const checked = chosenSet.has(number);
            return (
              <li key={number} className={cn('px-3 py-2', checked && 'bg-sky-50')}>
                <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-sm">
                  <input
                    id={id}
                    type="checkbox"
                    checked={checked}
                    onChange={() => (checked ? onRemove([number]) : onAdd([number]))}
                    className="h-4 w-4 accent-sky-700"
                  />
                  <span>
                    {t.busLabel(
                      number,
                      catalog.name[row]!,
                      kvText(catalog.baseKv[row]!),
                      catalog.area[row]!,
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm text-slate-700">
          <span>{t.page(current + 1, pages)}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            {t.previous}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t.next}
          </Button>
        </div>
      )}
    </div>
  );
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses, 'h-10')}
      >
        <option value="">{t.all}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
