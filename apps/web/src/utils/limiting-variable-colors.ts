import type { CapacityLimitingVariable } from '@holgura/contracts';
import { OUTSIDE_ISLAND_COLOR } from './capacity-bands';

/**
 * What sets a bus's capacity, as the map colours it (issue #31, «Variable limitante»): UPME's
 * variables — thermal, voltage, reactive power, no convergence, the short circuit (weak grid) —,
 * then 'unverified' (not verified in AC: its DC thermal figure stands unchecked, unless the weak
 * grid is lower), 'none' (verified: nothing binds before the cap or the sink's room) and
 * 'outside' (no capacity: outside the transfer island).
 */
export const variableCategories = [
  'thermal',
  'voltage',
  'reactive-power',
  'non-convergence',
  'weak-grid',
  'unverified',
  'none',
  'outside',
] as const;
export type VariableCategory = (typeof variableCategories)[number];

/**
 * One colour per category, the same in the map, its legend and the table (Okabe–Ito, told
 * apart with the common colour-vision deficiencies); the two greys are what is not a variable.
 */
export const VARIABLE_COLORS: Readonly<Record<VariableCategory, string>> = {
  thermal: '#0072b2',
  voltage: '#e69f00',
  'reactive-power': '#cc79a7',
  'non-convergence': '#d55e00',
  'weak-grid': '#009e73',
  unverified: '#cbd5e1',
  none: '#475569',
  outside: OUTSIDE_ISLAND_COLOR,
};

/** A bus's category from its figure: its capacity, what sets it, and whether AC verified it. */
export function variableCategory(
  limitMw: number | null,
  variable: CapacityLimitingVariable | null,
  acVerified: boolean,
): VariableCategory {
  if (limitMw === null) return 'outside';
  if (variable === 'weak-grid') return 'weak-grid';
  if (!acVerified) return 'unverified';
  return variable ?? 'none';
}
