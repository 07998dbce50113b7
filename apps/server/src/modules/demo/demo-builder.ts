import { progressStage } from '@holgura/contracts';
import {
  loadCase,
  networkAtTransfer,
  runDcPowerFlow,
  runStudy,
  type Network,
} from '@holgura/engine';
import type { AnalysisResultV1, DemoFlows, NetworkViewV1, StudyFile } from '@holgura/contracts';
import { buildNetworkView } from '../network/network-view';
import { analyseWithDefaultGroup, runAnalysis } from '../analyses/analysis';
import { capacityColumns, type CapacityColumns } from '../busbar-capacities/busbar-capacities';
import { studyCapacityOptions } from '../studies/study-case';
import {
  describeStudyCase,
  studyRunOptions,
  toStudySpec,
  type StudyBusbarCase,
} from '../studies/study-results';

/** One busbar × scenario × year case of the demo study, with its fixed public id. */
export interface DemoStudyCase extends StudyBusbarCase {
  caseId: string;
}

/** The capacity of every bus of one scenario × year network of the demo study (issue #17). */
export interface DemoStudyCapacities {
  scenario: string;
  year: number;
  columns: CapacityColumns;
}

export interface DemoBuild {
  demoCase: { analysis: AnalysisResultV1; fullDataJson: unknown; demoFlows: DemoFlows | null };
  studyCases: DemoStudyCase[];
  /** Every bus of each scenario × year case, as a user's study stores them (decision 016). */
  studyCapacities: DemoStudyCapacities[];
  /** The study network's view for the /resultados map (issue #9). */
  studyNetworkView?: NetworkViewV1;
}

/**
 * The bundled demo data (issue 4 item 9), computed by the engine: the /demo case (a flexibility
 * analysis of the demo network) and the busbar study for /resultados, with the capacity of every
 * bus of each scenario × year network computed as a user's study job does (modules/studies/study-case.ts).
 * Runs in a worker thread.
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
  report(progressStage.demoCaseDone);

  const { network } = await loadCase(input.studyNetwork);
  const studyCases: DemoStudyCase[] = [];
  const studyCapacities: DemoStudyCapacities[] = [];
  const capacityOptions = studyCapacityOptions(study);
  runStudy(network, toStudySpec(study), studyRunOptions(study), (done, total, result) => {
    const described = describeStudyCase(result, study, {
      acChecks: true,
      format: 'matpower',
      revision: 2,
    });
    for (const busbarCase of described) {
      studyCases.push({
        ...busbarCase,
        caseId: `demo-${busbarCase.familyId}-${busbarCase.caseName}`,
      });
    }
    studyCapacities.push({
      scenario: result.scenario,
      year: result.year,
      columns: capacityColumns(result.network, capacityOptions),
    });
    report(progressStage.demoStudyCase(done, total));
  });
  return {
    demoCase: { analysis: analysed.result, fullDataJson: analysed.fullDataJson, demoFlows },
    studyCases,
    studyCapacities,
    studyNetworkView: buildNetworkView(network),
  };
}

/**
 * docs/analysis.md §7's flows for the demo's constraint — the first one with a real contingency, in
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
