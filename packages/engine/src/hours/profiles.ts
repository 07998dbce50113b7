import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';

/**
 * Hourly profiles of a case (docs/analysis.md §13): per hour, each profiled area's load as a
 * multiple of its load in the case, and each profiled unit's output and status. Everything a
 * profile does not name stays as in the case; the units without a profile take the rest
 * (hourly-dispatch.ts).
 */
export interface HourlyProfiles {
  readonly hours: number;
  /** Per profiled area: its number and, per hour, the multiplier of its case load. */
  readonly areas: readonly AreaProfile[];
  /** Per profiled unit (0-based generator row): its output per hour, MW. */
  readonly units: readonly UnitProfile[];
  /** Per unit with a status profile: 1 in service, 0 out, per hour. */
  readonly statuses: readonly UnitStatusProfile[];
  /** What the file was, for results: 'matpower-chgtab' or 'csv'. */
  readonly format: 'matpower-chgtab' | 'csv';
}

export interface AreaProfile {
  readonly area: number;
  readonly factor: Float64Array;
  /** Whether reactive load follows (MATPOWER's CT_LOAD_ALL_PQ; a CSV always scales both). */
  readonly reactiveToo: boolean;
}

export interface UnitProfile {
  readonly generator: number;
  readonly pgMw: Float64Array;
}

export interface UnitStatusProfile {
  readonly generator: number;
  readonly status: Uint8Array;
}

function invalid(message: string): EngineError {
  return new EngineError('HOURLY_PROFILES_INVALID', message);
}

/** Σ Pd of each area's buses in the case, MW. */
export function areaLoadsMw(net: Network): Map<number, number> {
  const loads = new Map<number, number>();
  const { area, pdMw, count } = net.buses;
  for (let i = 0; i < count; i++) loads.set(area[i], (loads.get(area[i]) ?? 0) + pdMw[i]);
  return loads;
}

function areaBase(loads: Map<number, number>, area: number, where: string): number {
  const base = loads.get(area);
  if (base === undefined) {
    throw new EngineError(
      'HOURLY_PROFILES_UNRESOLVED',
      `${where}: area ${area} is not in the case`,
    );
  }
  if (base === 0) {
    throw new EngineError(
      'HOURLY_PROFILES_UNRESOLVED',
      `${where}: area ${area} has no load in the case to scale`,
    );
  }
  return base;
}

// MATPOWER's idx_ct: the values of the names a change table uses for hourly profiles.
const CT = {
  CT_TGEN: 2,
  CT_TAREALOAD: 8,
  CT_REP: 1,
  CT_REL: 2,
  CT_ADD: 3,
  CT_LOAD_ALL_PQ: 1,
  CT_LOAD_FIX_PQ: 2,
  CT_LOAD_ALL_P: 4,
  CT_LOAD_FIX_P: 5,
  GEN_STATUS: 8,
  PG: 2,
} as const;
const NAMED: Readonly<Record<string, number>> = CT;

const uncommented = (line: string) => {
  const at = line.indexOf('%');
  return at < 0 ? line : line.slice(0, at);
};

/**
 * MATPOWER's hourly change table (`chgtab = [ label prob table row col chgtype newval; … ];`,
 * label = hour, as `scenarios_ACTIVSg2000.m`): area loads (CT_TAREALOAD with CT_LOAD_ALL_P or
 * _PQ, and the fixed-load variants, which are the same on a case without dispatchable loads)
 * replaced, scaled or added to as apply_changes does, and unit outputs (PG) and statuses
 * (GEN_STATUS). Hours run from the smallest label to the largest, every one present; an
 * hour's change applies to the case, not to the hour before.
 */
