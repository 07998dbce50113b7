import type { StudyFile } from '@holgura/contracts';
import type { StudySpec } from '../study/types';

/**
 * The study file (names of areas) in engine terms (area numbers): the one mapping the CLI, the
 * server's study jobs and the demo builder use.
 */
export function toStudySpec(study: StudyFile): StudySpec {
  const areaId = new Map(study.areas.map((area) => [area.name, area.id]));
  // The schema has already refused an area name that is not in `areas`.
  const byArea = (record: Record<string, number>) =>
    new Map(Object.entries(record).map(([name, value]) => [areaId.get(name) as number, value]));
  return {
    years: study.years,
    growthByArea: byArea(study.growth),
    scenarios: study.scenarios.map((scenario) => ({
      name: scenario.name,
      condition: scenario.condition,
      demandMultiplierByArea: byArea(scenario.demandMultipliers),
      interchanges: scenario.interchanges.map((i) => ({
        name: i.name,
        busNumber: i.bus,
        mw: i.mw,
      })),
    })),
    projects: study.projects.map((project) => ({
      name: project.name,
      inServiceYear: project.inServiceYear,
      branches: project.branches,
      units: project.units.map((unit) => ({
        busNumber: unit.bus,
        pMaxMw: unit.pMaxMw,
        pMinMw: unit.pMinMw,
        pMw: unit.pMw,
      })),
    })),
  };
}
