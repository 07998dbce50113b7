import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { busbarCapacity } from '../busbar/capacity';
import { buildStudyCase } from './build-study-case';
import { studyCapacityOptions, type StudyOptions } from './run-study';
import type { StudySpec } from './types';

export interface ProjectEffect {
  readonly project: string;
  readonly scenario: string;
  /** The project's in-service year, where its effect is measured. */
  readonly year: number;
  readonly busbars: {
    readonly busNumber: number;
    readonly withMw: number;
    readonly withoutMw: number;
    /** Capacity with the project minus without it, MW. */
    readonly effectMw: number;
  }[];
}

/**
 * The effect of each project on each busbar (docs/analysis.md §6): in the project's first year in
 * service, per scenario, the capacity with every project due by then minus the same case without
 * this one. A project due after the study's last year has no effect to report.
 */
export function projectEffects(
  base: Network,
  spec: StudySpec,
  options: StudyOptions,
): ProjectEffect[] {
  const lookup = makeBusLookup(base.buses.number);
  const buses = options.busbars.map((number) => indexOfBus(lookup, number));
  const capacities = (network: Network) =>
    busbarCapacity(network, {
      buses,
      ...studyCapacityOptions(options),
    }).results;
  const effects: ProjectEffect[] = [];
  for (const project of spec.projects) {
    const year = spec.years.find((y) => y >= project.inServiceYear);
    if (year === undefined) continue;
    const without: StudySpec = { ...spec, projects: spec.projects.filter((p) => p !== project) };
    for (const scenario of spec.scenarios) {
      const withIt = capacities(buildStudyCase(base, spec, scenario, year).network);
      const withoutIt = capacities(buildStudyCase(base, without, scenario, year).network);
      effects.push({
        project: project.name,
        scenario: scenario.name,
        year,
        busbars: withIt.map((w, i) => ({
          busNumber: w.busNumber,
          withMw: w.capacityMw,
          withoutMw: withoutIt[i]!.capacityMw,
          effectMw: w.capacityMw - withoutIt[i]!.capacityMw,
        })),
      });
    }
  }
  return effects;
}
