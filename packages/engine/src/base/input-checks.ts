import type { InService } from '../model/indexing';
import type { Islands } from '../model/islands';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import { EngineError } from '../util/engine-error';
import type { BaseDispatch } from './base-dispatch';
import { MISMATCH_WARNING_SHARE } from './base-dispatch';
import type { EffectiveLimits } from './generator-limits';
import { UNBOUNDED_LIMIT_MW } from './generator-limits';

/**
 * What the input does to the figures, said before any of them (issue #25): each check has a
 * stable code (the web words it in Spanish from `params`), the figures it affects, and an
 * English message for the CLI. A property of the input that leaves no sound figure at all is
 * not a check but a refusal (`refuseNonFinite`).
 */
export const INPUT_CHECK_CODES = [
  'GEN_LIMITS_UNBOUNDED',
  'GEN_LIMITS_INVERTED',
  'GEN_OUTPUT_OUTSIDE_LIMITS',
  'DISPATCH_MISMATCH_LARGE',
  'DISPATCH_UNABSORBED',
  'BRANCHES_UNRATED',
  'NO_RATED_BRANCH',
  'ISLANDS_WITHOUT_GENERATION',
  'DUPLICATE_CIRCUITS',
] as const;
export type InputCheckCode = (typeof INPUT_CHECK_CODES)[number];

/** The figures a check bears on: where the web shows it. */
export type CheckedFigure = 'n1' | 'flexibility' | 'capacity';

export interface InputCheck {
  readonly code: InputCheckCode;
  readonly affects: readonly CheckedFigure[];
  readonly message: string;
  readonly params: Readonly<Record<string, number | string>>;
}

const ALL: readonly CheckedFigure[] = ['n1', 'flexibility', 'capacity'];
const TRANSFERS: readonly CheckedFigure[] = ['flexibility', 'capacity'];

/** A unit's file output this far outside its limits is reported (rounding in files is less). */
const OUTSIDE_LIMITS_TOLERANCE_MW = 1;

/**
 * Values for which ±Inf or NaN has no meaning (a load, an impedance, an output, a voltage or
 * angle): no figure can
 * be computed from them, so the case is refused with the first one found. Limits are not here:
 * an infinite limit means "none", which effectiveLimits and the ratings rule handle.
 */
export function refuseNonFinite(net: Network): void {
  const { buses: b, branches: br, generators: g } = net;
  const check = (values: ArrayLike<number>, what: string, row: (i: number) => string) => {
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) {
        throw new EngineError(
          'MODEL_VALUE_NOT_FINITE',
          `${what} of ${row(i)} is ${values[i]}: the case has no finite value to compute with`,
          { field: what },
        );
      }
    }
  };
  const bus = (i: number) => `bus ${b.number[i]}`;
  const branch = (k: number) => `branch ${k + 1}`;
  const unit = (k: number) => `generator ${k + 1}`;
  check(b.pdMw, 'PD', bus);
  check(b.qdMvar, 'QD', bus);
  check(b.gsMw, 'GS', bus);
  check(b.bsMvar, 'BS', bus);
  check(b.vmPu, 'VM', bus);
  check(b.vaDeg, 'VA', bus);
  check(b.baseKv, 'BASE_KV', bus);
  check(br.rPu, 'BR_R', branch);
  check(br.xPu, 'BR_X', branch);
  check(br.bPu, 'BR_B', branch);
  check(br.tapRatio, 'TAP', branch);
  check(br.shiftDeg, 'SHIFT', branch);
  check(g.pgMw, 'PG', unit);
  check(g.qgMvar, 'QG', unit);
  check(g.vgPu, 'VG', unit);
  if (!Number.isFinite(net.baseMva) || net.baseMva <= 0) {
    throw new EngineError('MODEL_VALUE_NOT_FINITE', `baseMVA is ${net.baseMva}`, {
      field: 'baseMVA',
    });
  }
}

