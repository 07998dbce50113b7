import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type PaginationState,
} from '@tanstack/react-table';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatInteger } from '../../../utils/format';
import type { Family } from '../model';

const t = es.resultsDemo.results.families;

/** Spec §9: page sizes 5, 10, 25; 10 by default on /resultados. */
export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Spec §9: refresh at most once every 3 s. */
export const REFRESH_THROTTLE_MS = 3000;

const column = createColumnHelper<Family>();
const columns = [
  column.accessor('familyId', { header: t.columnId }),
  column.accessor('familyName', { header: t.columnName }),
  column.accessor('caseCount', {
    header: t.columnCount,
    cell: (info) => formatInteger(info.getValue()),
  }),
];

export type FamiliesTableProps = {
  state: 'loading' | 'error' | 'ready';
  /** null: the API answered with no cases at all ('No hay datos disponibles'). */
  families: Family[] | null;
  errorMessage?: string | undefined;
  selectedId: string | null;
  onSelect: (familyId: string | null) => void;
  onRefresh: () => void;
  now?: () => number;
};

/** 'Barras analizadas' (spec §2): the case families with paging, selection and refresh. */
export function FamiliesTable(props: FamiliesTableProps) {
  const { state, families, selectedId } = props;
  const selected = families?.find((family) => family.familyId === selectedId) ?? null;

  let body;
  if (state === 'loading') {
    body = <Spinner label={t.loading} className="py-10" />;
  } else if (state === 'error') {
    body = (
      <div role="alert" className="flex gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <div>
          <p className="font-semibold">{t.error}</p>
          {props.errorMessage !== undefined && <p>{props.errorMessage}</p>}
        </div>
      </div>
    );
  } else if (families === null) {
    body = (
      <div className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">
        <p className="font-semibold text-slate-800">{t.noData}</p>
        <p className="mt-1 text-sm">{t.noDataHint}</p>
      </div>
    );
  } else if (families.length === 0) {
    body = <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">{t.empty}</p>;
  } else {
    body = <FamiliesGrid {...props} families={families} />;
  }

  return (
    <section
      aria-labelledby="barras-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="barras-titulo" className="text-lg font-semibold text-slate-900">
          {t.heading}
        </h2>
        <RefreshButton onRefresh={props.onRefresh} now={props.now} />
      </div>
      <div className="mt-4">{body}</div>
      {state === 'ready' && families !== null && families.length > 0 && (
        <div
          className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700"
          aria-live="polite"
        >
          {selected === null ? (
            <p>{t.noneSelected}</p>
          ) : (
            <>
              <p data-testid="selected-family">
                <span className="font-semibold">{t.selected}:</span> {selected.familyId} ·{' '}
                {selected.familyName} · {t.selectedCount(selected.caseCount)}
              </p>
              <Button variant="ghost" size="sm" onClick={() => props.onSelect(null)}>
                {t.clear}
              </Button>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function RefreshButton({
  onRefresh,
  now = Date.now,
}: {
  onRefresh: () => void;
  now?: () => number;
}) {
  const last = useRef<number | null>(null);
  const [throttled, setThrottled] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-disabled={throttled}
      title={throttled ? t.refreshThrottled : undefined}
      onClick={() => {
        const at = now();
        if (last.current !== null && at - last.current < REFRESH_THROTTLE_MS) return;
        last.current = at;
        setThrottled(true);
        setTimeout(() => setThrottled(false), REFRESH_THROTTLE_MS);
        onRefresh();
      }}
      className={cn(throttled && 'opacity-60')}
    >
      <RefreshCw aria-hidden="true" className="h-4 w-4" />
      {t.refresh}
    </Button>
  );
}

function FamiliesGrid({
  families,
  selectedId,
  onSelect,
}: FamiliesTableProps & { families: Family[] }) {
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const sizeId = useId();
  // TanStack Table returns functions that change identity; the compiler must not memoise them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: families,
    columns,
    state: { pagination },
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (row) => row.familyId,
    autoResetPageIndex: false,
  });
  const pages = Math.max(1, table.getPageCount());

  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">{t.selected}</span>
                </th>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-2 py-2 font-semibold sm:px-3">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const selected = row.id === selectedId;
              return (
                <tr
                  key={row.id}
                  aria-selected={selected}
                  onClick={() => onSelect(row.id)}
                  className={cn(
                    'cursor-pointer border-t border-slate-100',
                    selected ? 'bg-sky-50' : 'hover:bg-slate-50',
                  )}
                >
                  <td className="px-3 py-2">
                    <input
                      type="radio"
                      name="barra-seleccionada"
                      checked={selected}
                      onChange={() => onSelect(row.id)}
                      onClick={(event) => event.stopPropagation()}
                      aria-label={t.select(row.original.familyName)}
                      className="h-4 w-4 accent-sky-700"
                    />
                  </td>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cn(
                        'px-3 py-2 text-slate-800',
                        cell.column.id !== 'familyName' && 'tabular-nums',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t.pageSize}</label>
          <select
            id={sizeId}
            value={pagination.pageSize}
            onChange={(event) =>
              // Spec §2: a new page size starts again at the first page.
              setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })
            }
            className="h-9 rounded-lg border border-slate-300 bg-white px-2"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <span aria-live="polite">{t.page(pagination.pageIndex + 1, pages)}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            {t.previous}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            {t.next}
          </Button>
        </div>
      </div>
    </>
  );
}
