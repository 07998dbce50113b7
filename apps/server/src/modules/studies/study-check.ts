import type { Network } from '@holgura/engine';
import type { StudyFile, StudyRunSummary } from '@holgura/contracts';
import type { StudyPath } from './workbook';

/** A problem of a valid study file that only its network reveals, at the field it concerns. */
export interface NetworkProblem {
  path: StudyPath;
  detail: string;
}

/**
 * What the network must have for the study to run (docs/analysis.md §6): every bus it names
 * (busbars, interchanges, project branch ends and units) and every area it names. All problems
 * at once, each at its field, so the reader can name the cell it came from.
 */
export function checkStudyAgainstNetwork(study: StudyFile, net: Network): NetworkProblem[] {
  const problems: NetworkProblem[] = [];
  const busIndex = new Map<number, number>();
  net.buses.number.forEach((number, i) => busIndex.set(number, i));
  const areas = new Set(net.buses.area);

  const bus = (path: StudyPath, number: number, role: string) => {
    const index = busIndex.get(number);
    if (index === undefined) {
      problems.push({ path, detail: `La barra ${number} ${role} no está en el caso base` });
    } else if (net.buses.type[index] === 4) {
      problems.push({ path, detail: `La barra ${number} ${role} está aislada en el caso base` });
    }
  };
  study.areas.forEach((area, i) => {
    if (!areas.has(area.id)) {
      const known = [...areas].sort((a, b) => a - b).join(', ');
      problems.push({
        path: ['areas', i, 'id'],
        detail: `El área ${area.id} («${area.name}») no está en el caso base (áreas del caso: ${known})`,
      });
    }
  });
  study.busbars.forEach((number, i) => bus(['busbars', i], number, '(barra del estudio)'));
  study.scenarios.forEach((scenario, s) =>
    scenario.interchanges.forEach((interchange, j) =>
      bus(
        ['scenarios', s, 'interchanges', j, 'bus'],
        interchange.bus,
        `(intercambio «${interchange.name}»)`,
      ),
    ),
  );
  study.projects.forEach((project, p) => {
    project.branches.forEach((branch, j) => {
      const role = `(línea del proyecto «${project.name}»)`;
      bus(['projects', p, 'branches', j, 'fromBus'], branch.fromBus, role);
      bus(['projects', p, 'branches', j, 'toBus'], branch.toBus, role);
    });
    project.units.forEach((unit, j) =>
      bus(['projects', p, 'units', j, 'bus'], unit.bus, `(unidad del proyecto «${project.name}»)`),
    );
  });
  return problems;
}

/**
 * Seconds a study case takes, from the network's size and the busbars: fitted on ACTIVSg2000
 * and ACTIVSg10k (CPU time of runStudyCase on one core: 0.62 s + 0.035 s per busbar for 3,206
 * branches, 5.0 s + 0.75 s per busbar for 12,706; the capacity of every bus of the case's
 * network, issue #17, on one thread: about 0.5 s and 3.8 s), plus a fifth for storing the
 * results. An estimate to set expectations, not a promise.
 */
export function estimateStudySeconds(
  branches: number,
  cases: number,
  busbars: number,
  verification: StudyFile['options']['verification'] = undefined,
): number {
  const scale = branches / 3206;
  const everyBus = 0.5 * scale ** 1.5;
  let perCase = 0.62 * scale ** 1.5 + busbars * 0.035 * scale ** 2.2 + everyBus;
  // Issue #31, measured on the demo study (ACTIVSg2000, 25 busbars: +0.62 s a busbar in AC,
  // +0.5 s a case for the short-circuit strength) and on ACTIVSg10k (about 2 s and 7 s).
  if (verification?.ac === true) perCase += busbars * 0.62 * scale ** 0.85;
  if (verification?.shortCircuit === true) perCase += 0.5 * scale ** 1.9;
  return Math.max(1, Math.round(1.2 * cases * perCase));
}

export function summarizeStudy(study: StudyFile, net: Network): StudyRunSummary {
  const cases = study.scenarios.length * study.years.length;
  return {
    scenarios: study.scenarios.length,
    years: study.years,
    cases,
    busbars: study.busbars.length,
    busbarCases: cases * study.busbars.length,
    projects: study.projects.length,
    network: {
      buses: net.buses.count,
      branches: net.branches.count,
      generators: net.generators.count,
    },
    estimatedSeconds: estimateStudySeconds(
      net.branches.count,
      cases,
      study.busbars.length,
      study.options.verification,
    ),
  };
}
