import { readReferenceText } from '@holgura/test-fixtures';
import { expect } from 'vitest';
import { prepareBaseCase } from '../../src/base/base-case';
import { readMatpower } from '../../src/io/matpower/read-matpower';
import type { Network } from '../../src/model/network';

// The reference cases and MATPOWER's results come from @holgura/test-fixtures (committed in the
// repository): every test that reads them runs on any checkout.

/** Every reference case, smallest first. */
export const ALL_CASES = [
  'case9',
  'case14',
  'case30',
  'case118',
  'case_ACTIVSg200',
  'case300',
  'case_ACTIVSg2000',
  'case2383wp',
  'case9241pegase',
  'case_ACTIVSg10k',
] as const;
export type CaseName = (typeof ALL_CASES)[number];

// Octave writes 1-element vectors as scalars and non-finite numbers as null.
export type Vec = number | (number | null)[];
export function asArray(v: Vec | undefined): (number | null)[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

export interface ReferenceTop {
  monitored: number;
  contingency: number;
  post_flow_mw: number;
  rating_mva: number;
  loading_pct: number;
  lodf: number;
}

export interface Reference {
  case: string;
  baseMVA: number;
  bus_ids: Vec;
  ref_bus_rows: Vec;
  dcpf: { success: boolean; va_deg: Vec; pf_mw: Vec; pg_mw: Vec };
  acpf: {
    success: boolean;
    iterations: number;
    vm_pu: Vec;
    va_deg: Vec;
    pf_mw: Vec;
    qf_mvar: Vec;
    pt_mw: Vec;
    qt_mvar: Vec;
    pg_mw: Vec;
    qg_mvar: Vec;
  };
  ptdf_sample: {
    slack_bus_row: number;
    rows: Vec;
    cols: Vec;
    values: (number | null)[][];
  };
  lodf_sample: {
    rows: Vec;
    cols: Vec;
    values: (number | null)[][];
    col_is_islanding: Vec | boolean | boolean[];
  };
  n1: {
    n_contingencies_total: number;
    n_skipped_islanding: number;
    islanding_branch_rows: Vec;
    n_monitored_with_rating: number;
    n_base_case_overloads: number;
    n_overloaded_pairs: number;
    worst_loading_pct_per_contingency: Vec;
    top20: ReferenceTop[];
  };
  timings: Record<string, { median_s: number }>;
}

const cache = new Map<string, unknown>();

export function loadReference(name: CaseName): Reference {
  const key = `ref:${name}`;
  if (!cache.has(key)) {
    cache.set(key, JSON.parse(readReferenceText(`results/${name}.json`)));
  }
  return cache.get(key) as Reference;
}

/**
 * The base case every analysis works on (src/base/base-case.ts: effective limits, the file's
 * mismatch shared by the units): what a brute-force re-solve of an analysis must start from.
 */
export function loadBaseCase(name: CaseName): Network {
  const key = `base:${name}`;
  if (!cache.has(key)) cache.set(key, prepareBaseCase(loadCase(name)).net);
  return cache.get(key) as Network;
}

export function loadCase(name: CaseName): Network {
  const key = `case:${name}`;
  if (!cache.has(key)) {
    cache.set(key, readMatpower(readReferenceText(`cases/${name}.m`)).network);
  }
  return cache.get(key) as Network;
}

/**
 * Fails with the quantity, the case and the worst element when any |actual − expected| > tol;
 * returns the max abs error so tests can report it.
 */
export function expectClose(
  actual: ArrayLike<number>,
  expected: (number | null)[],
  tol: number,
  quantity: string,
  caseName: string,
  label: (i: number) => string = (i) => `row ${i + 1}`,
): number {
  expect(actual.length, `${quantity} length in ${caseName}`).toBe(expected.length);
  let worst = 0;
  let at = -1;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    if (e === null) continue;
    const err = Math.abs(actual[i] - e);
    if (!(err <= worst)) {
      worst = err;
      at = i;
    }
  }
  if (!(worst <= tol)) {
    expect.fail(
      `${quantity} in ${caseName}: ${label(at)} is ${actual[at]}, MATPOWER ${expected[at]} ` +
        `(|error| ${worst} > ${tol})`,
    );
  }
  return worst;
}
