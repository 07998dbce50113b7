import {
  exportWords,
  type AcCheckResult,
  type BusbarCapacityExportQuery,
  type BusbarCapacityOptions,
  type BusbarCapacityRow,
  type BusbarLimiting,
  type WeakGridStatus,
} from '@holgura/contracts';
import { tableToCsv } from '../export/export-csv';
import { fileSlug, type ExportCell, type ExportTable } from '../export/export-table';
import { yieldToEventLoop } from './busbar-capacity.store';

const w = exportWords;
const words = w.caseBusbarCapacities;
const FULL_NETWORK = w.fullNetwork;

const generatedFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const mwText = (value: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 }).format(value);

function limitingCells(
  row: BusbarCapacityRow,
  limiting: BusbarLimiting | null,
  capacityMw: number | null,
  options: ExportOptions,
): ExportCell[] {
  if (!row.inTransferIsland) return [words.outsideIsland, null, null];
  if (limiting === null) {
    const sinkRoom = options.sinkRoomMw ?? null;
    const atSinkRoom = sinkRoom !== null && sinkRoom < options.capMw && capacityMw === sinkRoom;
    return [atSinkRoom ? words.atSinkRoom : words.atCap, null, null];
  }
  return [
    limiting.monitoredName,
    limiting.contingencyName ?? FULL_NETWORK,
    limiting.distributionFactor,
  ];
}

/** How the capacities were computed, as their result stores it. */
type ExportOptions = Pick<
  BusbarCapacityOptions,
  'capMw' | 'postContingencyRating' | 'sink' | 'sinkRoomMw' | 'slack'
> & { distributionFactorCutoff?: number };

/** The AC check of a figure, in words: what the three AC columns say of a bus. */
function acCells(check: AcCheckResult | null | undefined, limited: boolean): ExportCell[] {
  if (check === undefined) return [null, null, limited ? w.acCheck.unchecked : null];
  if (check === null) return [null, null, w.acCheck.nothingToCheck];
  if (!check.converged) return [null, check.dcLoadingPercent, w.acCheck.notConverged];
  return [
    check.acLoadingPercent,
    check.dcLoadingPercent,
    check.flagged ? w.acCheck.differs : w.acCheck.agrees,
  ];
}

/**
 * The figure verified in AC (issue #31), in the four columns after the AC check: its MW, the
 * variable that sets it, the element and the outage; empty where it was not verified. Where AC
 * passes at the DC figure, the DC constraint stands (thermal, its element and contingency) or
 * the cap (or the sink's room) does.
 */
function acCapacityCells(
  row: BusbarCapacityRow,
  figure: BusbarCapacityRow['attributable'],
  options: ExportOptions,
): ExportCell[] {
  const capacity = figure.acCapacity;
  if (capacity === undefined || capacity === null) return [null, null, null, null];
  const limiting = capacity.acLimiting;
  if (limiting !== null) {
    return [
      capacity.acMw,
      words.acVariables[limiting.variable],
      limiting.elementName,
      limiting.contingencyName ?? FULL_NETWORK,
    ];
  }
  const dc = figure.limiting;
  if (capacity.limitingVariable !== null && dc !== null) {
    return [
      capacity.acMw,
      words.acVariables[capacity.limitingVariable],
      dc.monitoredName,
      dc.contingencyName ?? FULL_NETWORK,
    ];
  }
  const [unlimited] = limitingCells(row, null, figure.capacityMw, options);
  return [
    capacity.acMw,
    unlimited === words.atSinkRoom ? words.acVariableAtSinkRoom : words.acVariableAtCap,
    null,
    null,
  ];
}

/**
 * Issue #31: the weak grid and the capacity with it counted (attributable), in the three last
 * columns: the weak-grid MW, the least figure and its limiting variable (where nothing binds
 * before the cap, the cap's or the sink's room's words).
 */
export function limitCells(row: BusbarCapacityRow, options: ExportOptions): ExportCell[] {
  const figure = row.attributable;
  const weak = row.weakGridMw ?? null;
  if (!row.inTransferIsland || figure.limitMw === undefined || figure.limitMw === null) {
    return [weak, null, row.inTransferIsland ? null : words.outsideIsland];
  }
  const variable = figure.limitingVariable ?? null;
  if (variable !== null) return [weak, figure.limitMw, words.limitVariables[variable]];
  const [unlimited] = limitingCells(row, null, figure.capacityMw, options);
  return [
    weak,
    figure.limitMw,
    unlimited === words.atSinkRoom ? words.acVariableAtSinkRoom : words.acVariableAtCap,
  ];
}

const decimal = (value: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: 4 }).format(value);

/** The metadata's weak-grid row: where its figures come from, or why there are none. */
export function weakGridText(status: WeakGridStatus | undefined): string {
  const g = words.weakGrid;
  if (status === undefined || status.state === 'absent') return g.absent;
  if (status.state === 'available') {
    return g.available(
      decimal(status.scrMin ?? 3),
      status.xdPu === null ? null : decimal(status.xdPu),
    );
  }
  return g[status.state];
}

/** The weak-grid column's header: with the least short-circuit ratio the figures were kept at. */
export function weakGridColumn(status: WeakGridStatus | undefined): string {
  const scrMin =
    status?.state === 'available' && status.scrMin !== null ? decimal(status.scrMin) : null;
  return words.columns.weakGrid(scrMin);
}

