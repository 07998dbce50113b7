import type { Network } from '../model/network';
import { buildStudyCase } from '../study/build-study-case';
import type { StudySpec } from '../study/types';
import type { WindowSituation } from './allocate';

/**
 * The cases a window over a study holds in: every scenario × year case built from the base
 * network (study/build-study-case.ts: demand grown and scaled, interchanges, projects in
 * service, generation re-dispatched), scenario by scenario, years ascending — the study's order.
 */
export function studySituations(base: Network, spec: StudySpec): WindowSituation[] {
  return spec.scenarios.flatMap((scenario) =>
    spec.years.map((year) => ({
      network: buildStudyCase(base, spec, scenario, year).network,
      scenario: scenario.name,
      year,
    })),
  );
}
