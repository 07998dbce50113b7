import {
  BUSBAR_CAPACITY_PAGE_SIZES,
  capacityLimit,
  reachesCap,
  type CapacityLimitingVariable,
  type BusbarCapacityPageResponse,
  type BusbarCapacityRow,
  type BusbarCapacitySort,
  type BusbarLimiting,
  type WeakGridStatus,
} from '@holgura/contracts';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { AcCheckCell } from './ac-check-cell';
import { DataTable } from '../data-table/data-table';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { formatFixed, formatInteger, formatNumber } from '../../utils/format';
import { DEFAULT_TABLE_STATE, type CapacityTableState } from './table-state';
import { VARIABLE_COLORS, variableCategory } from '../../utils/limiting-variable-colors';

const t = esBusbarCapacities;

/** The table's columns that the server sorts, by the API's name for each. */
const SORT_OF_COLUMN: Record<string, BusbarCapacitySort> = {
  bus: 'bus',
  name: 'name',
  kv: 'kv',
  area: 'area',
  mw: 'capacity',
  other: 'strict',
};

/** The column that shows an order (the strict figure is the MW column when it is the one shown). */
function columnOfSort(sort: BusbarCapacitySort, strict: boolean): string {
  if (sort === 'capacity') return 'mw';
  if (sort === 'strict') return strict ? 'mw' : 'other';
  return sort;
}

/** A limiting constraint or a violation in words: its monitored element after its contingency. */
export function constraintWords(
  item: Pick<BusbarLimiting, 'monitoredName' | 'contingencyName'>,
): string {
  return item.contingencyName === null
    ? t.worsenedBase(item.monitoredName)
    : t.worsened(item.monitoredName, item.contingencyName);
}

const mwText = (value: number | null) => (value === null ? t.noValue : formatFixed(value, 1));

/** What a bus with no limiting element reached (issue #25): the cap, or the sink's room. */
type Unlimited = { capMw: number; sinkRoomMw: number | null; noRatedBranch: boolean };

/** The limiting column of a bus whose figure no network element sets. */
export function unlimitedWords(capacityMw: number, unlimited: Unlimited): string {
  if (unlimited.noRatedBranch) return t.noRatedLimiting;
  // Below the cap only where the sink's room stops it (a rounding of 0,1 MW aside).
  if (unlimited.sinkRoomMw !== null && !reachesCap(capacityMw, unlimited.capMw)) {
    return t.sinkRoomLimiting(formatFixed(unlimited.sinkRoomMw, 1));
  }
  return t.atCapLimiting(formatInteger(unlimited.capMw));
}

/** The weak-grid column's header: its name, and where its figures come from or why none. */
function weakGridHeader(weakGrid: WeakGridStatus | undefined) {
  const state = weakGrid?.state ?? 'absent';
  const note =
    state === 'available'
      ? t.weakGridHeaderNote.available(formatNumber(weakGrid?.scrMin ?? 3, 2))
      : t.weakGridHeaderNote[state];
  return (
    <>
      {t.columnWeakGrid}
      <span className="block text-xs font-normal text-slate-600" data-testid="weak-grid-header">
        {note}
      </span>
    </>
  );
}

/**
 * A figure's capacity with the weak grid counted and what sets it: the server's, or (an older
 * server's rows) the same rule here.
 */
export function limitOf(
  figure: BusbarCapacityRow['attributable'],
  weakGridMw: number | null,
): { limitMw: number | null; limitingVariable: CapacityLimitingVariable | null } {
  if (figure.limitMw !== undefined) {
    return { limitMw: figure.limitMw, limitingVariable: figure.limitingVariable ?? null };
  }
  return capacityLimit(figure, weakGridMw);
}

/**
 * «Variable limitante» of a figure (issue #31), in UPME's words: the weak grid's, the AC
 * verification's, or DC thermal while not verified (said so); where nothing binds before the
 * cap, the cap's or the sink's room's words.
 */
export function variableWords(
  figure: BusbarCapacityRow['attributable'],
  weakGridMw: number | null,
  unlimited: Unlimited,
): { text: string; note: string | null } | null {
  const { limitMw, limitingVariable: variable } = limitOf(figure, weakGridMw);
  if (limitMw === null) return null;
  if (variable === null) {
    const sinkRoom = unlimited.sinkRoomMw !== null && !reachesCap(limitMw, unlimited.capMw);
    return { text: sinkRoom ? t.variableSinkRoom : t.variableNone, note: null };
  }
  const unverified = variable === 'thermal' && figure.acCapacity === undefined;
  return { text: t.variables[variable], note: unverified ? t.variableDcOnly : null };
}

