import type { Warning } from '../../model/network';
import { BusType } from '../../model/network';
import type { BranchRows, BusColumns } from './builder';
import { pushBus } from './builder';
import type { RevisionTables } from './fields';
import type { RawRecord, RawValues } from './records';
import { num, str } from './records';

export interface TransformerContext {
  readonly sbase: number;
  readonly tables: RevisionTables;
  readonly bus: BusColumns;
  /** Bus index of a bus number; throws PARSE_RAW_BUS_UNKNOWN naming the line and field. */
  readonly index: (n: number, line: number, field: string) => number;
  /**
   * Convert as MATPOWER's psse2mpc: no magnetizing admittance, and a 2-winding transformer is in
   * service whenever STAT > 0.
   */
  readonly matpower: boolean;
  readonly warnings: Warning[];
}

/** Nominal winding voltage: NOMV, where 0 means the bus base voltage (POM). */
function nomv(r: RawValues, w: number, busKv: number): number {
  const v = num(r, `NOMV${w}`);
  return v > 0 ? v : busKv;
}

/** WINDV default: 1 pu for CW = 1 or 3, the bus base voltage in kV for CW = 2. */
function windv(r: RawValues, w: number, cw: number, busKv: number): number {
  const v = num(r, `WINDV${w}`);
  return Number.isNaN(v) ? (cw === 2 ? busKv : 1) : v;
}

function rates(r: RawValues, t: RevisionTables, w: number): [number, number, number] {
  const [a, b, c] = t.windingRates(w);
  return [num(r, a), num(r, b), num(r, c)];
}

/**
 * R and X of one winding pair in pu on the system base, from CZ: 1 = pu on system base, 2 = pu
 * on the winding base (SBASE, NOMV of the first winding), 3 = load loss in W and |Z| in pu on
 * the winding base (as psse_convert_xfmr.m).
 */
function impedance(
  rIn: number,
  xIn: number,
  cz: number,
  sbaseW: number,
  nomvKv: number,
  busKv: number,
  sbase: number,
): [number, number] {
  let r = rIn;
  let x = xIn;
  if (cz === 3) {
    r = (1e-6 * r) / sbaseW;
    x = Math.sqrt(x * x - r * r);
  }
  if (cz === 2 || cz === 3) {
    const k = (nomvKv * nomvKv) / sbaseW / ((busKv * busKv) / sbase);
    r *= k;
    x *= k;
  }
  return [r, x];
}

/**
 * Magnetizing admittance as MW / MVAr at 1 pu, from CM: 1 = G, B in pu on system base; 2 = no-load
 * loss in W and exciting current in pu on the winding base (B = −√(I² − G²)).
 */
function magnetizing(
  r: RawValues,
  sbase: number,
  sbaseW: number,
  voltageRatio2: number,
): [number, number] {
  const g = num(r, 'MAG1');
  const b = num(r, 'MAG2');
  if (num(r, 'CM') !== 2) return [g * sbase, b * sbase];
  const gw = (1e-6 * g) / sbaseW;
  const bw = -Math.sqrt(Math.max(b * b - gw * gw, 0));
  return [gw * sbaseW * voltageRatio2, bw * sbaseW * voltageRatio2];
}

export function convertTwoWinding(rec: RawRecord, ctx: TransformerContext, out: BranchRows): void {
  const r = rec.v;
  const { bus, sbase } = ctx;
  const f = ctx.index(Math.abs(num(r, 'I')), rec.line, 'I');
  const t = ctx.index(Math.abs(num(r, 'J')), rec.line, 'J');
  const cw = num(r, 'CW');
  const cz = num(r, 'CZ');
  const kvF = bus.baseKv[f];
  const kvT = bus.baseKv[t];
  const sbaseW = Number.isNaN(num(r, 'SBASE1-2')) ? sbase : num(r, 'SBASE1-2');
  const nomv1 = nomv(r, 1, kvF);
  const nomv2 = nomv(r, 2, kvT);
  const [rr, xx] = impedance(num(r, 'R1-2'), num(r, 'X1-2'), cz, sbaseW, nomv1, kvF, sbase);
  // Ratio in pu of the bus base voltages: CW 1 = pu, 2 = kV, 3 = pu of NOMV.
  let tap = windv(r, 1, cw, kvF) / windv(r, 2, cw, kvT);
  if (cw === 2 || cw === 3) tap *= kvT / kvF;
  if (cw === 3) tap *= nomv1 / nomv2;
  const inService = twoWindingInService(rec, ctx);
  out.push({
    from: f,
    to: t,
    r: rr,
    x: xx,
    b: 0,
    rates: rates(r, ctx.tables, 1),
    tap,
    shift: num(r, 'ANG1'),
    inService,
    circuit: str(r, 'CKT'),
    line: rec.line,
  });
  if (!ctx.matpower && inService && (num(r, 'MAG1') !== 0 || num(r, 'MAG2') !== 0)) {
    const [g, b] = magnetizing(r, sbase, sbaseW, (kvF / nomv1) ** 2);
    bus.gs[f] += g;
    bus.bs[f] += b;
  }
  warnImpedanceTable(rec, [1], ctx.warnings);
}

