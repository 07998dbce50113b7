import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { cn } from '../../utils/cn';
import { parseArea, parseKv, type CapacityTableState } from './table-state';

const t = esBusbarCapacities;

/** Typing waits this long before the table is asked again (a search per word, not per key). */
export const FILTER_DEBOUNCE_MS = 300;

type Filters = Pick<CapacityTableState, 'q' | 'minKv' | 'area'>;

/**
 * Search by bus number or name, minimum kV and area. What is typed is applied after a pause
 * (debounced), and only when it is valid: a wrong kV or area says so under its field and keeps
 * the table as it was.
 */
export function CapacityFilters({
  state,
  onApply,
}: {
  state: CapacityTableState;
  onApply: (filters: Filters) => void;
}) {
  const ids = { q: useId(), kv: useId(), area: useId(), hint: useId() };
  const [typed, setTyped] = useState<Filters>({ q: state.q, minKv: state.minKv, area: state.area });
  const kvValid = parseKv(typed.minKv) !== null;
  const areaValid = parseArea(typed.area) !== null;
  const applied = useRef<Filters>({ q: state.q, minKv: state.minKv, area: state.area });
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });

  useEffect(() => {
    if (!kvValid || !areaValid) return;
    const last = applied.current;
    if (typed.q === last.q && typed.minKv === last.minKv && typed.area === last.area) return;
    const timer = setTimeout(() => {
      applied.current = typed;
      apply.current(typed);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, kvValid, areaValid]);

  const field =
    'h-10 w-full rounded-lg border px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500';
  const clear = () => {
    const empty = { q: '', minKv: '', area: '' };
    setTyped(empty);
    applied.current = empty;
    onApply(empty);
  };
  const filtered = state.q !== '' || state.minKv !== '' || state.area !== '';
  return (
    <form
      role="search"
      aria-label={t.filtersLabel}
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.q} className="text-sm font-medium text-slate-800">
          {t.search}
        </label>
        <input
          id={ids.q}
          type="search"
          value={typed.q}
          maxLength={100}
          aria-describedby={ids.hint}
          placeholder={t.searchPlaceholder}
          onChange={(event) => setTyped((current) => ({ ...current, q: event.target.value }))}
          className={cn(field, 'border-slate-300')}
        />
        <p id={ids.hint} className="text-xs text-slate-600">
          {t.searchHint}
        </p>
      </div>
      <NumberField
        id={ids.kv}
        label={t.minKv}
        value={typed.minKv}
        invalid={!kvValid}
        message={t.minKvInvalid}
        inputMode="decimal"
        className={field}
        onChange={(value) => setTyped((current) => ({ ...current, minKv: value }))}
      />
      <NumberField
        id={ids.area}
        label={t.area}
        value={typed.area}
        invalid={!areaValid}
        message={t.areaInvalid}
        inputMode="numeric"
        className={field}
        onChange={(value) => setTyped((current) => ({ ...current, area: value }))}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-10 sm:mt-6"
        disabled={!filtered && typed.q === '' && typed.minKv === '' && typed.area === ''}
        onClick={clear}
      >
        {t.clearFilters}
      </Button>
    </form>
  );
}

function NumberField({
  id,
  label,
  value,
  invalid,
  message,
  inputMode,
  className,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  message: string;
  inputMode: 'decimal' | 'numeric';
  className: string;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        value={value}
        maxLength={12}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(className, invalid ? 'border-red-600' : 'border-slate-300')}
      />
      {invalid && (
        <p id={errorId} className="text-xs text-red-700" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
