import type { BaseCaseReport } from '../base/base-case';
import type { SlackRule } from '../base/base-dispatch';
import type { N1Result, PostRating } from '../contingency/n1';
import { screenN1 } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { buildDcModel } from '../powerflow/dcpf';
import { busbarCapacity } from '../busbar/capacity';
import type { BusbarCapacity } from '../busbar/capacity';
import type { BusbarGenerator } from '../busbar/generators';
import { busbarLimitingGenerators } from '../busbar/generators';
import { buildStudyCase } from './build-study-case';
import type { StudyScenario, StudySpec } from './types';

export interface StudyOptions {
  /** Bus numbers whose connection capacity is computed. */
  readonly busbars: readonly number[];
  readonly capMw?: number;
  readonly postRating?: PostRating;
  readonly distributionFactorCutoff?: number;
  /** How violations the case already has count (see FcitcOptions.preExisting). */
  readonly preExisting?: 'limit' | 'ignore';
  /** Who takes each case's mismatch (base/base-dispatch.ts); default 'distributed'. */
  readonly slack?: SlackRule;
}

export interface StudyCaseResult {
  readonly scenario: string;
  readonly year: number;
  readonly name: string;
  readonly counts: { buses: number; branches: number; generators: number };
  /** The case itself, for names and checks. */
  readonly network: Network;
  /** Its N-1 screening (the ten worst loadings kept). */
  readonly n1: N1Result;
  readonly projectsInService: string[];
  readonly capacities: StudyBusbar[];
  /** The sink of every busbar's transfer (dP/dT per generator row, or per bus for loads). */
  readonly unitParticipation: Float64Array;
  readonly loadSinkByBus: Float64Array | null;
  readonly nContingencies: number;
  /** The study cap, and what the sink can give (a figure at either names it). */
  readonly capMw: number;
  readonly sinkRoomMw: number;
  /** The case's base dispatch and input checks. */
  readonly baseCase: BaseCaseReport;
  readonly timingsMs: number;
}

/** A busbar's capacity in one case, with the plants that move its limiting constraint. */
export interface StudyBusbar extends BusbarCapacity {
  /** null when the cap binds (no limiting constraint). */
  readonly limitingGenerators: BusbarGenerator[] | null;
}

/**
 * Every scenario × year case of a study with its busbar capacities (docs/analysis.md §6). Cases are
 * independent (see runStudyCase); `onCase` reports progress after each case.
 */
export function runStudy(
  base: Network,
  spec: StudySpec,
  options: StudyOptions,
  onCase?: (done: number, total: number, result: StudyCaseResult) => void,
): StudyCaseResult[] {
  const total = spec.scenarios.length * spec.years.length;
  const results: StudyCaseResult[] = [];
  for (const scenario of spec.scenarios) {
    for (const year of spec.years) {
      const result = runStudyCase(base, spec, scenario, year, options);
      results.push(result);
      onCase?.(results.length, total, result);
    }
  }
  return results;
}

/**
 * One scenario × year case of a study: its own network (buildStudyCase), DC model, one
 * busbar-capacity pass over the listed buses, the plants behind each limiting constraint and an
 * N-1 screening. A study job runs its cases one at a time with this, so other work can run
 * between two cases.
 */
export function runStudyCase(
  base: Network,
  spec: StudySpec,
  scenario: StudyScenario,
  year: number,
  options: StudyOptions,
): StudyCaseResult {
  const lookup = makeBusLookup(base.buses.number);
  const buses = options.busbars.map((number) => indexOfBus(lookup, number));
  const started = performance.now();
  const built = buildStudyCase(base, spec, scenario, year);
  const model = buildDcModel(built.network);
  const capacity = busbarCapacity(
    built.network,
    {
      buses,
      ...(options.capMw === undefined ? {} : { capMw: options.capMw }),
      ...(options.postRating === undefined ? {} : { postRating: options.postRating }),
      ...(options.distributionFactorCutoff === undefined
        ? {}
        : { distributionFactorCutoff: options.distributionFactorCutoff }),
      ...(options.preExisting === undefined ? {} : { preExisting: options.preExisting }),
      ...(options.slack === undefined ? {} : { slack: options.slack }),
    },
    model,
  );
  // The plants behind each limit move from the base dispatch the capacities were found at.
  const generators = busbarLimitingGenerators(capacity.network, model, capacity, capacity.results);
  const n1 = screenN1(
    built.network,
    {
      top: 10,
      ...(options.postRating === undefined ? {} : { postRating: options.postRating }),
      ...(options.slack === undefined ? {} : { slack: options.slack }),
    },
    model,
  );
  return {
    scenario: scenario.name,
    year,
    name: built.name,
    projectsInService: built.projectsInService,
    counts: {
      buses: built.network.buses.count,
      branches: built.network.branches.count,
      generators: built.network.generators.count,
    },
    network: built.network,
    n1,
    capacities: capacity.results.map((c, i) => ({
      ...c,
      limitingGenerators: generators[i]!,
    })),
    unitParticipation: capacity.unitParticipation,
    loadSinkByBus: capacity.loadSinkByBus,
    nContingencies: capacity.nContingencies,
    capMw: capacity.capMw,
    sinkRoomMw: capacity.sinkRoomMw,
    baseCase: capacity.baseCase,
    timingsMs: performance.now() - started,
  };
}
