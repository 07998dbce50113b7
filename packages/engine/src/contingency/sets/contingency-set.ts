/**
 * Contingencies as planners define them (issue #30): each one takes out a set of branches and
 * generators at once — a single branch (N-1), a double circuit (N-2), a unit (G-1), or any mix.
 * Indices are 0-based rows of the case (`mpc.branch` / `mpc.gen` order).
 */
export interface Contingency {
  /** The file's label (a contab's number, a .con's name). */
  readonly label: string;
  readonly branches: readonly number[];
  readonly generators: readonly number[];
  /** 1-based line of the file that first named it. */
  readonly line?: number;
}

/** A line of a definitions file that names no element Holgura can take out, and why. */
export interface UnresolvedLine {
  readonly line: number;
  readonly text: string;
  /** English, for the CLI and logs; the product says it in Spanish from `code`. */
  readonly reason: string;
  readonly code: UnresolvedCode;
}

export type UnresolvedCode =
  /** A change that is not an outage (a new value, a scaling, a load change…). */
  | 'CHANGE_NOT_OUTAGE'
  /** A table the outage lists do not use (bus, area, load, cost…). */
  | 'TABLE_NOT_SUPPORTED'
  /** The row names no branch or generator of the case (or an area or zone no bus is in). */
  | 'ELEMENT_NOT_IN_CASE'
  /** Two branches (or units) of the case answer to the name; which one is meant is unknown. */
  | 'ELEMENT_AMBIGUOUS'
  /** A bus number the case does not have. */
  | 'BUS_NOT_IN_CASE'
  /** A subsystem label no `.sub` definition (read without unresolved lines) gives. */
  | 'SUBSYSTEM_UNKNOWN'
  /** A word that starts no statement of the file's format. */
  | 'KEYWORD_UNKNOWN'
  /** A statement of the format that Holgura does not read (said why in the reason). */
  | 'KEYWORD_NOT_SUPPORTED'
  /** A second definition under a label already used; the first one stands. */
  | 'DUPLICATE_LABEL'
  /** An automatic rule that would give more contingencies than the configured cap. */
  | 'EXPANSION_TOO_LARGE'
  /**
   * A block (contingency, subsystem, interface) left out whole because one of its lines is
   * unresolved (that line is listed too) or because it is never closed.
   */
  | 'BLOCK_DROPPED'
  /** Not a row of numbers / known constants; a statement that does not parse. */
  | 'SYNTAX';

export interface ContingencySet {
  readonly contingencies: readonly Contingency[];
  readonly unresolved: readonly UnresolvedLine[];
  /** How many of each kind: single branch, several branches, generators only, mixed. */
  readonly counts: ContingencyCounts;
}

export interface ContingencyCounts {
  readonly total: number;
  readonly branch: number;
  readonly multiBranch: number;
  readonly generator: number;
  readonly mixed: number;
}

export function countContingencies(list: readonly Contingency[]): ContingencyCounts {
  let branch = 0;
  let multiBranch = 0;
  let generator = 0;
  let mixed = 0;
  for (const c of list) {
    if (c.generators.length > 0 && c.branches.length > 0) mixed++;
    else if (c.generators.length > 0) generator++;
    else if (c.branches.length > 1) multiBranch++;
    else branch++;
  }
  return { total: list.length, branch, multiBranch, generator, mixed };
}

/**
 * Marks, in BusbarFigures.contingency, a contingency of several elements (no one branch row
 * names it): the figures' set index says which (busbars-on-set.ts).
 */
export const SET_CONTINGENCY = -2;
