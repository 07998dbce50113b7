import { EngineError } from '../../util/engine-error';
import type { Network, Warning } from '../../model/network';
import { BusType } from '../../model/network';
import { makeBusLookup } from '../../model/indexing';
import { BRANCH_COLUMNS, BUS_COLUMNS, GEN_COLUMNS } from './columns';
import type { MatpowerValue } from './scan';
import { scanMatpower } from './scan';
import { sanitiseBusNames } from '../names';

export interface MatpowerCase {
  readonly network: Network;
  readonly warnings: Warning[];
}

type Table = Extract<MatpowerValue, { kind: 'matrix' }>;

/** Fields read, or ignored on purpose because they do not change a power flow (cost data). */
const KNOWN_FIELDS = new Set([
  'version',
  'baseMVA',
  'bus',
  'gen',
  'branch',
  'bus_name',
  'gencost',
  'gentype',
  'genfuel',
]);

function parseNumber(text: string, line: number, field: string): number {
  if (text === 'Inf' || text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  const v = Number(text);
  if (text === '' || Number.isNaN(v)) {
    throw new EngineError(
      'PARSE_MATPOWER_FIELD_INVALID',
      `line ${line}: ${field} is not a number: '${text}'`,
      { line, field },
    );
  }
  if (!Number.isFinite(v)) {
    // `1e309` reads as Infinity: a typo or a corrupted file, never a value the engine can use.
    throw new EngineError(
      'PARSE_MATPOWER_NUMBER_OVERFLOW',
      `line ${line}: ${field} is too large for a number: '${text}'`,
      { line, field },
    );
  }
  return v;
}

function requireTable(fields: Map<string, MatpowerValue>, name: string): Table {
  const v = fields.get(name);
  if (!v) {
    throw new EngineError('PARSE_MATPOWER_SECTION_MISSING', `the case has no mpc.${name}`, {
      field: `mpc.${name}`,
    });
  }
  if (v.kind !== 'matrix') {
    throw new EngineError('PARSE_MATPOWER_SYNTAX', `mpc.${name} must be a matrix`, {
      line: v.line,
      field: `mpc.${name}`,
    });
  }
  return v;
}

/** Columns of a numeric table as Float64Arrays, checking each row has at least `names` fields. */
function readColumns(table: Table, section: string, names: readonly string[]): Float64Array[] {
  const n = table.rows.length;
  const cols = names.map(() => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const row = table.rows[r];
    const line = table.rowLines[r];
    if (row.length < names.length) {
      throw new EngineError(
        'PARSE_MATPOWER_ROW_LENGTH',
        `line ${line}: mpc.${section} row has ${row.length} columns, needs at least ${names.length}`,
        { line, field: `${section}.${names[row.length]}` },
      );
    }
    for (let c = 0; c < names.length; c++) {
      cols[c][r] = parseNumber(row[c], line, `${section}.${names[c]}`);
    }
  }
  return cols;
}

/** Reads a MATPOWER version 2 case (text). genfuel is kept; gencost, gentype and others are ignored. */
export function readMatpower(text: string): MatpowerCase {
  const fields = scanMatpower(text);
  const warnings: Warning[] = [];
  const version = fields.get('version');
  if (version && version.kind === 'scalar' && version.text.replace(/'/g, '') !== '2') {
    throw new EngineError(
      'PARSE_MATPOWER_FIELD_INVALID',
      `line ${version.line}: only MATPOWER case format version 2 is supported`,
      { line: version.line, field: 'mpc.version' },
    );
  }
  const base = fields.get('baseMVA');
  if (!base || base.kind !== 'scalar') {
    throw new EngineError('PARSE_MATPOWER_SECTION_MISSING', 'the case has no mpc.baseMVA', {
      field: 'mpc.baseMVA',
    });
  }
  const baseMva = parseNumber(base.text, base.line, 'mpc.baseMVA');

  const busT = requireTable(fields, 'bus');
  const genT = requireTable(fields, 'gen');
  const brT = requireTable(fields, 'branch');
  const b = readColumns(busT, 'bus', BUS_COLUMNS);
  const g = readColumns(genT, 'gen', GEN_COLUMNS);
  const br = readColumns(brT, 'branch', BRANCH_COLUMNS);

  const nb = busT.rows.length;
  const number = Int32Array.from(b[0]);
  const type = Int8Array.from(b[1]);
  for (let i = 0; i < nb; i++) {
    if (type[i] < BusType.PQ || type[i] > BusType.ISOLATED) {
      const line = busT.rowLines[i];
      throw new EngineError('PARSE_MATPOWER_FIELD_INVALID', `line ${line}: BUS_TYPE must be 1–4`, {
        line,
        field: 'bus.BUS_TYPE',
      });
    }
  }
  let lookup;
  try {
    lookup = makeBusLookup(number);
  } catch (e) {
    throw new EngineError('PARSE_MATPOWER_FIELD_INVALID', (e as Error).message, {
      field: 'bus.BUS_I',
    });
  }
  const toIndex = (table: Table, col: Float64Array, r: number, field: string): number => {
    const i = lookup.get(col[r]);
    if (i === undefined) {
      const line = table.rowLines[r];
      throw new EngineError(
        'PARSE_MATPOWER_FIELD_INVALID',
        `line ${line}: ${field} refers to bus ${col[r]}, which is not in mpc.bus`,
        { line, field },
      );
    }
    return i;
  };

  const names = readBusNames(fields.get('bus_name'), nb, warnings);
  sanitiseBusNames(names, number, warnings);
  for (const [name, value] of fields) {
    if (KNOWN_FIELDS.has(name)) continue;
    // Data the model does not carry (dcline, a user's extra fields …) is named, never dropped
    // silently (docs/analysis.md §1).
    warnings.push({
      code: 'PARSE_MATPOWER_FIELD_IGNORED',
      message: `mpc.${name} is not modelled and was ignored`,
      line: value.line,
    });
  }

  const nl = brT.rows.length;
  const fromBus = new Int32Array(nl);
  const toBus = new Int32Array(nl);
  for (let k = 0; k < nl; k++) {
    fromBus[k] = toIndex(brT, br[0], k, 'branch.F_BUS');
    toBus[k] = toIndex(brT, br[1], k, 'branch.T_BUS');
  }
  const ng = genT.rows.length;
  const genBus = new Int32Array(ng);
  for (let k = 0; k < ng; k++) genBus[k] = toIndex(genT, g[0], k, 'gen.GEN_BUS');

  const network: Network = {
    baseMva,
    buses: {
      count: nb,
      number,
      type,
      pdMw: b[2],
      qdMvar: b[3],
      gsMw: b[4],
      bsMvar: b[5],
      area: Int32Array.from(b[6]),
      vmPu: b[7],
      vaDeg: b[8],
      baseKv: b[9],
      zone: Int32Array.from(b[10]),
      vmaxPu: b[11],
      vminPu: b[12],
      name: names,
    },
    branches: {
      count: nl,
      fromBus,
      toBus,
      rPu: br[2],
      xPu: br[3],
      bPu: br[4],
      rateAMva: br[5],
      rateBMva: br[6],
      rateCMva: br[7],
      tapRatio: br[8],
      shiftDeg: br[9],
      inService: Uint8Array.from(br[10], (s) => (s > 0 ? 1 : 0)),
      circuit: parallelCircuitIds(fromBus, toBus),
    },
    generators: {
      count: ng,
      bus: genBus,
      pgMw: g[1],
      qgMvar: g[2],
      qmaxMvar: g[3],
      qminMvar: g[4],
      vgPu: g[5],
      mBaseMva: g[6],
      inService: Uint8Array.from(g[7], (s) => (s > 0 ? 1 : 0)),
      pmaxMw: g[8],
      pminMw: g[9],
      ...readGenFuel(fields.get('genfuel'), ng, warnings),
    },
  };
  return { network, warnings };
}

/** mpc.genfuel, one fuel per generator row ('wind', 'solar', 'coal', …), when it fits. */
function readGenFuel(
  value: MatpowerValue | undefined,
  ng: number,
  warnings: Warning[],
): { fuel?: string[] } {
  if (!value) return {};
  if (value.kind !== 'cell' || value.rows.length !== ng) {
    warnings.push({
      code: 'PARSE_MATPOWER_FIELD_IGNORED',
      message: 'mpc.genfuel does not have one fuel per generator; fuels ignored',
      line: value.line,
    });
    return {};
  }
  return {
    fuel: value.rows.map((row) => {
      const cell = row[0] ?? '';
      return (cell.startsWith("'") ? cell.slice(1) : cell).trim().toLowerCase();
    }),
  };
}

function readBusNames(value: MatpowerValue | undefined, nb: number, warnings: Warning[]): string[] {
  const names: string[] = new Array<string>(nb).fill('');
  if (!value) return names;
  if (value.kind !== 'cell' || value.rows.length !== nb) {
    warnings.push({
      code: 'PARSE_MATPOWER_BUS_NAME_IGNORED',
      message: `mpc.bus_name does not have one name per bus; names ignored`,
      line: value.line,
    });
    return names;
  }
  for (let i = 0; i < nb; i++) {
    const cell = value.rows[i][0] ?? '';
    names[i] = (cell.startsWith("'") ? cell.slice(1) : cell).trim();
  }
  return names;
}

/** MATPOWER has no circuit ids: number parallel branches '1', '2', … in file order. */
function parallelCircuitIds(fromBus: Int32Array, toBus: Int32Array): string[] {
  const seen = new Map<string, number>();
  const ids: string[] = [];
  for (let k = 0; k < fromBus.length; k++) {
    const a = Math.min(fromBus[k], toBus[k]);
    const z = Math.max(fromBus[k], toBus[k]);
    const key = `${a}-${z}`;
    const c = (seen.get(key) ?? 0) + 1;
    seen.set(key, c);
    ids.push(String(c));
  }
  return ids;
}
