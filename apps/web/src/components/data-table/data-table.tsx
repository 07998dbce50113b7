import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type Row as TableRow,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { startTransition, useId, useOptimistic, useState, type KeyboardEvent } from 'react';
import { esDataTable as t } from '../../strings/es-data-table';
import { cn } from '../../utils/cn';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Extra classes of the column's body cells. */
    cellClassName?: string;
    /** Figures: header and cells aligned right. */
    align?: 'right';
    /** The cell names its row (`<th scope="row">`). */
    rowHeader?: boolean;
  }
}

/** Spec §9: the page sizes of every paged table. */
export const PAGE_SIZES = [5, 10, 25] as const;

/** A state text: one line, or a title with a line under it. */
export type TableNotice = string | { title: string; detail?: string | undefined };

/** The table pages `rows` itself, starting at `initialSize` rows a page. */
export type ClientPaging = { sizes: readonly number[]; initialSize: number };

/**
 * `rows` is the page the caller fetched: it owns the page (sorting resets it as it sees fit) and
 * tells the total; sorting is then the server's too.
 */
export type ServerPaging = {
  sizes: readonly number[];
  page: PaginationState;
  rowCount: number;
  onPageChange: (page: PaginationState) => void;
};

export type RowSelection<Row> = {
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Adds a radio column: its header for screen readers and each radio's name. */
  radio?: { header: string; label: (row: Row) => string };
};

/** The accessible name: a caption read by screen readers, or a visible title's id. */
type AccessibleName =
  { caption: string; labelledBy?: undefined } | { labelledBy: string; caption?: undefined };

export type DataTableProps<Row> = AccessibleName & {
  // TanStack's own column type: a column list mixes value types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** 'loading' and 'error' show their text in place of the table. */
  status?: 'loading' | 'error' | 'ready';
  loadingText?: string;
  errorText?: TableNotice;
  /** Shown in place of the table when there are no rows. */
  emptyText: TableNotice;
  selection?: RowSelection<Row>;
  paging?: ClientPaging | ServerPaging;
  /** Sortable headers; sorted here unless the paging is the server's. */
  sorting?: { state: SortingState; onChange: (sorting: SortingState) => void };
  /** The scrolling frame's extra classes ('max-h-96' keeps the header in view). */
  className?: string;
  /** Below it the table scrolls sideways instead of squeezing its columns. */
  minWidth?: string;
};

