/**
 * A study in engine terms (docs/analysis.md §6). It mirrors the contracts' study file with areas
 * resolved to the case's area numbers; the server maps one to the other.
 */
export interface StudyInterchange {
  readonly name: string;
  readonly busNumber: number;
  /** MW injected at the bus: positive imports, negative exports. */
  readonly mw: number;
}

export interface StudyScenario {
  readonly name: string;
  readonly condition: string;
  /** Demand multiplier per area number (absent: 1). */
  readonly demandMultiplierByArea: ReadonlyMap<number, number>;
  readonly interchanges: readonly StudyInterchange[];
}

export interface StudyProjectBranch {
  readonly fromBus: number;
  readonly toBus: number;
  readonly circuit: string;
  readonly rPu: number;
  readonly xPu: number;
  readonly bPu: number;
  readonly rateAMva: number;
  readonly rateBMva: number;
}

export interface StudyProjectUnit {
  readonly busNumber: number;
  readonly pMaxMw: number;
  readonly pMinMw: number;
  readonly pMw: number;
}

export interface StudyProject {
  readonly name: string;
  readonly inServiceYear: number;
  readonly branches: readonly StudyProjectBranch[];
  readonly units: readonly StudyProjectUnit[];
}

export interface StudySpec {
  /** Projection years, ascending; the first is the base case's year (growth 0). */
  readonly years: readonly number[];
  /** Yearly demand growth per area number, as a fraction. */
  readonly growthByArea: ReadonlyMap<number, number>;
  readonly scenarios: readonly StudyScenario[];
  readonly projects: readonly StudyProject[];
}
