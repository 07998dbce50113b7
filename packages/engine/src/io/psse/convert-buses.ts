import type { Warning } from '../../model/network';
import { BusType } from '../../model/network';
import type { BusColumns } from './builder';
import { pushBus } from './builder';
import { PsseParseError } from './errors';
import type { RevisionTables } from './fields';
import type { RawRecord } from './records';
import { num, str } from './records';

/** The records the bus conversion sums into buses (a part of convert.ts's ConvertInput). */
export interface BusInput {
  readonly rev: number;
  readonly tables: RevisionTables;
  readonly bus: RawRecord[];
  readonly load: RawRecord[];
  readonly fixedShunt: RawRecord[];
  readonly switchedShunt: RawRecord[];
  readonly matpower: boolean;
  readonly warnings: Warning[];
}

/** MATPOWER's psse_convert defaults when the file has no NVHI/NVLO (before v32, or blank). */
const VMIN_DEFAULT = 0.9;
const VMAX_DEFAULT = 1.1;

/**
 * Bus records sorted by number (psse_convert sorts them), then loads, fixed shunts and switched
 * shunts summed into each bus's PD, QD, GS and BS.
 */
export function convertBuses(input: BusInput): BusColumns {
  const { rev, warnings } = input;
  const recs = [...input.bus].sort((a, b) => num(a.v, 'I') - num(b.v, 'I'));
  const bus: BusColumns = {
    number: [],
    type: [],
    pd: [],
    qd: [],
    gs: [],
    bs: [],
    area: [],
    vm: [],
    va: [],
    baseKv: [],
    zone: [],
    vmax: [],
    vmin: [],
    name: [],
  };
  const haveLimits =
    rev >= 31 &&
    recs.length > 0 &&
    recs.every((r) => !Number.isNaN(num(r.v, 'NVHI')) && !Number.isNaN(num(r.v, 'NVLO')));
  if (!haveLimits && recs.length > 0) {
    warnings.push({
      code: 'PARSE_RAW_DEFAULT_VOLTAGE_LIMITS',
      message: `bus data has no NVHI/NVLO for every bus: voltage limits ${VMIN_DEFAULT}–${VMAX_DEFAULT} pu used`,
      line: recs[0].line,
    });
  }
  for (const rec of recs) {
    const r = rec.v;
    const type = num(r, 'IDE');
    if (type < BusType.PQ || type > BusType.ISOLATED) {
      throw new PsseParseError(
        'PARSE_RAW_FIELD_INVALID',
        `line ${rec.line}: bus ${num(r, 'I')} has IDE ${type}; it must be 1, 2, 3 or 4`,
        rec.line,
        'IDE',
      );
    }
    const k = bus.number.length;
    if (k > 0 && bus.number[k - 1] === num(r, 'I')) {
      throw new PsseParseError(
        'PARSE_RAW_BUS_DUPLICATE',
        `line ${rec.line}: bus ${num(r, 'I')} is defined twice`,
        rec.line,
        'I',
      );
    }
    pushBus(bus, {
      number: num(r, 'I'),
      type,
      area: num(r, 'AREA'),
      zone: num(r, 'ZONE'),
      vm: num(r, 'VM'),
      va: num(r, 'VA'),
      baseKv: num(r, 'BASKV'),
      vmax: haveLimits ? num(r, 'NVHI') : VMAX_DEFAULT,
      vmin: haveLimits ? num(r, 'NVLO') : VMIN_DEFAULT,
      name: str(r, 'NAME'),
    });
    if (rev <= 30) {
      // v29/v30 keep the fixed shunt in the bus record (MW / MVAr at 1 pu).
      bus.gs[k] = num(r, 'GL');
      bus.bs[k] = num(r, 'BL');
    }
  }
  const index = makeIndex(bus);

  for (const rec of input.load) {
    const r = rec.v;
    const i = index(num(r, 'I'), rec.line, 'I');
    if (num(r, 'STATUS') === 0) continue;
    const vm = bus.vm[i];
    const ip = num(r, 'IP');
    const iq = num(r, 'IQ');
    const yp = num(r, 'YP');
    const yq = num(r, 'YQ');
    // psse_convert: constant-current and constant-admittance parts become constant power at the
    // case's voltage (YQ is positive for a capacitive load, hence the minus).
    bus.pd[i] += num(r, 'PL') + ip * vm + yp * vm * vm;
    bus.qd[i] += num(r, 'QL') + iq * vm - yq * vm * vm;
    // v34/v35 loads may carry distributed generation, netted from the load when DGENF = 1 (POM);
    // psse2mpc predates the fields and ignores them.
    if (rev >= 34 && num(r, 'DGENF') === 1 && (num(r, 'DGENP') !== 0 || num(r, 'DGENQ') !== 0)) {
      if (!input.matpower) {
        bus.pd[i] -= num(r, 'DGENP');
        bus.qd[i] -= num(r, 'DGENQ');
      }
      warnings.push({
        code: 'PARSE_RAW_CONVERSION_LOSSY',
        message: `line ${rec.line}: load '${str(r, 'ID')}' at bus ${num(r, 'I')} has distributed generation DGENP ${num(r, 'DGENP')} MW, DGENQ ${num(r, 'DGENQ')} MVAr: ${input.matpower ? 'ignored (matpower option)' : 'netted from the load'}`,
        line: rec.line,
      });
    }
    if (ip !== 0 || iq !== 0 || yp !== 0 || yq !== 0) {
      warnings.push({
        code: 'PARSE_RAW_CONVERSION_LOSSY',
        message: `line ${rec.line}: load '${str(r, 'ID')}' at bus ${num(r, 'I')} has constant-current or constant-admittance parts; they are converted to constant power at VM = ${vm}`,
        line: rec.line,
      });
    }
  }
  for (const rec of input.fixedShunt) {
    const r = rec.v;
    const i = index(num(r, 'I'), rec.line, 'I');
    if (num(r, 'STATUS') === 0) continue;
    bus.gs[i] += num(r, 'GL');
    bus.bs[i] += num(r, 'BL');
  }
  const stat = input.tables.switchedShuntStatus;
  for (const rec of input.switchedShunt) {
    const r = rec.v;
    const i = index(num(r, 'I'), rec.line, 'I');
    // psse_convert adds BINIT whatever the status; PSS/E drops an out-of-service shunt.
    if (stat && num(r, stat) === 0 && !input.matpower) continue;
    bus.bs[i] += num(r, 'BINIT');
  }
  return bus;
}

/** Bus number → index over the buses read from the file (star points are never referenced). */
export function makeIndex(bus: BusColumns): (n: number, line: number, field: string) => number {
  const map = new Map<number, number>();
  bus.number.forEach((n, i) => map.set(n, i));
  return (n, line, field) => {
    const i = map.get(n);
    if (i === undefined) {
      throw new PsseParseError(
        'PARSE_RAW_BUS_UNKNOWN',
        `line ${line}: ${field} refers to bus ${n}, which is not in the bus data`,
        line,
        field,
      );
    }
    return i;
  };
}
