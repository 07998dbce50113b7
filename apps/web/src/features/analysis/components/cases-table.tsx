import type { CaseSummary } from '@holgura/contracts';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type PaginationState,
} from '@tanstack/react-table';
import { AlertTriangle, Lock, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatDateTime } from '../../../utils/format';

const t = es.analysis.cases;

/** Spec §9: page sizes 5, 10, 25; 5 by default on /analisis. */
export const PAGE_SIZES = [5, 10, 25] as const;
/** Spec §9: refresh at most once every 3 s. */
export const REFRESH_THROTTLE_MS = 3000;

const column = createColumnHelper<CaseSummary>();
const columns = [
  column.accessor('caseId', { header: t.columnId }),
  column.accessor('caseName', { header: t.columnName }),
  column.accessor('createdAt', {
    header: t.columnDate,
    cell: (info) => formatDateTime(info.getValue()),
  }),
];

export type CasesTableProps = {
  signedIn: boolean;
  state: 'loading' | 'error' | 'ready';
  cases: CaseSummary[];
  errorMessage?: string | undefined;
  selectedCaseId: string | null;
  onSelect: (caseId: string) => void;
  onRefresh: () => void;
  /** Injected clock for the throttle (tests). */
  now?: () => number;
};

/** 'Casos disponibles' (spec §2): the user's cases with paging, selection and refresh. */
export function CasesTable(props: CasesTableProps) {
  const { signedIn, state, cases, selectedCaseId } = props;
  const titleId = useId();

  let body;
  if (!signedIn) {
    body = (
      <div className="flex gap-3 rounded-xl bg-slate-100 p-4 text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold text-slate-900">{t.restricted}</p>
          <p className="text-sm">{t.restrictedBody}</p>
        </div>
      </div>
    );
  } else if (state === 'loading') {
    body = <Spinner label={t.loading} className="py-10" />;
  } else if (state === 'error') {
    body = (
      <p
        role="alert"
        className="flex items-center gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800"
      >
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t.error(props.errorMessage ?? es.analysis.upload.unknownError)}
      </p>
    );
  } else if (cases.length === 0) {
    body = <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">{t.empty}</p>;
  } else {
    body = <CasesGrid {...props} titleId={titleId} />;
  }

  return (
    <section
      aria-labelledby="casos-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="casos-titulo" className="text-lg font-semibold text-slate-900">
            {t.heading}
          </h2>
          {signedIn && state === 'ready' && (
            <p id={titleId} className="text-sm text-slate-600">
              {t.title(cases.length)}
            </p>
          )}
        </div>
        {signedIn && <RefreshButton onRefresh={props.onRefresh} now={props.now} />}
      </div>
      <div className="mt-4">{body}</div>
      {signedIn && (selectedCaseId !== null || cases.length > 0) && (
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {selectedCaseId === null ? (
            t.noneSelected
          ) : (
            <>
              <span className="font-semibold">{t.selected}:</span>{' '}
              <span className="font-mono" data-testid="selected-case-id">
                {selectedCaseId}
              </span>
            </>
          )}
        </p>
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
  const [last, setLast] = useState<number | null>(null);
  const [throttled, setThrottled] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-disabled={throttled}
      title={throttled ? t.refreshThrottled : undefined}
      onClick={() => {
        const at = now();
        if (last !== null && at - last < REFRESH_THROTTLE_MS) return;
        setLast(at);
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

function CasesGrid({
  cases,
  selectedCaseId,
  onSelect,
  titleId,
}: CasesTableProps & { titleId: string }) {
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: PAGE_SIZES[0],
  });
  const sizeId = useId();
  // TanStack Table returns functions that change identity; the compiler must not memoise them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: cases,
    columns,
    state: { pagination },
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (row) => row.caseId,
    autoResetPageIndex: false,
  });
  const pages = Math.max(1, table.getPageCount());

  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table aria-labelledby={titleId} className="w-full min-w-[32rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">{t.selected}</span>
                </th>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const selected = row.id === selectedCaseId;
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
                      name="caso-seleccionado"
                      checked={selected}
                      onChange={() => onSelect(row.id)}
                      onClick={(event) => event.stopPropagation()}
                      aria-label={t.select(row.original.caseName)}
                      className="h-4 w-4 accent-sky-700"
                    />
                  </td>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cn(
                        'px-3 py-2 text-slate-800',
                        cell.column.id === 'caseId' && 'max-w-40 truncate font-mono text-xs',
                        cell.column.id === 'createdAt' && 'whitespace-nowrap tabular-nums',
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
