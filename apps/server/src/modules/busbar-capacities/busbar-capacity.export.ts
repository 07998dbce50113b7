import type {
  AcCheckResult,
  BusbarCapacityExportQuery,
  BusbarCapacityOptions,
  BusbarCapacityRow,
  BusbarLimiting,
} from '@holgura/contracts';
import { tableToCsv } from '../export/export-csv';
import { fileSlug, type ExportCell, type ExportTable } from '../export/export-table';
import { yieldToEventLoop } from './busbar-capacity.store';

/** Spec §3: a constraint without a contingency element. */
const FULL_NETWORK = 'SOBRECARGA RED COMPLETA';
const OUTSIDE = 'Fuera de la isla de transferencia';
const AT_CAP = 'Ninguno: se alcanza el tope';

const generatedFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const mwText = (value: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 }).format(value);

const sinkText: Record<string, string> = {
  'headroom-down': 'Las demás unidades en servicio, en proporción a P0 − Pmin',
  'initial-output': 'Las demás unidades en servicio, en proporción a P0',
  loads: 'Las cargas, en proporción a su demanda',
};
const ratingText: Record<string, string> = {
  emergency: 'Capacidad de emergencia (RATE_B; RATE_A cuando es cero)',
  A: 'Capacidad máxima (RATE_A)',
  B: 'RATE_B',
  C: 'RATE_C',
};

const sortText: Record<string, string> = {
  capacity: 'capacidad',
  strict: 'capacidad estricta',
  bus: 'número de barra',
  name: 'nombre',
  kv: 'tensión',
  area: 'área',
};

const AT_SINK_ROOM = 'Ninguno: se alcanza el margen de la generación que compensa';