/** Pieces the checks read, built once by prepareBaseCase. */
export interface CheckInput {
  readonly net: Network;
  readonly active: InService;
  readonly islands: Islands;
  readonly limits: EffectiveLimits;
  readonly dispatch: BaseDispatch;
  readonly headroomMw: number;
}

export function inputChecks(input: CheckInput): InputCheck[] {
  return [
    ...generatorChecks(input),
    ...dispatchChecks(input),
    ...branchChecks(input),
    ...islandChecks(input),
  ];
}

function generatorChecks({ net, active, limits, headroomMw }: CheckInput): InputCheck[] {
  const g = net.generators;
  const checks: InputCheck[] = [];
  const unbounded = new Set([...limits.unboundedMax, ...limits.unboundedMin]);
  const unboundedActive = [...unbounded].filter((k) => active.genActive[k]).length;
  if (unboundedActive > 0) {
    const maxCount = limits.unboundedMax.filter((k) => active.genActive[k]).length;
    const minCount = limits.unboundedMin.filter((k) => active.genActive[k]).length;
    checks.push({
      code: 'GEN_LIMITS_UNBOUNDED',
      affects: TRANSFERS,
      message:
        `${unboundedActive} in-service units have no real limit (±Inf or |value| ≥ ${UNBOUNDED_LIMIT_MW} MW): ` +
        `${maxCount} Pmax taken as max(P0, 0) + ${headroomMw} MW, ${minCount} Pmin as min(P0, 0)`,
      params: { units: unboundedActive, pmax: maxCount, pmin: minCount, headroomMw },
    });
  }
  let inverted = 0;
  let outside = 0;
  let worstMw = 0;
  let worstUnit = -1;
  for (let k = 0; k < g.count; k++) {
    if (!active.genActive[k]) continue;
    const pmax = limits.pmaxMw[k];
    const pmin = limits.pminMw[k];
    if (pmax < pmin) {
      inverted++;
      continue;
    }
    const excess = Math.max(g.pgMw[k] - pmax, pmin - g.pgMw[k]);
    if (excess > OUTSIDE_LIMITS_TOLERANCE_MW) {
      outside++;
      if (excess > worstMw) {
        worstMw = excess;
        worstUnit = k;
      }
    }
  }
  if (inverted > 0) {
    checks.push({
      code: 'GEN_LIMITS_INVERTED',
      affects: TRANSFERS,
      message: `${inverted} in-service units have Pmax below Pmin: they neither rise nor give room`,
      params: { units: inverted },
    });
  }
  if (outside > 0) {
    const bus = busDisplayName(net, busIndex(g.bus[worstUnit]));
    checks.push({
      code: 'GEN_OUTPUT_OUTSIDE_LIMITS',
      affects: TRANSFERS,
      message:
        `${outside} in-service units produce outside [Pmin, Pmax] in the file (worst: generator ` +
        `${worstUnit + 1} at ${bus}, ${worstMw.toFixed(1)} MW beyond its limit): their headroom or room to reduce counts as 0`,
      params: { units: outside, worstGenerator: worstUnit + 1, worstBus: bus, worstMw },
    });
  }
  return checks;
}

function dispatchChecks({ dispatch }: CheckInput): InputCheck[] {
  const checks: InputCheck[] = [];
  let load = 0;
  let mismatch = 0;
  let unabsorbed = 0;
  let large = 0;
  for (const island of dispatch.islands) {
    load += island.loadMw;
    mismatch += island.mismatchMw;
    unabsorbed += Math.abs(island.unabsorbedMw);
    if (Math.abs(island.mismatchMw) > MISMATCH_WARNING_SHARE * Math.abs(island.loadMw)) large++;
  }
  if (large > 0) {
    const percent = load !== 0 ? (100 * Math.abs(mismatch)) / Math.abs(load) : 100;
    checks.push({
      code: 'DISPATCH_MISMATCH_LARGE',
      affects: ALL,
      message:
        `the file's generation differs from its load by ${mismatch.toFixed(1)} MW (${percent.toFixed(1)} % of ` +
        `${load.toFixed(1)} MW): more than AC losses; the base dispatch (${dispatch.slack} slack) takes it`,
      params: {
        mismatchMw: mismatch,
        loadMw: load,
        percent,
        slack: dispatch.slack,
        islands: large,
      },
    });
  }
  if (dispatch.slack === 'distributed' && unabsorbed > 1e-6) {
    checks.push({
      code: 'DISPATCH_UNABSORBED',
      affects: ALL,
      message: `${unabsorbed.toFixed(1)} MW of the mismatch did not fit within the units' limits: shared beyond them`,
      params: { unabsorbedMw: unabsorbed },
    });
  }
  return checks;
}