/**
 * STAT is 0 (out) or 1 (in) for a 2-winding transformer; 2, 3 and 4 are 3-winding codes (winding
 * 2, 3 or 1 out). With winding 1 or 2 out a 2-winding transformer carries nothing, so STAT 2 and 4
 * put it out of service (PowerModels reads STAT 2 so too; psse2mpc keeps every STAT > 0 in).
 */
function twoWindingInService(rec: RawRecord, ctx: TransformerContext): boolean {
  const stat = num(rec.v, 'STAT');
  if (stat === 0 || stat === 1) return stat === 1;
  const inService = ctx.matpower ? stat > 0 : stat === 3;
  ctx.warnings.push({
    code: 'PARSE_RAW_CONVERSION_LOSSY',
    message:
      `line ${rec.line}: 2-winding transformer ${num(rec.v, 'I')}-${num(rec.v, 'J')} ` +
      `'${str(rec.v, 'CKT')}' has STAT ${stat}, a 3-winding status; read as ` +
      (inService ? 'in service' : 'out of service'),
    line: rec.line,
  });
  return inService;
}

/**
 * A 3-winding transformer becomes a star bus (numbered from the next power of ten above the
 * largest bus number, as MATPOWER does) and three branches winding k → star, in that order.
 * STAT: 0 all windings out, 1 all in, 2 winding 2 out, 3 winding 3 out, 4 winding 1 out.
 */
export function convertThreeWinding(
  rec: RawRecord,
  k: number,
  starBase: number,
  ctx: TransformerContext,
  out: BranchRows,
): void {
  const r = rec.v;
  const { bus, sbase } = ctx;
  const ind = [
    ctx.index(Math.abs(num(r, 'I')), rec.line, 'I'),
    ctx.index(Math.abs(num(r, 'J')), rec.line, 'J'),
    ctx.index(Math.abs(num(r, 'K')), rec.line, 'K'),
  ];
  const cw = num(r, 'CW');
  const cz = num(r, 'CZ');
  const stat = num(r, 'STAT');
  const star = bus.number.length;
  pushBus(bus, {
    number: starBase + k + 1,
    type: stat === 0 ? BusType.ISOLATED : BusType.PQ,
    area: bus.area[ind[0]],
    zone: bus.zone[ind[0]],
    vm: num(r, 'VMSTAR'),
    va: num(r, 'ANSTAR'),
    baseKv: 1,
    vmax: 1.1,
    vmin: 0.9,
    name: `STR_PT_XF_${k + 1}`,
  });
  const kv = ind.map((i) => bus.baseKv[i]);
  const nom = [1, 2, 3].map((w) => nomv(r, w, kv[w - 1]));
  const pairs = ['1-2', '2-3', '3-1'];
  const rx = pairs.map((p, w) => {
    const sb = Number.isNaN(num(r, `SBASE${p}`)) ? sbase : num(r, `SBASE${p}`);
    return impedance(num(r, `R${p}`), num(r, `X${p}`), cz, sb, nom[w], kv[w], sbase);
  });
  const [r12, x12] = rx[0];
  const [r23, x23] = rx[1];
  const [r31, x31] = rx[2];
  const star3 = [
    [(r12 + r31 - r23) / 2, (x12 + x31 - x23) / 2],
    [(r12 + r23 - r31) / 2, (x12 + x23 - x31) / 2],
    [(r31 + r23 - r12) / 2, (x31 + x23 - x12) / 2],
  ];
  const outWinding = stat === 0 ? 0 : stat === 4 ? 1 : stat === 2 ? 2 : stat === 3 ? 3 : -1;
  for (let w = 1; w <= 3; w++) {
    let tap = windv(r, w, cw, kv[w - 1]);
    if (cw === 2 || cw === 3) tap /= kv[w - 1];
    if (cw === 3) tap *= nom[w - 1];
    out.push({
      from: ind[w - 1],
      to: star,
      r: star3[w - 1][0],
      x: star3[w - 1][1],
      b: 0,
      rates: rates(r, ctx.tables, w),
      tap,
      shift: num(r, `ANG${w}`),
      inService: outWinding !== 0 && outWinding !== w,
      circuit: str(r, 'CKT'),
      line: rec.line,
    });
  }
  if (!ctx.matpower && stat !== 0 && (num(r, 'MAG1') !== 0 || num(r, 'MAG2') !== 0)) {
    // At the star point (the transformer's internal node; pu there follows winding 1's NOMV).
    // PowerModels puts it on winding 1's side instead; DC results do not depend on it.
    const sb = Number.isNaN(num(r, 'SBASE1-2')) ? sbase : num(r, 'SBASE1-2');
    const [g, b] = magnetizing(r, sbase, sb, 1);
    bus.gs[star] += g;
    bus.bs[star] += b;
  }
  warnImpedanceTable(rec, [1, 2, 3], ctx.warnings);
}

function warnImpedanceTable(rec: RawRecord, windings: number[], warnings: Warning[]): void {
  for (const w of windings) {
    const tab = num(rec.v, `TAB${w}`);
    if (tab > 0) {
      warnings.push({
        code: 'PARSE_RAW_CONVERSION_LOSSY',
        message:
          `line ${rec.line}: transformer ${num(rec.v, 'I')}-${num(rec.v, 'J')} ` +
          `'${str(rec.v, 'CKT')}' winding ${w}: impedance correction table ${tab} is not applied`,
        line: rec.line,
      });
    }
  }
}