function limitingCells(
  row: BusbarCapacityRow,
  limiting: BusbarLimiting | null,
  capacityMw: number | null,
  options: ExportOptions,
): ExportCell[] {
  if (!row.inTransferIsland) return [OUTSIDE, null, null];
  if (limiting === null) {
    const sinkRoom = options.sinkRoomMw ?? null;
    const atSinkRoom = sinkRoom !== null && sinkRoom < options.capMw && capacityMw === sinkRoom;
    return [atSinkRoom ? AT_SINK_ROOM : AT_CAP, null, null];
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
  if (check === undefined) return [null, null, limited ? 'Sin verificar' : null];
  if (check === null) return [null, null, 'Nada que verificar: no la limita un elemento'];
  if (!check.converged) return [null, check.dcLoadingPercent, 'El flujo AC no convergió'];
  return [
    check.acLoadingPercent,
    check.dcLoadingPercent,
    check.flagged ? 'Difiere más de 5 % del cálculo DC' : 'Coincide con el cálculo DC (±5 %)',
  ];
}

const slackText: Record<string, string> = {
  distributed:
    'Distribuido: el desbalance del archivo (sus pérdidas AC) repartido entre las unidades en proporción a su generación',
  single: 'Único: la unidad de referencia toma el desbalance del archivo (como MATPOWER)',
};

/** The whole table of a case's busbar capacities, both figures, as /analisis shows it. */
export function busbarCapacityTable(input: {
  caseName: string;
  rows: BusbarCapacityRow[];
  options: ExportOptions;
  query: BusbarCapacityExportQuery;
  generatedAt: Date;
}): ExportTable {
  const { caseName, rows, options, query } = input;
  const filters = [
    query.q === undefined || query.q === '' ? null : `búsqueda «${query.q}»`,
    query.minKv === undefined ? null : `${mwText(query.minKv)} kV o más`,
    query.area === undefined ? null : `área ${query.area}`,
  ].filter((text) => text !== null);
  const figureName = query.figure === 'strict' ? 'estricta' : 'atribuible';
  return {
    sheetName: 'Capacidad por barra',
    title: 'Capacidad de conexión N-1 por barra',
    metadata: [
      ['Caso', caseName],
      ['Generado', `${generatedFormat.format(input.generatedAt)} (hora de Colombia)`],
      ['Tope de capacidad', `${mwText(options.capMw)} MW`],
      [
        'Límite tras una contingencia',
        ratingText[options.postContingencyRating] ?? options.postContingencyRating,
      ],
      ['Contrapartida de la inyección', sinkText[options.sink] ?? options.sink],
      ...(options.sinkRoomMw === null || options.sinkRoomMw === undefined
        ? []
        : ([
            [
              'Margen de la contrapartida',
              `${mwText(options.sinkRoomMw)} MW: ninguna conexión puede superarlo`,
            ],
          ] as [string, string][])),
      ...(options.distributionFactorCutoff === undefined
        ? []
        : ([
            [
              'Umbral del factor de distribución',
              `${options.distributionFactorCutoff}: las restricciones con |d| menor no limitan`,
            ],
          ] as [string, string][])),
      ...(options.slack === undefined
        ? []
        : ([['Despacho base', slackText[options.slack] ?? options.slack]] as [string, string][])),
      [
        'Cifras',
        'Atribuible: las violaciones existentes que la conexión empeora no la limitan. Estricta: la limitan (capacidad 0).',
      ],
      ['Barras', `${rows.length}${filters.length === 0 ? '' : ` (filtro: ${filters.join(', ')})`}`],
      [
        'Orden',
        `${sortText[query.sort] ?? query.sort} (${query.sort === 'capacity' ? `cifra ${figureName}, ` : ''}${query.order === 'desc' ? 'descendente' : 'ascendente'})`,
      ],
      [
        'Nota',
        'Capacidades indicativas: cada valor supone una sola conexión nueva en esa barra; no son simultáneas ni aditivas.',
      ],
    ],
    columns: [
      { header: 'Número de barra', kind: 'integer', width: 12 },
      { header: 'Barra', kind: 'text', width: 28 },
      { header: 'Tensión base (kV)', kind: 'mw', width: 12 },
      { header: 'Área', kind: 'integer', width: 8 },
      { header: 'Zona', kind: 'integer', width: 8 },
      { header: 'Capacidad atribuible (MW)', kind: 'mw', width: 16 },
      { header: 'Elemento limitante', kind: 'text', width: 36 },
      { header: 'Contingencia', kind: 'text', width: 36 },
      { header: 'Factor de distribución (MW/MW)', kind: 'factor', width: 18 },
      { header: 'Capacidad estricta (MW)', kind: 'mw', width: 16 },
      { header: 'Elemento limitante (estricta)', kind: 'text', width: 36 },
      { header: 'Contingencia (estricta)', kind: 'text', width: 36 },
      { header: 'Factor de distribución, estricta (MW/MW)', kind: 'factor', width: 18 },
      { header: 'Limitada por una violación existente', kind: 'text', width: 14 },
      { header: 'Violación existente que más empeora: elemento', kind: 'text', width: 36 },
      { header: 'Violación existente: contingencia', kind: 'text', width: 36 },
      { header: 'Violación existente: factor de distribución (MW/MW)', kind: 'factor', width: 18 },
      { header: 'Carga AC en el límite, atribuible (%)', kind: 'percent', width: 16 },
      { header: 'Carga DC en el límite, atribuible (%)', kind: 'percent', width: 16 },
      { header: 'Verificación AC, atribuible', kind: 'text', width: 30 },
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
      row.inTransferIsland ? (row.preExistingLimit ? 'Sí' : 'No') : null,
      row.worsened?.monitoredName ?? null,
      row.worsened === null ? null : (row.worsened.contingencyName ?? FULL_NETWORK),
      row.worsened?.distributionFactor ?? null,
      ...acCells(row.attributable.acCheck, row.attributable.limiting !== null),
    ]),
    fileStem: `capacidad-por-barra-${fileSlug(caseName)}`,
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