/** The whole table of a case's busbar capacities, both figures, as /analisis shows it. */
export function busbarCapacityTable(input: {
  caseName: string;
  rows: BusbarCapacityRow[];
  options: ExportOptions;
  query: BusbarCapacityExportQuery;
  generatedAt: Date;
  /** Issue #31: the case's short-circuit strength behind the weak-grid column. */
  weakGrid?: WeakGridStatus;
}): ExportTable {
  const { caseName, rows, options, query } = input;
  const m = words.metadata;
  const c = words.columns;
  const filters = [
    query.q === undefined || query.q === '' ? null : words.filters.search(query.q),
    query.minKv === undefined ? null : words.filters.minKv(mwText(query.minKv)),
    query.area === undefined ? null : words.filters.area(query.area),
  ].filter((text) => text !== null);
  const figureName =
    query.figure === 'strict' ? words.figureNames.strict : words.figureNames.attributable;
  return {
    sheetName: words.sheetName,
    title: words.title,
    metadata: [
      [w.metadata.case, caseName],
      [w.metadata.generated, w.metadata.generatedAt(generatedFormat.format(input.generatedAt))],
      [m.cap, m.capText(mwText(options.capMw))],
      [m.rating, words.ratings[options.postContingencyRating] ?? options.postContingencyRating],
      [m.sink, words.sinks[options.sink] ?? options.sink],
      ...(options.sinkRoomMw === null || options.sinkRoomMw === undefined
        ? []
        : ([[m.sinkRoom, m.sinkRoomText(mwText(options.sinkRoomMw))]] as [string, string][])),
      ...(options.distributionFactorCutoff === undefined
        ? []
        : ([[m.cutoff, m.cutoffText(String(options.distributionFactorCutoff))]] as [
            string,
            string,
          ][])),
      ...(options.slack === undefined
        ? []
        : ([[m.slack, words.slacks[options.slack] ?? options.slack]] as [string, string][])),
      [m.figures, m.figuresText],
      [words.weakGrid.label, weakGridText(input.weakGrid)],
      [m.buses, m.busesText(rows.length, filters)],
      [
        m.order,
        m.orderText(
          words.sorts[query.sort] ?? query.sort,
          query.sort === 'capacity' ? figureName : null,
          query.order === 'desc',
        ),
      ],
      [w.metadata.note, w.metadata.indicativeNote],
    ],
    columns: [
      { header: c.busNumber, kind: 'integer', width: 12 },
      { header: c.busbar, kind: 'text', width: 28 },
      { header: c.baseKv, kind: 'mw', width: 12 },
      { header: c.area, kind: 'integer', width: 8 },
      { header: c.zone, kind: 'integer', width: 8 },
      { header: c.attributableCapacity, kind: 'mw', width: 16 },
      { header: c.limiting, kind: 'text', width: 36 },
      { header: c.contingency, kind: 'text', width: 36 },
      { header: c.distributionFactor, kind: 'factor', width: 18 },
      { header: c.strictCapacity, kind: 'mw', width: 16 },
      { header: c.strictLimiting, kind: 'text', width: 36 },
      { header: c.strictContingency, kind: 'text', width: 36 },
      { header: c.strictDistributionFactor, kind: 'factor', width: 18 },
      { header: c.preExistingLimit, kind: 'text', width: 14 },
      { header: c.worsenedMonitored, kind: 'text', width: 36 },
      { header: c.worsenedContingency, kind: 'text', width: 36 },
      { header: c.worsenedDistributionFactor, kind: 'factor', width: 18 },
      { header: c.acLoading, kind: 'percent', width: 16 },
      { header: c.dcLoading, kind: 'percent', width: 16 },
      { header: c.acCheck, kind: 'text', width: 30 },
      { header: c.acCapacity, kind: 'mw', width: 16 },
      { header: c.acVariable, kind: 'text', width: 20 },
      { header: c.acElement, kind: 'text', width: 36 },
      { header: c.acContingency, kind: 'text', width: 36 },
      { header: weakGridColumn(input.weakGrid), kind: 'mw', width: 18 },
      { header: c.limitCapacity, kind: 'mw', width: 16 },
      { header: c.limitVariable, kind: 'text', width: 26 },
    ],
    rows: rows.map((row): ExportCell[] => [
      row.bus,
      row.name,
      row.baseKv,
      row.area,
      row.zone,
      row.attributable.capacityMw,
      ...limitingCells(row, row.attributable.limiting, row.attributable.capacityMw, options),
      row.strict.capacityMw,
      ...limitingCells(row, row.strict.limiting, row.strict.capacityMw, options),
      row.inTransferIsland ? (row.preExistingLimit ? w.yes : w.no) : null,
      row.worsened?.monitoredName ?? null,
      row.worsened === null ? null : (row.worsened.contingencyName ?? FULL_NETWORK),
      row.worsened?.distributionFactor ?? null,
      ...acCells(row.attributable.acCheck, row.attributable.limiting !== null),
      ...acCapacityCells(row, row.attributable, options),
      ...limitCells(row, options),
    ]),
    fileStem: words.fileStem(fileSlug(caseName)),
  };
}

/**
 * The table as es-CO CSV (export-csv.ts), written a thousand rows at a time with the event loop
 * served in between: 10,000 rows in one go would hold it for about 100 ms.
 */
export async function tableToCsvInChunks(table: ExportTable, chunkRows = 1000): Promise<string> {
  const head = tableToCsv({ ...table, rows: [] });
  const parts = [head];
  // A chunk's CSV repeats the heading lines: only its rows are kept.
  for (let from = 0; from < table.rows.length; from += chunkRows) {
    const text = tableToCsv({ ...table, rows: table.rows.slice(from, from + chunkRows) });
    parts.push(text.slice(head.length));
    await yieldToEventLoop();
  }
  return parts.join('');
}
