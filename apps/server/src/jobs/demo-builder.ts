import {
  acCheckAtTransfer,
  loadCase,
  networkAtTransfer,
  runDcPowerFlow,
  type Network,
  runStudy,
  type BusbarConstraint as EngineBusbarConstraint,
  type BusbarGenerator as EngineBusbarGenerator,
  type StudySpec,
} from '@holgura/engine';
import type {
  AnalysisResultV1,
  BusbarConstraint,
  BusbarGenerator,
  DemoFlows,
  NetworkViewV1,
  StudyFile,
} from '@holgura/contracts';
import { buildNetworkView } from '../modules/network/network-view';
import { analyseWithDefaultGroup, describeLoading, runAnalysis, toAcCheckResult } from './analysis';

/** One busbar × scenario × year case of the demo study, ready for the cases tables. */
export interface DemoStudyCase {
  caseId: string;
  caseName: string;
  familyId: string;
  familyName: string;
  scenario: string;
  year: number;
  capacityMw: number;
  contingencyCount: number;
  analysis: AnalysisResultV1;
}

export interface DemoBuild {
  demoCase: { analysis: AnalysisResultV1; fullDataJson: unknown; demoFlows: DemoFlows | null };
  studyCases: DemoStudyCase[];
  /** The study network's view for the /resultados map (issue #9). */
  studyNetworkView?: NetworkViewV1;
}

const toContract = (c: EngineBusbarConstraint): BusbarConstraint => ({
  monitoredBranch: c.monitored + 1,
  monitoredName: c.monitoredName,
  contingencyBranch: c.contingency < 0 ? null : c.contingency + 1,
  contingencyName: c.contingencyName,
  transferAtLimitMw: c.transferAtLimitMw,
  distributionFactor: c.distributionFactor,
  limitMw: c.limitMw,
  preExistingViolation: c.preExistingViolation,
  flowAtZeroMw: c.flowAtZeroMw,
});

const toContractGenerator = (g: EngineBusbarGenerator): BusbarGenerator => ({
  name: g.name,
  busNumber: g.busNumber,
  initialMw: g.initialMw,
  maxMw: g.maxMw,
  sensitivity: g.sensitivity,
  dispatchAtLimitMw: g.dispatchAtLimitMw,
});

