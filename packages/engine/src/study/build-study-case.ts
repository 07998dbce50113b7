import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { withExtraRows } from './grow-network';
import type { StudyScenario, StudySpec } from './types';

export interface StudyCase {
  readonly scenario: string;
  readonly year: number;
  /** `<escenario>_<año>`, the name the result cards split on '_'. */
  readonly name: string;
  readonly network: Network;
  readonly projectsInService: string[];
  /** MW of demand after growth, multipliers and interchanges (net of imports). */
  readonly totalDemandMw: number;
}

/**
 * One scenario × year case (docs/analysis.md §6): the base network with
 * - each bus's demand (P and Q) × (1 + growth of its area)^(year − first year) × the scenario's
 *   multiplier for its area;
 * - each interchange as a fixed injection at its bus (imports reduce, exports add demand);
 * - every project in service by that year: its branches added, its units added at their output;
 * - the generation re-dispatched to the new demand: in-service units move in proportion to
 *   their room (headroom to rise, P − Pmin to fall), so the case stays balanced within the
 *   units' limits instead of loading the slack alone.
 * Bus numbers in the spec must exist in the case (MODEL_BUS_UNKNOWN otherwise).
 */
export function buildStudyCase(
  base: Network,
  spec: StudySpec,
  scenario: StudyScenario,
  year: number,
): StudyCase {
  const lookup = makeBusLookup(base.buses.number);
  const projects = spec.projects.filter((p) => p.inServiceYear <= year);
  const newBranches = projects.flatMap((p) => p.branches);
  const newUnits = projects.flatMap((p) => p.units);
  const net = withExtraRows(base, newBranches.length, newUnits.length);
  const { buses, branches, generators } = net;

  const years = year - (spec.years[0] ?? year);
  let baseDemand = 0;
  let demand = 0;
  for (let i = 0; i < buses.count; i++) {
    const area = buses.area[i];
    const factor =
      (1 + (spec.growthByArea.get(area) ?? 0)) ** years *
      (scenario.demandMultiplierByArea.get(area) ?? 1);
    baseDemand += buses.pdMw[i];
    buses.pdMw[i] *= factor;
    buses.qdMvar[i] *= factor;
  }
  for (const interchange of scenario.interchanges) {
    buses.pdMw[indexOfBus(lookup, interchange.busNumber)] -= interchange.mw;
  }
  for (let i = 0; i < buses.count; i++) demand += buses.pdMw[i];

  newBranches.forEach((branch, j) => {
    const k = base.branches.count + j;
    branches.fromBus[k] = indexOfBus(lookup, branch.fromBus);
    branches.toBus[k] = indexOfBus(lookup, branch.toBus);
    branches.rPu[k] = branch.rPu;
    branches.xPu[k] = branch.xPu;
    branches.bPu[k] = branch.bPu;
    branches.rateAMva[k] = branch.rateAMva;
    branches.rateBMva[k] = branch.rateBMva;
    branches.rateCMva[k] = branch.rateBMva;
    branches.inService[k] = 1;
    branches.circuit[k] = branch.circuit;
  });
  newUnits.forEach((unit, j) => {
    const k = base.generators.count + j;
    generators.bus[k] = indexOfBus(lookup, unit.busNumber);
    generators.pgMw[k] = unit.pMw;
    generators.pmaxMw[k] = unit.pMaxMw;
    generators.pminMw[k] = unit.pMinMw;
    generators.vgPu[k] = 1;
    generators.mBaseMva[k] = net.baseMva;
    generators.inService[k] = 1;
  });

  let generation = 0;
  for (let k = 0; k < generators.count; k++) {
    if (generators.inService[k]) generation += generators.pgMw[k];
  }
  redispatch(net, demand - baseDemand - (generation - sumBaseGeneration(base)));
  return {
    scenario: scenario.name,
    year,
    name: `${scenario.name}_${year}`,
    network: net,
    projectsInService: projects.map((p) => p.name),
    totalDemandMw: demand,
  };
}

function sumBaseGeneration(net: Network): number {
  let total = 0;
  for (let k = 0; k < net.generators.count; k++) {
    if (net.generators.inService[k]) total += net.generators.pgMw[k];
  }
  return total;
}

/** Moves in-service units by `deltaMw` in total, each in proportion to its room that way. */
function redispatch(net: Network, deltaMw: number): void {
  const g = net.generators;
  const pgMw = Float64Array.from(g.pgMw);
  let room = 0;
  for (let k = 0; k < g.count; k++) {
    if (!g.inService[k]) continue;
    room +=
      deltaMw > 0 ? Math.max(0, g.pmaxMw[k] - g.pgMw[k]) : Math.max(0, g.pgMw[k] - g.pminMw[k]);
  }
  if (room <= 0 || deltaMw === 0) return;
  const share = Math.min(1, Math.abs(deltaMw) / room) * Math.sign(deltaMw);
  for (let k = 0; k < g.count; k++) {
    if (!g.inService[k]) continue;
    const unitRoom =
      deltaMw > 0 ? Math.max(0, g.pmaxMw[k] - g.pgMw[k]) : Math.max(0, g.pgMw[k] - g.pminMw[k]);
    pgMw[k] += share * unitRoom;
  }
  g.pgMw.set(pgMw);
}