function buildColumns(
  strict: boolean,
  unlimited: Unlimited,
  acCheckCaseId: string | undefined,
  weakGrid: WeakGridStatus | undefined,
) {
  const column = createColumnHelper<BusbarCapacityRow>();
  const shown = (row: BusbarCapacityRow) => (strict ? row.strict : row.attributable);
  const other = (row: BusbarCapacityRow) => (strict ? row.attributable : row.strict);
  /** The strict figure of a row, with why it is 0 when a pre-existing violation sets it. */
  const strictCell = (row: BusbarCapacityRow) => (
    <>
      {mwText(row.strict.capacityMw)}
      {row.preExistingLimit && (
        <span className="block text-xs font-normal text-red-800" data-testid="strict-why">
          {t.strictZeroWhy}
        </span>
      )}
    </>
  );
  return [
    column.accessor('bus', {
      header: t.columnBus,
      meta: { cellClassName: 'tabular-nums' },
    }),
    column.accessor('name', {
      header: t.columnName,
      meta: { rowHeader: true, cellClassName: 'font-medium text-slate-900' },
    }),
    column.accessor('baseKv', {
      id: 'kv',
      header: t.columnKv,
      cell: (info) => formatNumber(info.getValue(), 2),
      meta: { align: 'right' },
    }),
    column.accessor('area', {
      header: t.columnArea,
      meta: { align: 'right' },
    }),
    column.accessor((row) => shown(row).capacityMw, {
      id: 'mw',
      header: t.columnMw(strict),
      cell: ({ row }) =>
        strict ? (
          strictCell(row.original)
        ) : (
          <span className="font-semibold">{mwText(row.original.attributable.capacityMw)}</span>
        ),
      meta: { align: 'right' },
    }),
    column.accessor((row) => shown(row).limiting?.monitoredName ?? null, {
      id: 'limiting',
      header: t.columnLimiting,
      enableSorting: false,
      cell: ({ row }) => {
        const figure = shown(row.original);
        if (figure.capacityMw === null) return t.outside;
        if (figure.limiting === null) return unlimitedWords(figure.capacityMw, unlimited);
        return figure.limiting.monitoredName;
      },
    }),
    column.accessor((row) => shown(row).limiting?.contingencyName ?? null, {
      id: 'contingency',
      header: t.columnContingency,
      enableSorting: false,
      cell: ({ row }) => {
        const limiting = shown(row.original).limiting;
        if (limiting === null) return t.noValue;
        return limiting.contingencyName ?? t.fullNetwork;
      },
      meta: { cellClassName: 'text-slate-700' },
    }),
    column.accessor((row) => other(row).capacityMw, {
      id: 'other',
      header: t.columnOther(strict),
      // The API sorts by the strict figure, not by the attributable when it is the other one.
      enableSorting: !strict,
      cell: ({ row }) =>
        strict ? mwText(row.original.attributable.capacityMw) : strictCell(row.original),
      meta: { align: 'right' },
    }),
    column.accessor((row) => row.worsened?.monitoredName ?? null, {
      id: 'worsened',
      header: t.columnWorsened,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.worsened === null ? (
          <span className="text-slate-600">{t.none}</span>
        ) : (
          <span className={row.original.preExistingLimit ? 'text-red-800' : undefined}>
            {constraintWords(row.original.worsened)}
          </span>
        ),
    }),
    ...(acCheckCaseId === undefined
      ? []
      : [
          column.display({
            id: 'ac',
            header: t.columnAc,
            cell: ({ row }) => (
              <AcCheckCell
                caseId={acCheckCaseId}
                row={row.original}
                figure={strict ? 'strict' : 'attributable'}
              />
            ),
          }),
        ]),
    // Issue #31: the weak grid, the least figure and what sets it (an uploaded case's: a
    // study's case is neither verified in AC here nor given a short-circuit strength).
    ...(acCheckCaseId === undefined
      ? []
      : [
          column.accessor((row) => row.weakGridMw ?? null, {
            id: 'weak-grid',
            header: () => weakGridHeader(weakGrid),
            enableSorting: false,
            cell: (info) => mwText(info.getValue()),
            meta: { align: 'right' },
          }),
          column.accessor((row) => limitOf(shown(row), row.weakGridMw ?? null).limitMw, {
            id: 'limit',
            header: () => (
              <>
                {t.columnLimit}
                <span className="block text-xs font-normal text-slate-600">
                  {t.columnLimitNote}
                </span>
              </>
            ),
            enableSorting: false,
            cell: (info) => <span className="font-semibold">{mwText(info.getValue())}</span>,
            meta: { align: 'right' },
          }),
          column.accessor((row) => limitOf(shown(row), row.weakGridMw ?? null).limitingVariable, {
            id: 'variable',
            header: t.columnVariable,
            enableSorting: false,
            cell: ({ row }) => {
              const figure = shown(row.original);
              const weakGridMw = row.original.weakGridMw ?? null;
              const words = variableWords(figure, weakGridMw, unlimited);
              if (words === null) return <span className="text-slate-600">{t.noValue}</span>;
              const limit = limitOf(figure, weakGridMw);
              // The map's colour for it (the legend's), beside the words: never colour alone.
              const category = variableCategory(
                limit.limitMw,
                limit.limitingVariable,
                figure.acCapacity !== undefined,
              );
              return (
                <span
                  className="inline-flex items-start gap-1.5"
                  data-testid="limiting-variable"
                  data-variable={limit.limitingVariable ?? 'none'}
                >
                  <span
                    aria-hidden="true"
                    className="mt-1 inline-block h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-slate-300"
                    style={{ backgroundColor: VARIABLE_COLORS[category] }}
                  />
                  <span>
                    <span className="font-medium text-slate-900">{words.text}</span>
                    {words.note !== null && (
                      <span className="block text-xs text-slate-600">{words.note}</span>
                    )}
                  </span>
                </span>
              );
            },
          }),
        ]),
  ];
}