function branchChecks({ net, active }: CheckInput): InputCheck[] {
  const br = net.branches;
  const checks: InputCheck[] = [];
  let inService = 0;
  let unrated = 0;
  for (let k = 0; k < br.count; k++) {
    // Switches are topology: nobody rates or monitors them (io/psse/switches.ts).
    if (!active.branchActive[k] || br.switch?.[k]) continue;
    inService++;
    if (!(br.rateAMva[k] > 0) || !Number.isFinite(br.rateAMva[k])) unrated++;
  }
  if (inService > 0 && unrated === inService) {
    checks.push({
      code: 'NO_RATED_BRANCH',
      affects: ALL,
      message:
        'no in-service branch has a rating (RATE_A): nothing is monitored, so no thermal limit ' +
        'binds — capacities are the study cap and FCITC is Tmax, not limits of the network',
      params: { branches: inService },
    });
  } else if (unrated > 0) {
    checks.push({
      code: 'BRANCHES_UNRATED',
      affects: ALL,
      message: `${unrated} of ${inService} in-service branches have no rating (RATE_A 0): not monitored`,
      params: { unrated, branches: inService },
    });
  }
  const seen = new Map<string, number>();
  let duplicates = 0;
  let example: {
    fromBus: number;
    toBus: number;
    circuit: string;
    firstRow: number;
    row: number;
  } | null = null;
  for (let k = 0; k < br.count; k++) {
    const a = net.buses.number[br.fromBus[k]];
    const b = net.buses.number[br.toBus[k]];
    const key = `${Math.min(a, b)}|${Math.max(a, b)}|${br.circuit[k]}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, k);
      continue;
    }
    duplicates++;
    example ??= { fromBus: a, toBus: b, circuit: br.circuit[k], firstRow: first + 1, row: k + 1 };
  }
  if (example !== null) {
    const { fromBus, toBus, circuit, firstRow, row } = example;
    checks.push({
      code: 'DUPLICATE_CIRCUITS',
      affects: ['n1'],
      message:
        `${duplicates} branches repeat the buses and circuit id of an earlier one (first: ` +
        `${fromBus}-${toBus} ckt ${circuit}, rows ${firstRow} and ${row}): outputs name them by row`,
      params: { branches: duplicates, fromBus, toBus, circuit, firstRow, row },
    });
  }
  return checks;
}

function islandChecks({ net, islands }: CheckInput): InputCheck[] {
  const dead = new Set<number>();
  let buses = 0;
  let loadMw = 0;
  for (let i = 0; i < net.buses.count; i++) {
    const isl = islands.islandByBus[i];
    if (isl < 0 || islands.hasGeneration[isl]) continue;
    dead.add(isl);
    buses++;
    loadMw += net.buses.pdMw[i];
  }
  if (dead.size === 0) return [];
  return [
    {
      code: 'ISLANDS_WITHOUT_GENERATION',
      affects: ALL,
      message: `${dead.size} islands (${buses} buses, ${loadMw.toFixed(1)} MW of load) have no generation: de-energised, left out of every figure`,
      params: { islands: dead.size, buses, loadMw },
    },
  ];
}