/**
 * The app's one data table (TanStack Table): the spec's states, paging by 5/10/25 on the client
 * or on the server, sortable headers, and row selection by click, Enter or Space, or a radio.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { status = 'ready', rows, emptyText } = props;
  if (status === 'loading') return <Spinner label={props.loadingText ?? ''} className="py-10" />;
  const notice =
    status === 'error' ? (props.errorText ?? '') : rows.length === 0 ? emptyText : null;
  if (notice !== null) {
    const tone = status === 'error' ? 'error' : 'empty';
    if (typeof notice === 'string') return <Notice tone={tone}>{notice}</Notice>;
    return (
      <Notice tone={tone} title={notice.title}>
        {notice.detail}
      </Notice>
    );
  }
  return <Grid {...props} />;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const SortIcon = { asc: ArrowUp, desc: ArrowDown } as const;

function Grid<Row>({
  columns,
  rows,
  getRowId,
  caption,
  labelledBy,
  selection,
  paging,
  sorting,
  className,
  minWidth,
}: DataTableProps<Row>) {
  const server = paging !== undefined && 'rowCount' in paging ? paging : undefined;
  const [clientPage, setClientPage] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: paging !== undefined && 'initialSize' in paging ? paging.initialSize : rows.length,
  });
  const pagination = server?.page ?? clientPage;
  const setPagination = (updater: Updater<PaginationState>) => {
    const next = functionalUpdate(updater, pagination);
    if (server === undefined) setClientPage(next);
    else server.onPageChange(next);
  };
  const radioName = useId();

  // TanStack Table returns functions that change identity; the compiler must not memoise them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns,
    getRowId: (row) => getRowId(row),
    state: { pagination, sorting: sorting?.state ?? [] },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      if (sorting === undefined) return;
      sorting.onChange(functionalUpdate(updater, sorting.state));
      // A new order starts at its first page (the server's pages are the caller's to reset).
      if (server === undefined) setClientPage((page) => ({ ...page, pageIndex: 0 }));
    },
    enableSorting: sorting !== undefined,
    manualPagination: server !== undefined,
    manualSorting: server !== undefined,
    rowCount: server?.rowCount,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: paging === undefined ? undefined : getPaginationRowModel(),
    // A refetch keeps the page the user is on.
    autoResetPageIndex: false,
  });

  // A selection kept in the address changes in the router's transition, which commits only once
  // the chosen row's screen is ready: the radio and the row show the choice at once meanwhile.
  const [shownSelectedId, showSelected] = useOptimistic(selection?.selectedId ?? null);
  const select = (row: TableRow<Row>) => {
    if (selection === undefined) return;
    startTransition(() => {
      showSelected(row.id);
      selection.onSelect(row.id);
    });
  };
  const onRowKeyDown = (event: KeyboardEvent, row: TableRow<Row>) => {
    // Keys on the radio inside keep their native meaning.
    if (event.target !== event.currentTarget) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    select(row);
  };

  return (
    <>
      <div className={cn('overflow-x-auto rounded-xl border border-slate-200', className)}>
        <table
          aria-labelledby={labelledBy}
          className="w-full text-left text-sm"
          style={minWidth === undefined ? undefined : { minWidth }}
        >
          {caption !== undefined && <caption className="sr-only">{caption}</caption>}
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection?.radio !== undefined && (
                  <th scope="col" className="w-10 px-3 py-2">
                    <span className="sr-only">{selection.radio.header}</span>
                  </th>
                )}
                {group.headers.map((header) => {
                  const { column } = header;
                  const content = flexRender(column.columnDef.header, header.getContext());
                  const sorted = column.getIsSorted();
                  const Icon = sorted === false ? ArrowUpDown : SortIcon[sorted];
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined
                      }
                      className={cn(
                        'px-3 py-2 font-semibold',
                        column.columnDef.meta?.align === 'right' && 'text-right',
                      )}
                    >
                      {column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded font-semibold uppercase hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
                        >
                          {content}
                          <Icon aria-hidden="true" className="h-3.5 w-3.5" />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const selected = selection === undefined ? undefined : row.id === shownSelectedId;
              return (
                <tr
                  key={row.id}
                  aria-selected={selected}
                  tabIndex={selection === undefined ? undefined : 0}
                  onClick={selection === undefined ? undefined : () => select(row)}
                  onKeyDown={
                    selection === undefined ? undefined : (event) => onRowKeyDown(event, row)
                  }
                  className={cn(
                    'border-t border-slate-100',
                    selection !== undefined &&
                      'cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500',
                    selected === true && 'bg-sky-50',
                    selected === false && 'hover:bg-slate-50',
                  )}
                >
                  {selection?.radio !== undefined && (
                    <td className="px-3 py-2">
                      <input
                        type="radio"
                        name={radioName}
                        checked={selected}
                        onChange={() => select(row)}
                        onClick={(event) => event.stopPropagation()}
                        aria-label={selection.radio.label(row.original)}
                        className="h-4 w-4 accent-sky-700"
                      />
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const Cell = meta?.rowHeader === true ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta?.rowHeader === true ? 'row' : undefined}
                        className={cn(
                          'px-3 py-2 text-slate-800',
                          meta?.align === 'right' && 'text-right tabular-nums',
                          meta?.cellClassName,
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {paging !== undefined && (
        <PagingFooter
          sizes={paging.sizes}
          pagination={pagination}
          pages={Math.max(1, table.getPageCount())}
          // Spec §2: a new page size starts again at the first page.
          onSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
          onPrevious={table.getCanPreviousPage() ? () => table.previousPage() : undefined}
          onNext={table.getCanNextPage() ? () => table.nextPage() : undefined}
        />
      )}
    </>
  );
}

function PagingFooter({
  sizes,
  pagination,
  pages,
  onSize,
  onPrevious,
  onNext,
}: {
  sizes: readonly number[];
  pagination: PaginationState;
  pages: number;
  onSize: (size: number) => void;
  /** undefined: there is no page that way. */
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const sizeId = useId();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{t.pageSize}</label>
        <select
          id={sizeId}
          value={pagination.pageSize}
          onChange={(event) => onSize(Number(event.target.value))}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2"
        >
          {sizes.map((size) => (
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
          onClick={onPrevious}
          disabled={onPrevious === undefined}
        >
          {t.previous}
        </Button>
        <Button variant="outline" size="sm" onClick={onNext} disabled={onNext === undefined}>
          {t.next}
        </Button>
      </div>
    </div>
  );
}