/**
 * The buses of one page, in the server's order (decision 012 "a server-paged table"): page,
 * rows a page and order live in the screen's state (the address), and a new order or filter
 * starts again at page 1.
 */
export function CapacityTable({
  data,
  state,
  capMw,
  sinkRoomMw = null,
  noRatedBranch = false,
  update,
  acCheckCaseId,
}: {
  data: BusbarCapacityPageResponse;
  state: CapacityTableState;
  capMw: number;
  /** The sink's room when it is below the cap (issue #25). */
  sinkRoomMw?: number | null;
  /** No branch is rated: nothing limits, the figures are the cap. */
  noRatedBranch?: boolean;
  update: (patch: Partial<CapacityTableState>) => void;
  /** An uploaded case: each bus can be checked in AC from the table (issue #25). */
  acCheckCaseId?: string | undefined;
}) {
  const strict = state.figure === 'strict';
  const weakGrid = data.weakGrid;
  const columns = useMemo(
    () => buildColumns(strict, { capMw, sinkRoomMw, noRatedBranch }, acCheckCaseId, weakGrid),
    [strict, capMw, sinkRoomMw, noRatedBranch, acCheckCaseId, weakGrid],
  );
  const sorting: SortingState = [
    { id: columnOfSort(state.sort, strict), desc: state.order === 'desc' },
  ];
  return (
    <DataTable
      caption={t.tableCaption(strict)}
      columns={columns}
      rows={data.rows}
      getRowId={(row) => String(row.position)}
      emptyText={t.empty}
      paging={{
        sizes: BUSBAR_CAPACITY_PAGE_SIZES,
        page: { pageIndex: state.page - 1, pageSize: state.pageSize },
        rowCount: data.total,
        onPageChange: (next) => update({ page: next.pageIndex + 1, pageSize: next.pageSize }),
      }}
      sorting={{
        state: sorting,
        onChange: (next) => {
          const first = next[0];
          const sort = first === undefined ? undefined : SORT_OF_COLUMN[first.id];
          update(
            first === undefined || sort === undefined
              ? { sort: DEFAULT_TABLE_STATE.sort, order: DEFAULT_TABLE_STATE.order, page: 1 }
              : { sort, order: first.desc ? 'desc' : 'asc', page: 1 },
          );
        },
      }}
      minWidth={acCheckCaseId === undefined ? '72rem' : '100rem'}
    />
  );
}
