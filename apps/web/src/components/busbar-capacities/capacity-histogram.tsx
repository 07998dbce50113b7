import type { BusbarHistogramBin } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../data-table/data-table';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { bandIndex, capacityBands } from '../../utils/capacity-bands';
import { formatInteger } from '../../utils/format';
import { capacityHistogramQueryOptions } from './api';
import type { CapacityTableState } from './table-state';

const t = esBusbarCapacities;

/** A bin in words: "0", "25 a menos de 50", "2.000 (tope)". */
export function binLabel(bin: BusbarHistogramBin): string {
  if (bin.kind === 'zero') return t.binZero;
  if (bin.kind === 'cap') return t.binCap(formatInteger(bin.fromMw));
  return t.binRange(formatInteger(bin.fromMw), formatInteger(bin.toMw));
}

/** The bar's short label: "0", "25–50", "2.000". */
function binShort(bin: BusbarHistogramBin): string {
  if (bin.kind === 'range') return t.binShort(formatInteger(bin.fromMw), formatInteger(bin.toMw));
  return formatInteger(bin.fromMw);
}

const column = createColumnHelper<BusbarHistogramBin>();
const columns = [
  column.accessor(binLabel, {
    id: 'bin',
    header: t.columnBin,
    meta: { rowHeader: true },
  }),
  column.accessor('count', {
    header: t.columnCount,
    cell: (info) => formatInteger(info.getValue()),
    meta: { align: 'right' },
  }),
];

/**
 * How many buses have each capacity, with the table's figure and filters (GET
 * …/busbar-capacities/histogram): fixed MW bins, coloured like the map; a picture with its
 * summary for screen readers, and its numbers in a table a click away.
 */
export function CapacityHistogram({
  caseId,
  state,
}: {
  caseId: string;
  state: CapacityTableState;
}) {
  const query = useQuery(capacityHistogramQueryOptions(caseId, state));
  const strict = state.figure === 'strict';
  return (
    <Card
      level={3}
      titleId="capacidad-barras-histograma-titulo"
      title={t.histogramTitle}
      subtitle={t.histogramCaption(strict)}
    >
      <div className="mt-3">
        {query.isError ? (
          <Notice tone="error">{t.histogramError(query.error.message)}</Notice>
        ) : query.isPending ? (
          <Spinner label={t.histogramLoading} className="py-10" />
        ) : query.data.total - query.data.outsideIsland === 0 || query.data.capMw === null ? (
          <Notice tone="empty">{t.histogramEmpty}</Notice>
        ) : (
          <Bars bins={query.data.bins} capMw={query.data.capMw} strict={strict} />
        )}
      </div>
    </Card>
  );
}

function Bars({
  bins,
  capMw,
  strict,
}: {
  bins: BusbarHistogramBin[];
  capMw: number;
  strict: boolean;
}) {
  const bands = capacityBands(capMw);
  const largest = Math.max(1, ...bins.map((bin) => bin.count));
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const biggest = bins.reduce((best, bin) => (bin.count > best.count ? bin : best), bins[0]!);
  return (
    <figure>
      <div
        role="img"
        aria-label={t.histogramLabel(
          strict,
          formatInteger(total),
          t.binCount(binLabel(biggest), formatInteger(biggest.count)),
        )}
        data-testid="capacity-histogram"
      >
        <div className="flex items-end gap-1 border-b border-slate-300" style={{ height: '12rem' }}>
          {bins.map((bin) => {
            const band =
              bands[bandIndex(bands, bin.kind === 'range' ? bin.fromMw + 1e-9 : bin.fromMw)];
            return (
              <div
                key={`${bin.kind}-${bin.fromMw}`}
                className="flex h-full min-w-0 flex-1 flex-col justify-end"
                data-testid="histogram-bin"
                data-count={bin.count}
                title={t.binCount(binLabel(bin), formatInteger(bin.count))}
              >
                <span className="truncate text-center text-[10px] tabular-nums text-slate-700 sm:text-xs">
                  {bin.count > 0 ? formatInteger(bin.count) : ''}
                </span>
                <span
                  className="block w-full rounded-t"
                  style={{
                    height: `${(bin.count / largest) * 85}%`,
                    minHeight: bin.count > 0 ? 2 : 0,
                    backgroundColor: band?.color,
                  }}
                />
              </div>
            );
          })}
        </div>
        <div className="mt-1 flex gap-1" aria-hidden="true">
          {bins.map((bin) => (
            <span
              key={`${bin.kind}-${bin.fromMw}`}
              className="min-w-0 flex-1 truncate text-center text-[10px] text-slate-600 sm:text-xs"
            >
              {binShort(bin)}
            </span>
          ))}
        </div>
        <p className="mt-1 text-center text-xs text-slate-600" aria-hidden="true">
          {t.axisMw}
        </p>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-sky-800">
          {t.histogramShowTable}
        </summary>
        <div className="mt-2">
          <DataTable
            caption={t.histogramTableCaption}
            columns={columns}
            rows={bins}
            getRowId={(bin) => `${bin.kind}-${bin.fromMw}`}
            emptyText={t.histogramEmpty}
          />
        </div>
      </details>
    </figure>
  );
}
