import type { Warning } from '../../model/network';
import type { BranchRows } from './builder';
import type { RawRecord } from './records';
import { num, str } from './records';

/**
 * PSS/E's zero-impedance line threshold THRSHZ, its default (pu). PSS/E treats a non-transformer
 * branch with R = 0 and |X| ≤ THRSHZ as a zero-impedance line (a bus tie or jumper: it merges
 * the two buses for the solution), and every closed system switching device the same way.
 */
export const THRSHZ_PU = 1e-4;

/**
 * The series reactance a closed switch or zero-impedance jumper gets (pu, with r = 0). A DC model
 * cannot take x = 0 (B = 1/x); PSS/E merges the two buses instead. Chosen by measurement
 * (switches.test.ts): the DC difference from merging the buses grows linearly with x — on the
 * test network (a switch closing a loop of 0.1–0.25 pu lines) it is 2.1e-7 of the largest flow
 * at x = 1e-7 and 2.1e-6 at 1e-6, so 1e-7 is the largest decade within 1e-6. It is also about
 * the smallest the AC Newton power flow takes: the mismatch's round-off grows as |V|²/x, and on
 * ACTIVSg2000 with 100 buses split in two sections joined by a switch, x = 1e-7 converges in 3
 * iterations (DC flows within 6.7e-6 of the unsplit case's largest flow, 0.016 MW) while x = 1e-8
 * stalls at a 6.6e-8 pu mismatch, above the 1e-8 tolerance.
 */
export const SWITCH_X_PU = 1e-7;

/**
 * A non-transformer branch PSS/E would treat as a zero-impedance line, and whose X the DC model
 * cannot take as it is: R = 0 and |X| strictly below THRSHZ (X = 0 included). Only these get
 * SWITCH_X_PU. PSS/E's own test is |X| ≤ THRSHZ, but a branch at exactly 0.0001 pu is solvable
 * as written and keeps the file's X, as psse2mpc does (MATPOWER's t_psse_case3.raw has one,
 * 153–3006). A branch with R ≠ 0 and X = 0 is not a zero-impedance line in PSS/E either: it is
 * left as the file says, and the DC model refuses it (MODEL_BRANCH_ZERO_REACTANCE).
 */
export function isJumper(r: number, x: number): boolean {
  return r === 0 && Math.abs(x) < THRSHZ_PU;
}

/**
 * A branch record PSS/E reads as a breaker (circuit id starting with '@') or a switch ('*'):
 * part of the topology, neither outaged nor monitored by default, like a switching device.
 */
export function isSwitchCircuit(circuit: string): boolean {
  const id = circuit.trim();
  return id.startsWith('@') || id.startsWith('*');
}

/** What the conversion did with switching devices and jumpers, for the one warning per file. */
export interface SwitchCounts {
  /** Closed v34/v35 system switching devices, emitted as branches. */
  devicesClosed: number;
  /** Open v34/v35 system switching devices, left out of the network. */
  devicesOpen: number;
  /** In-service zero-impedance non-transformer branches given SWITCH_X_PU. */
  jumpers: number;
  /** Out-of-service ones, given SWITCH_X_PU too (finite if a study switches them in). */
  jumpersOpen: number;
  /** Breaker ('@') or switch ('*') branches with a usable X: kept as written, marked switch. */
  marked: number;
  /** 1-based line of the first record counted, for the warning. */
  firstLine: number;
}

export function emptySwitchCounts(): SwitchCounts {
  return {
    devicesClosed: 0,
    devicesOpen: 0,
    jumpers: 0,
    jumpersOpen: 0,
    marked: 0,
    firstLine: 0,
  };
}

function noteLine(counts: SwitchCounts, line: number): void {
  if (counts.firstLine === 0 || line < counts.firstLine) counts.firstLine = line;
}

/** A breaker or switch branch that keeps the file's impedance (isSwitchCircuit, not a jumper). */
export function countMarked(counts: SwitchCounts, line: number): void {
  counts.marked++;
  noteLine(counts, line);
}

export function countJumper(counts: SwitchCounts, line: number, inService: boolean): void {
  if (inService) counts.jumpers++;
  else counts.jumpersOpen++;
  noteLine(counts, line);
}

/**
 * Closed system switching devices (STAT ≠ 0) become branches: from, to, circuit id as in the
 * file, RATE1..3, r = 0, x = SWITCH_X_PU (the file's X, a nominal 0.0001 pu by default, is
 * PSS/E's zero-impedance marker, not a line reactance), switch = 1. Open ones (STAT 0) are not
 * part of the network and are only counted.
 */
export function convertSwitchingDevices(
  records: readonly RawRecord[],
  index: (bus: number, line: number, field: string) => number,
  br: BranchRows,
  switchRows: number[],
  counts: SwitchCounts,
): void {
  for (const rec of records) {
    const r = rec.v;
    const from = index(Math.abs(num(r, 'I')), rec.line, 'I');
    const to = index(Math.abs(num(r, 'J')), rec.line, 'J');
    noteLine(counts, rec.line);
    if (num(r, 'STAT') === 0) {
      counts.devicesOpen++;
      continue;
    }
    counts.devicesClosed++;
    switchRows.push(br.count);
    br.push({
      from,
      to,
      r: 0,
      x: SWITCH_X_PU,
      b: 0,
      rates: [num(r, 'RATE1'), num(r, 'RATE2'), num(r, 'RATE3')],
      tap: 0,
      shift: 0,
      inService: true,
      circuit: str(r, 'CKT'),
      line: rec.line,
    });
  }
}

/** One informational warning per file: how many switches were joined, how many left open. */
export function switchWarning(counts: SwitchCounts): Warning | null {
  const { devicesClosed, devicesOpen, jumpers, jumpersOpen, marked, firstLine } = counts;
  if (devicesClosed + devicesOpen + jumpers + jumpersOpen + marked === 0) return null;
  const parts: string[] = [];
  if (devicesClosed > 0) parts.push(plural(devicesClosed, 'closed system switching device'));
  if (jumpers > 0) {
    parts.push(plural(jumpers, 'branch', 'branches') + ` with R = 0 and |X| < ${THRSHZ_PU}`);
  }
  const joined =
    parts.length > 0
      ? `${parts.join(' and ')} joined as zero-impedance branches (r = 0, x = ${SWITCH_X_PU} pu: ` +
        'small enough for flows within about 1e-6 of merging the buses, large enough for the AC ' +
        'power flow to converge); ' +
        'they are topology: neither N-1 contingencies nor monitored'
      : '';
  const kept =
    marked > 0
      ? `${plural(marked, 'breaker or switch branch', 'breaker or switch branches')} (circuit id '@…' or '*…') kept with the file's impedance, as topology: neither N-1 contingencies nor monitored`
      : '';
  const open =
    devicesOpen > 0
      ? `${plural(devicesOpen, 'open system switching device')} left out (they join nothing)`
      : '';
  const off =
    jumpersOpen > 0
      ? `${plural(jumpersOpen, 'out-of-service zero-impedance branch', 'out-of-service zero-impedance branches')} given the same x`
      : '';
  return {
    code: 'PARSE_RAW_SWITCHES_CLOSED',
    message: `line ${firstLine}: ${[joined, kept, open, off].filter((s) => s !== '').join('; ')}`,
    line: firstLine,
  };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
