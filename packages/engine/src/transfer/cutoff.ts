/** The distribution-factor cutoff when none is asked for (docs/analysis.md §4). */
export const DEFAULT_DISTRIBUTION_FACTOR_CUTOFF = 0.01;

/**
 * Below this |d| a distribution factor is round-off of the sparse solves, not a coupling: at
 * 1e-9 MW/MW even a 100,000 MW transfer moves the element by 1e-4 MW. A cutoff of 0 (an option
 * users may choose, "keep every factor") is read as this floor, so that a factor computed as 0
 * or 1e-17 can never be taken as the element that limits a bus.
 */
export const ROUNDOFF_DISTRIBUTION_FACTOR = 1e-9;

/** The cutoff a computation applies: the one asked for, never below round-off. */
export function effectiveCutoff(asked: number | undefined): number {
  return Math.max(asked ?? DEFAULT_DISTRIBUTION_FACTOR_CUTOFF, ROUNDOFF_DISTRIBUTION_FACTOR);
}