export function readChangeTableProfiles(text: string, net: Network): HourlyProfiles {
  const lines = text.split(/\r?\n/);
  let row = lines.findIndex((line) => /^\s*\w+\s*=\s*\[/.test(uncommented(line)));
  if (row < 0) throw invalid('no change table (`chgtab = [ … ];`) in the file');
  interface Change {
    hour: number;
    table: number;
    row: number;
    col: number;
    kind: number;
    value: number;
    line: number;
  }
  const changes: Change[] = [];
  let closed = false;
  for (const start = row; row < lines.length && !closed; row++) {
    let body = uncommented(lines[row]!);
    if (row === start) body = body.replace(/^\s*\w+\s*=\s*\[/, '');
    if (body.includes(']')) {
      closed = true;
      body = body.slice(0, body.indexOf(']'));
    }
    for (const entry of body.split(';')) {
      const tokens = entry
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean);
      if (tokens.length === 0) continue;
      if (tokens.length !== 7) throw invalid(`line ${row + 1}: a change has 7 columns`);
      const values = tokens.map((token) => {
        const v = NAMED[token] ?? Number(token);
        if (!Number.isFinite(v)) throw invalid(`line ${row + 1}: "${token}" is not a number`);
        return v;
      });
      changes.push({
        hour: values[0]!,
        table: values[2]!,
        row: values[3]!,
        col: values[4]!,
        kind: values[5]!,
        value: values[6]!,
        line: row + 1,
      });
    }
  }
  if (!closed) throw invalid('the change table is not closed with `];`');
  if (changes.length === 0) throw invalid('the change table is empty');
  const first = Math.min(...changes.map((c) => c.hour));
  const last = Math.max(...changes.map((c) => c.hour));
  const hours = last - first + 1;
  const seen = new Uint8Array(hours);
  for (const c of changes) seen[c.hour - first] = 1;
  const missing = seen.indexOf(0);
  if (missing >= 0) throw invalid(`hour ${first + missing} has no change`);

  const loads = areaLoadsMw(net);
  const areas = new Map<number, { factor: Float64Array; reactiveToo: boolean }>();
  const units = new Map<number, Float64Array>();
  const statuses = new Map<number, Uint8Array>();
  const gen = net.generators;
  for (const c of changes) {
    const t = c.hour - first;
    const where = `line ${c.line}`;
    if (c.table === CT.CT_TAREALOAD) {
      const pOnly = c.col === CT.CT_LOAD_ALL_P || c.col === CT.CT_LOAD_FIX_P;
      if (!pOnly && c.col !== CT.CT_LOAD_ALL_PQ && c.col !== CT.CT_LOAD_FIX_PQ) {
        throw invalid(`${where}: only area loads (CT_LOAD_ALL_P or _PQ) are read`);
      }
      const base = areaBase(loads, c.row, where);
      let entry = areas.get(c.row);
      if (!entry) {
        entry = { factor: new Float64Array(hours).fill(1), reactiveToo: !pOnly };
        areas.set(c.row, entry);
      }
      entry.factor[t] =
        c.kind === CT.CT_REP
          ? c.value / base
          : c.kind === CT.CT_REL
            ? c.value
            : c.kind === CT.CT_ADD
              ? (base + c.value) / base
              : Number.NaN;
      if (Number.isNaN(entry.factor[t])) throw invalid(`${where}: unknown change type ${c.kind}`);
    } else if (c.table === CT.CT_TGEN) {
      const k = c.row - 1;
      if (!Number.isInteger(k) || k < 0 || k >= gen.count) {
        throw new EngineError(
          'HOURLY_PROFILES_UNRESOLVED',
          `${where}: generator ${c.row} is not in the case`,
        );
      }
      if (c.col === CT.PG) {
        let series = units.get(k);
        if (!series) {
          series = new Float64Array(hours).fill(gen.pgMw[k]);
          units.set(k, series);
        }
        series[t] =
          c.kind === CT.CT_REP
            ? c.value
            : c.kind === CT.CT_REL
              ? gen.pgMw[k] * c.value
              : gen.pgMw[k] + c.value;
      } else if (c.col === CT.GEN_STATUS && c.kind === CT.CT_REP) {
        let series = statuses.get(k);
        if (!series) {
          series = new Uint8Array(hours).fill(gen.inService[k]);
          statuses.set(k, series);
        }
        series[t] = c.value > 0 ? 1 : 0;
      } else throw invalid(`${where}: only a unit's PG or GEN_STATUS is read`);
    } else throw invalid(`${where}: only area loads and units are read (table ${c.table})`);
  }
  return {
    hours,
    areas: [...areas].map(([area, e]) => ({ area, ...e })),
    units: [...units].map(([generator, pgMw]) => ({ generator, pgMw })),
    statuses: [...statuses].map(([generator, status]) => ({ generator, status })),
    format: 'matpower-chgtab',
  };
}

/** Finds the unit a CSV column names: `<bus number>` or `<bus number>/<id>` (id = order at the bus, from 1). */
function unitOf(net: Network, ref: string, where: string): number {
  const [busText, idText] = ref.split('/');
  const busNumber = Number(busText);
  const nth = idText === undefined ? 1 : Number(idText);
  const g = net.generators;
  let seen = 0;
  for (let k = 0; k < g.count; k++) {
    if (net.buses.number[g.bus[k]] !== busNumber) continue;
    seen++;
    if (seen === nth) return k;
  }
  throw new EngineError('HOURLY_PROFILES_UNRESOLVED', `${where}: no unit "${ref}" in the case`);
}

/**
 * A CSV (comma or semicolon) with one row per hour and a header naming each column:
 * `hora` (optional), `area <n>` (the area's load, MW), `area <n> factor` (a multiplier of its
 * case load), `unidad <bus>[/<n>]` (a unit's output, MW: the n-th unit at that bus), `unidad
 * <bus>[/<n>] fc` (its output as a share of Pmax), `estado <bus>[/<n>]` (1 in service, 0 out),
 * `tecnologia <fuel> fc` (every unit of that fuel, as a share of its Pmax). Decimal comma is
 * read when the separator is a semicolon.
 */
export function readCsvProfiles(text: string, net: Network): HourlyProfiles {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (rows.length < 2) throw invalid('the file has no hour rows under its header');
  const sep = rows[0]!.includes(';') ? ';' : ',';
  const header = rows[0]!.split(sep).map((h) => h.trim().toLowerCase().replace(/\s+/g, ' '));
  const hours = rows.length - 1;
  const cells = rows.slice(1).map((line, r) => {
    const parts = line.split(sep);
    if (parts.length !== header.length) {
      throw invalid(`row ${r + 2}: ${parts.length} columns, the header has ${header.length}`);
    }
    return parts.map((p, c) => {
      const v = Number(sep === ';' ? p.trim().replace(',', '.') : p.trim());
      if (!Number.isFinite(v)) throw invalid(`row ${r + 2}, column "${header[c]}": not a number`);
      return v;
    });
  });
  const column = (c: number) => Float64Array.from(cells, (row) => row[c]!);
  const loads = areaLoadsMw(net);
  const areas: AreaProfile[] = [];
  const units = new Map<number, Float64Array>();
  const statuses: UnitStatusProfile[] = [];
  const g = net.generators;
  header.forEach((name, c) => {
    const where = `column "${name}"`;
    let m: RegExpMatchArray | null;
    if (name === 'hora' || name === 'hour') return;
    if ((m = /^area (\d+)( factor)?$/.exec(name))) {
      const area = Number(m[1]);
      const base = areaBase(loads, area, where);
      const values = column(c);
      const factor = m[2] ? values : values.map((v) => v / base);
      areas.push({ area, factor, reactiveToo: true });
    } else if ((m = /^unidad (\d+(?:\/\d+)?)( fc)?$/.exec(name))) {
      const k = unitOf(net, m[1]!, where);
      const values = column(c);
      units.set(k, m[2] ? values.map((v) => v * g.pmaxMw[k]) : values);
    } else if ((m = /^estado (\d+(?:\/\d+)?)$/.exec(name))) {
      const k = unitOf(net, m[1]!, where);
      statuses.push({ generator: k, status: Uint8Array.from(column(c), (v) => (v > 0 ? 1 : 0)) });
    } else if ((m = /^tecnologia (\S+) fc$/.exec(name))) {
      const fuel = m[1]!;
      const values = column(c);
      let any = false;
      for (let k = 0; k < g.count; k++) {
        if (net.generators.fuel?.[k] !== fuel) continue;
        any = true;
        units.set(
          k,
          values.map((v) => v * g.pmaxMw[k]),
        );
      }
      if (!any) {
        throw new EngineError(
          'HOURLY_PROFILES_UNRESOLVED',
          `${where}: no unit of fuel "${fuel}" in the case`,
        );
      }
    } else throw invalid(`${where} is not an hour, area, unit, status or technology column`);
  });
  return {
    hours,
    areas,
    units: [...units].map(([generator, pgMw]) => ({ generator, pgMw })),
    statuses,
    format: 'csv',
  };
}

/** A MATPOWER change table or a CSV, by its content. */
export function readProfiles(text: string, net: Network): HourlyProfiles {
  return /^\s*\w+\s*=\s*\[/m.test(text.replace(/%[^\n]*/g, ''))
    ? readChangeTableProfiles(text, net)
    : readCsvProfiles(text, net);
}
