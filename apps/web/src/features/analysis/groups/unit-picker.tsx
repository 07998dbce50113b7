import { MAX_GROUP_ROWS } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { esAnalysisResults } from '../../../strings/es';
import { formatFixed, formatInteger, formatNumber } from '../../../utils/format';
import {
  catalogUnit,
  chosenHeadroomMw,
  searchUnits,
  type CatalogUnit,
  type GeneratorColumns,
} from './unit-search';

const t = esAnalysisResults.groups.search;

type UnitPickerProps = {
  columns: GeneratorColumns;
  chosen: ReadonlySet<number>;
  onChange: (rows: Set<number>) => void;
};

const column = createColumnHelper<CatalogUnit>();

/**
 * A hand-picked group (decision 013): search the catalogue by bus number, bus name or machine
 * id, in memory, and tick units in a paged table (a 10,000-bus case has thousands of units;
 * only a page is drawn). Out-of-service units are shown but cannot be chosen.
 */
export function UnitPicker({ columns, chosen, onChange }: UnitPickerProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const summaryId = useId();
  const matches = useMemo(() => searchUnits(columns, deferred), [columns, deferred]);
  const rows = useMemo(
    () => matches.map((index) => catalogUnit(columns, index)),
    [columns, matches],
  );
  const choosable = rows.filter((unit) => unit.inService && !chosen.has(unit.row));
  const headroom = chosenHeadroomMw(columns, chosen);
  const tooMany = chosen.size > MAX_GROUP_ROWS;

  const toggle = (row: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(row);
    else next.delete(row);
    onChange(next);
  };

  const tableColumns = [
    column.display({
      id: 'pick',
      header: () => <span className="sr-only">{t.columnPick}</span>,
      cell: ({ row }) => {
        const unit = row.original;
        return (
          <input
            type="checkbox"
            checked={chosen.has(unit.row)}
            disabled={!unit.inService}
            onChange={(event) => toggle(unit.row, event.target.checked)}
            aria-label={t.pick(unit.row, String(unit.busNumber), unit.machineId)}
            className="h-4 w-4 accent-sky-700"
          />
        );
      },
    }),
    column.accessor('row', {
      header: t.columnRow,
      meta: { align: 'right', cellClassName: 'text-slate-600' },
    }),
    column.accessor('busNumber', {
      header: t.columnBus,
      meta: { align: 'right' },
    }),
    column.accessor('busName', {
      header: t.columnName,
      cell: ({ row, getValue }) => (
        <>
          {getValue()}
          {!row.original.inService && (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">
              {t.outOfService}
            </span>
          )}
        </>
      ),
      meta: { cellClassName: 'font-medium text-slate-900' },
    }),
    column.accessor('machineId', { header: t.columnMachine }),
    column.accessor((unit) => unit.fuel ?? t.noFuel, { id: 'fuel', header: t.columnFuel }),
    column.accessor('baseKv', {
      header: t.columnKv,
      cell: (info) => formatNumber(info.getValue(), 1),
      meta: { align: 'right' },
    }),
    column.accessor('area', { header: t.columnArea, meta: { align: 'right' } }),
    column.accessor('headroomMw', {
      header: t.columnHeadroom,
      cell: (info) => formatFixed(info.getValue(), 1),
      meta: { align: 'right' },
    }),
  ];

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-xs font-medium text-slate-600">
          {t.label}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={t.placeholder}
          onChange={(event) => setQuery(event.target.value)}
          // Enter searches as the user types; it must not submit the group form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          aria-describedby={summaryId}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        />
      </div>
      <div
        id={summaryId}
        className="flex flex-wrap items-center justify-between gap-2 text-sm"
        aria-live="polite"
      >
        <p className="text-slate-600" data-testid="unit-matches">
          {t.matches(rows.length, formatInteger(rows.length))}
        </p>
        <p className="font-medium text-slate-800" data-testid="units-chosen">
          {chosen.size === 0
            ? t.noneChosen
            : t.chosen(chosen.size, formatInteger(chosen.size), formatFixed(headroom, 1))}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={choosable.length === 0 || deferred.trim() === ''}
          onClick={() => onChange(new Set([...chosen, ...choosable.map((unit) => unit.row)]))}
        >
          {t.chooseMatches(formatInteger(choosable.length))}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={chosen.size === 0}
          onClick={() => onChange(new Set())}
        >
          {t.clear}
        </Button>
      </div>
      {chosen.size > 0 && !(headroom > 0) && (
        <p className="text-sm text-amber-900" data-testid="units-no-headroom">
          {esAnalysisResults.groups.noHeadroom}
        </p>
      )}
      {tooMany && (
        <p role="alert" className="text-sm text-red-700">
          {t.tooMany(formatInteger(MAX_GROUP_ROWS))}
        </p>
      )}
      {/* A new search starts on its first page. */}
      <DataTable
        key={deferred}
        caption={t.caption}
        columns={tableColumns}
        rows={rows}
        getRowId={(unit) => String(unit.row)}
        emptyText={t.empty}
        paging={{ sizes: PAGE_SIZES, initialSize: 10 }}
        minWidth="44rem"
      />
    </div>
  );
}