/** The study file (names of areas) in engine terms (area numbers). */
export function toStudySpec(study: StudyFile): StudySpec {
  const areaId = new Map(study.areas.map((area) => [area.name, area.id]));
  const byArea = (record: Record<string, number>) =>
    new Map(Object.entries(record).map(([name, value]) => [areaId.get(name)!, value]));
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

/**
 * The bundled demo data (issue 4 item 9), computed by the engine: the /demo case (a flexibility
 * analysis of the demo network) and the busbar study for /resultados. Runs in a worker thread.
 */
export async function buildDemo(input: {
  demoNetwork: Uint8Array;
  studyNetwork: Uint8Array;
  study: StudyFile;
  report: (message: string) => void;
}): Promise<DemoBuild> {
  const { study, report } = input;
  const analysed = await runAnalysis(input.demoNetwork, 'demo_ACTIVSg200', () => undefined);
  if (!analysed.ok) throw new Error(`demo network: ${analysed.code} ${analysed.detail}`);
  const demoFlows = computeDemoFlows((await loadCase(input.demoNetwork)).network);
  report('Caso de demostración calculado');

  const { network } = await loadCase(input.studyNetwork);
  const names = new Map<number, string>();
  network.buses.number.forEach((number, i) => {
    names.set(number, network.buses.name[i] || `B${number}`);
  });
  const scenarios = new Map(study.scenarios.map((s) => [s.name, s]));
  const studyCases: DemoStudyCase[] = [];
  runStudy(
    network,
    toStudySpec(study),
    {
      busbars: study.busbars,
      capMw: study.options.tmaxMw,
      postRating: study.options.postContingencyRating,
      distributionFactorCutoff: study.options.distributionFactorCutoff,
      preExisting: study.options.preExistingViolations,
    },
    (done, total, result) => {
      const scenario = scenarios.get(result.scenario)!;
      const n1 = result.n1;
      for (const capacity of result.capacities) {
        const busName = names.get(capacity.busNumber) ?? `B${capacity.busNumber}`;
        studyCases.push({
          caseId: `demo-${capacity.busNumber}-${result.name}`,
          caseName: result.name,
          familyId: String(capacity.busNumber),
          familyName: busName,
          scenario: result.scenario,
          year: result.year,
          capacityMw: capacity.capacityMw,
          contingencyCount: result.nContingencies,
          analysis: {
            schemaVersion: 1,
            network: {
              format: 'matpower',
              revision: 2,
              compressed: true,
              baseMva: network.baseMva,
              counts: { ...result.counts, loads: 0, islands: 1 },
              warnings: [],
            },
            n1: {
              contingencies: n1.nContingencies,
              islandingContingencies: n1.islanding.length,
              monitored: n1.nMonitored,
              baseCaseOverloads: n1.baseCaseOverloads,
              overloadedPairs: n1.overloadedPairs,
              top: n1.top.map((loading) => describeLoading(result.network, loading)),
              baseCaseTop: n1.baseCaseTop.map((loading) =>
                describeLoading(result.network, loading),
              ),
            },
            busbarCapacity: {
              busNumber: capacity.busNumber,
              busName,
              scenario: result.scenario,
              year: result.year,
              condition: scenario.condition,
              capacityMw: capacity.capacityMw,
              tmaxMw: study.options.tmaxMw,
              limiting:
                capacity.limiting === null
                  ? null
                  : {
                      ...toContract(capacity.limiting),
                      generators: (capacity.limitingGenerators ?? []).map(toContractGenerator),
                      acCheck: toAcCheckResult(
                        acCheckAtTransfer(
                          result.network,
                          {
                            unitParticipation: result.unitParticipation,
                            loadSinkByBus: result.loadSinkByBus,
                            newUnitBus: capacity.bus,
                          },
                          capacity.limiting.transferAtLimitMw,
                          {
                            monitored: capacity.limiting.monitored,
                            contingency: capacity.limiting.contingency,
                            limitMw: capacity.limiting.limitMw,
                            dcFlowMw:
                              capacity.limiting.flowAtZeroMw +
                              capacity.limiting.distributionFactor *
                                capacity.limiting.transferAtLimitMw,
                          },
                        ),
                      ),
                    },
              topConstraints: capacity.top.slice(0, 5).map(toContract),
              projectsInService: result.projectsInService,
              interchanges: scenario.interchanges.map((i) => ({
                name: i.name,
                busNumber: i.bus,
                mw: i.mw,
              })),
              networkLabel: study.networkLabel,
            },
            timingsMs: { total: result.timingsMs },
          },
        });
      }
      report(`Estudio de demostración: caso ${done} de ${total}`);
    },
  );
  return {
    demoCase: { analysis: analysed.result, fullDataJson: analysed.fullDataJson, demoFlows },
    studyCases,
    studyNetworkView: buildNetworkView(network),
  };
}

/**
 * ANALYSIS.md §7's flows for the demo's constraint — the first one with a real contingency, in
 * level and ranking order, as /demo picks it: the N-0 flows on the monitored and contingency
 * branches with the study group at Tmax, and the monitored branch's flow after the contingency
 * at Tmax. The same analysis as the stored case (same default group), so the same constraint.
 */
export function computeDemoFlows(net: Network): DemoFlows | null {
  const flexibility = analyseWithDefaultGroup(net);
  const constraint = flexibility.levels
    .flatMap((level) => level.constraintIndices)
    .map((i) => flexibility.constraints[i]!)
    .find((c) => c.contingency !== null);
  if (constraint === undefined || constraint.contingency === null) return null;
  const tmax = flexibility.tmaxMw;
  const atTmax = networkAtTransfer(
    net,
    {
      unitParticipation: flexibility.extra.unitParticipation,
      loadSinkByBus: flexibility.extra.loadSinkByBus,
    },
    tmax,
  );
  const flows = runDcPowerFlow(atTmax).pfMw;
  return {
    criticalMonitoredMw: flows[constraint.monitored.branch]!,
    criticalContingencyMw: flows[constraint.contingency.branch]!,
    contingencyMonitoredMw: constraint.flowAtZeroMw + constraint.distributionFactor * tmax,
  };
}
