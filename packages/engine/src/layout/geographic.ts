import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';
import { adjacencyOf, type NetworkLayout } from './force-layout';

export interface BusCoordinate {
  readonly bus: number;
  readonly lat: number;
  readonly lon: number;
}

const BUS_HEADERS = new Set(['bus', 'bus_i', 'barra', 'numero', 'número', 'id']);
const LAT_HEADERS = new Set(['lat', 'latitude', 'latitud']);
const LON_HEADERS = new Set(['lon', 'lng', 'long', 'longitude', 'longitud']);

/**
 * Reads a companion coordinates file: one row per bus, `bus,lat,lon`. A header row is optional
 * and may name the columns in any order (English or Spanish); the separator is a comma or a
 * semicolon (Spanish spreadsheets export semicolons). Blank lines and `#` comments are skipped.
 */
export function parseBusCoordinatesCsv(text: string): BusCoordinate[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: BusCoordinate[] = [];
  let columns = { bus: 0, lat: 1, lon: 2 };
  let sawData = false;
  const seen = new Set<number>();
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l].trim();
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split(line.includes(';') ? ';' : ',').map((cell) => cell.trim());
    if (
      !sawData &&
      cells.some((cell) => /[a-zñ]/i.test(cell) && !/^[-+]?[\d.]+e[-+]?\d+$/i.test(cell))
    ) {
      columns = headerColumns(cells, l + 1);
      sawData = true;
      continue;
    }
    sawData = true;
    const bus = readNumber(cells[columns.bus], l + 1, 'bus');
    const lat = readNumber(cells[columns.lat], l + 1, 'lat');
    const lon = readNumber(cells[columns.lon], l + 1, 'lon');
    if (!Number.isInteger(bus)) {
      throw new EngineError('PARSE_COORDINATES_FIELD_INVALID', `bus ${bus} is not an integer`, {
        line: l + 1,
        field: 'bus',
      });
    }
    if (Math.abs(lat) > 90) {
      throw new EngineError('PARSE_COORDINATES_FIELD_INVALID', `latitude ${lat} out of range`, {
        line: l + 1,
        field: 'lat',
      });
    }
    if (Math.abs(lon) > 180) {
      throw new EngineError('PARSE_COORDINATES_FIELD_INVALID', `longitude ${lon} out of range`, {
        line: l + 1,
        field: 'lon',
      });
    }
    if (seen.has(bus)) {
      throw new EngineError('PARSE_COORDINATES_BUS_DUPLICATE', `bus ${bus} appears twice`, {
        line: l + 1,
        field: 'bus',
      });
    }
    seen.add(bus);
    rows.push({ bus, lat, lon });
  }
  if (rows.length === 0) {
    throw new EngineError('PARSE_COORDINATES_EMPTY', 'the coordinates file has no rows');
  }
  return rows;
}

function headerColumns(cells: string[], line: number): { bus: number; lat: number; lon: number } {
  const find = (names: Set<string>, field: string) => {
    const index = cells.findIndex((cell) => names.has(cell.toLowerCase()));
    if (index < 0) {
      throw new EngineError('PARSE_COORDINATES_HEADER', `the header has no ${field} column`, {
        line,
        field,
      });
    }
    return index;
  };
  return {
    bus: find(BUS_HEADERS, 'bus'),
    lat: find(LAT_HEADERS, 'lat'),
    lon: find(LON_HEADERS, 'lon'),
  };
}

function readNumber(cell: string | undefined, line: number, field: string): number {
  // A decimal comma only when the separator is a semicolon; "40,4" then means 40.4.
  const value = cell === undefined || cell === '' ? NaN : Number(cell.replace(',', '.'));
  if (!Number.isFinite(value)) {
    throw new EngineError('PARSE_COORDINATES_FIELD_INVALID', `${field} is not a number`, {
      line,
      field,
    });
  }
  return value;
}

/**
 * Bus positions from latitude and longitude: equirectangular projection scaled by cos of the
 * mean latitude, so distances look right at the latitudes of one grid. Buses the file does not
 * place go to the mean of their placed neighbours (repeated outward), and any still unplaced
 * (no placed bus in their part of the network) to a small ring around the centre.
 */
export function geographicLayout(
  net: Network,
  coordinates: readonly BusCoordinate[],
): NetworkLayout {
  return geographicLayoutOf(
    { busNumber: net.buses.number, fromBus: net.branches.fromBus, toBus: net.branches.toBus },
    coordinates,
  );
}

/** The topology a geographic layout needs: bus numbers, branch ends as bus indices. */
export interface LayoutTopology {
  readonly busNumber: ArrayLike<number>;
  readonly fromBus: ArrayLike<number>;
  readonly toBus: ArrayLike<number>;
}

/** `geographicLayout` from a stored topology (the server re-projects a case without reading it). */
export function geographicLayoutOf(
  topology: LayoutTopology,
  coordinates: readonly BusCoordinate[],
): NetworkLayout {
  const n = topology.busNumber.length;
  const indexByNumber = new Map<number, number>();
  for (let i = 0; i < n; i++) indexByNumber.set(topology.busNumber[i], i);
  const known = coordinates.filter((c) => indexByNumber.has(c.bus));
  if (known.length === 0) {
    throw new EngineError(
      'PARSE_COORDINATES_BUS_UNKNOWN',
      'none of the buses in the coordinates file is in the case',
    );
  }
  const lat0 = known.reduce((sum, c) => sum + c.lat, 0) / known.length;
  const scale = Math.cos((lat0 * Math.PI) / 180);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const placed = new Uint8Array(n);
  // Kilometre-like units (1 degree ≈ 111 km) keep the numbers in the range of the force layout.
  for (const c of known) {
    const i = indexByNumber.get(c.bus)!;
    x[i] = c.lon * scale * 111;
    y[i] = c.lat * 111;
    placed[i] = 1;
  }
  const adjacency = adjacencyOf(n, topology.fromBus, topology.toBus);
  let frontier = true;
  while (frontier) {
    frontier = false;
    const newly: number[] = [];
    for (let i = 0; i < n; i++) {
      if (placed[i]) continue;
      const anchors = adjacency[i].filter((j) => placed[j]);
      if (anchors.length === 0) continue;
      // A small deterministic offset so two unplaced buses on one anchor do not overlap.
      const angle = (i * 2.399963) % (2 * Math.PI);
      x[i] = anchors.reduce((s, j) => s + x[j], 0) / anchors.length + Math.cos(angle);
      y[i] = anchors.reduce((s, j) => s + y[j], 0) / anchors.length + Math.sin(angle);
      newly.push(i);
    }
    for (const i of newly) placed[i] = 1;
    frontier = newly.length > 0;
  }
  let cx = 0;
  let cy = 0;
  for (const c of known) {
    const i = indexByNumber.get(c.bus)!;
    cx += x[i] / known.length;
    cy += y[i] / known.length;
  }
  for (let i = 0; i < n; i++) {
    if (placed[i]) continue;
    const angle = (i * 2.399963) % (2 * Math.PI);
    x[i] = cx + 5 * Math.cos(angle);
    y[i] = cy + 5 * Math.sin(angle);
  }
  return { x, y, source: 'geographic' };
}
