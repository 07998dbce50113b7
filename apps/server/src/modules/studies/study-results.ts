import {
  acCheckAtTransfer,
  branchDisplayName,
  busDisplayName,
  type SetLoading,
  busIndex,
  type BusbarConstraint as EngineBusbarConstraint,
  type BusbarGenerator as EngineBusbarGenerator,
  type StudyCaseResult as EngineStudyCase,
} from '@holgura/engine';
import type {
  AnalysisResultV1,
  BusbarConstraint,
  BusbarGenerator,
  N1Loading,
  StudyBusbarVerification,
  StudyFile,
} from '@holgura/contracts';
import { describeLoading, toAcCheckResult } from '../analyses/analysis';
import { toAcCapacityResult } from '../busbar-capacities/ac-capacity-result';

/** One busbar × scenario × year case of a study, ready for the cases tables. */
export interface StudyBusbarCase {
  caseName: string;
  familyId: string;
  familyName: string;
  scenario: string;
  year: number;
  capacityMw: number;
  contingencyCount: number;
  analysis: AnalysisResultV1;
}

/** A set's interface (monitored < 0) and contingency of several elements (−2) have no row. */
const toContract = (c: EngineBusbarConstraint): BusbarConstraint => ({
  monitoredBranch: c.monitored < 0 ? null : c.monitored + 1,
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

/** The study file in engine terms: the engine's mapping, as `holgura study` uses it. */
export { toStudySpec } from '@holgura/engine';

/** The engine's options for a study file. */
export function studyRunOptions(study: StudyFile) {
  const verification = studyVerificationOptions(study);
  return {
    busbars: study.busbars,
    capMw: study.options.tmaxMw,
    postRating: study.options.postContingencyRating,
    distributionFactorCutoff: study.options.distributionFactorCutoff,
    preExisting: study.options.preExistingViolations,
    slack: study.options.slack,
    ...(verification === undefined ? {} : { verification }),
  };
}

/**
 * Issue #31: the study's checks beyond DC thermal in engine terms (StudyOptions.verification);
 * undefined when it asks for none (studies from before, or both turned off): DC only.
 */
export function studyVerificationOptions(
  study: StudyFile,
): { ac: boolean; shortCircuit?: { scrMin: number; xdPu?: number } } | undefined {
  const asked = study.options.verification;
  if (asked === undefined || (!asked.ac && !asked.shortCircuit)) return undefined;
  return {
    ac: asked.ac,
    ...(asked.shortCircuit
      ? {
          shortCircuit: {
            scrMin: asked.scrMin,
            ...(asked.xdPu === undefined ? {} : { xdPu: asked.xdPu }),
          },
        }
      : {}),
  };
}

/** A busbar's check beyond DC thermal as its stored case keeps it (contracts' schema). */
function describeVerification(
  result: EngineStudyCase,
  capacity: EngineStudyCase['capacities'][number],
  study: StudyFile,
): StudyBusbarVerification | undefined {
  const verification = capacity.verification;
  const asked = study.options.verification;
  if (verification === undefined || asked === undefined) return undefined;
  const shortCircuit = result.shortCircuit;
  return {
    ac: verification.ac === null ? null : toAcCapacityResult(verification.ac),
    shortCircuit:
      shortCircuit === undefined
        ? null
        : {
            status: shortCircuit.status,
            machines: { ...shortCircuit.machines },
            xdPu: asked.xdPu ?? null,
            scrMin: asked.scrMin,
          },
    strength: verification.strength === null ? null : { ...verification.strength },
    capacityMw: verification.capacityMw,
    limitingVariable: verification.limitingVariable,
  };
}

/** A study case's N-1 as its stored cases carry it: over every branch, or on the planner's set. */
function describeStudyN1(result: EngineStudyCase): AnalysisResultV1['n1'] {
  const { network, n1, onSet } = result;
  if (n1 !== null) {
    return {
      contingencies: n1.nContingencies,
      islandingContingencies: n1.islanding.length,
      monitored: n1.nMonitored,
      baseCaseOverloads: n1.baseCaseOverloads,
      overloadedPairs: n1.overloadedPairs,
      top: n1.top.map((loading) => describeLoading(network, loading)),
      baseCaseTop: n1.baseCaseTop.map((loading) => describeLoading(network, loading)),
    };
  }
  const { screen, contingencies, nameOf } = onSet!;
  const loading = (e: SetLoading): N1Loading => {
    const c = e.contingency < 0 ? null : contingencies[e.contingency]!;
    const single = c !== null && c.branches.length === 1 && c.generators.length === 0;
    return {
      monitoredBranch: e.monitored + 1,
      monitoredName: branchDisplayName(network, e.monitored),
      contingencyBranch: single ? c.branches[0]! + 1 : null,
      contingencyName: c === null ? null : nameOf(c),
      flowMw: e.flowMw,
      limitMva: e.limitMva,
      loadingPercent: e.loading * 100,
    };
  };
  return {
    contingencies: contingencies.length,
    islandingContingencies: screen.islanding.length,
    monitored: screen.nMonitored,
    baseCaseOverloads: screen.baseCaseOverloads,
    overloadedPairs: screen.overloadedPairs,
    top: screen.top.map(loading),
    baseCaseTop: screen.baseCaseTop.map(loading),
  };
}

/**
 * A computed scenario × year case as one stored case per busbar (docs/analysis.md §6: the busbar is
 * the family), each with the analysis result /resultados reads. `acChecks` adds an AC power flow
 * at each limiting constraint's limit (the demo keeps it; user studies skip it: no screen shows
 * it, and it costs as much as the capacity itself).
 */
export function describeStudyCase(
  result: EngineStudyCase,
  study: StudyFile,
  options: { acChecks: boolean; format: 'matpower' | 'psse'; revision: number | null },
): StudyBusbarCase[] {
  const scenario = study.scenarios.find((s) => s.name === result.scenario)!;
  const { network } = result;
  const n1Summary = describeStudyN1(result);
  return result.capacities.map((capacity) => {
    const busName = busDisplayName(network, busIndex(capacity.bus));
    const limiting = capacity.limiting;
    const acCheck =
      limiting === null || !options.acChecks
        ? undefined
        : toAcCheckResult(
            acCheckAtTransfer(
              network,
              {
                unitParticipation: result.unitParticipation,
                loadSinkByBus: result.loadSinkByBus,
                newUnitBus: capacity.bus,
              },
              limiting.transferAtLimitMw,
              {
                monitored: limiting.monitored,
                contingency: limiting.contingency,
                limitMw: limiting.limitMw,
                dcFlowMw:
                  limiting.flowAtZeroMw + limiting.distributionFactor * limiting.transferAtLimitMw,
              },
            ),
          );
    const verification = describeVerification(result, capacity, study);
    const analysis: AnalysisResultV1 = {
      schemaVersion: 1,
      network: {
        format: options.format,
        revision: options.revision,
        compressed: true,
        baseMva: network.baseMva,
        counts: { ...result.counts, loads: 0, islands: 1 },
        warnings: [],
      },
      n1: n1Summary,
      busbarCapacity: {
        busNumber: capacity.busNumber,
        busName,
        baseKv: network.buses.baseKv[busIndex(capacity.bus)]!,
        scenario: result.scenario,
        year: result.year,
        condition: scenario.condition,
        capacityMw: capacity.capacityMw,
        tmaxMw: study.options.tmaxMw,
        limiting:
          limiting === null
            ? null
            : {
                ...toContract(limiting),
                generators: (capacity.limitingGenerators ?? []).map(toContractGenerator),
                ...(acCheck === undefined ? {} : { acCheck }),
              },
        topConstraints: capacity.top.slice(0, 5).map(toContract),
        projectsInService: result.projectsInService,
        interchanges: scenario.interchanges.map((i) => ({
          name: i.name,
          busNumber: i.bus,
          mw: i.mw,
        })),
        networkLabel: study.networkLabel,
        ...(verification === undefined ? {} : { verification }),
      },
      timingsMs: { total: result.timingsMs },
    };
    return {
      caseName: result.name,
      familyId: String(capacity.busNumber),
      familyName: busName,
      scenario: result.scenario,
      year: result.year,
      capacityMw: capacity.capacityMw,
      contingencyCount: result.nContingencies,
      analysis,
    };
  });
}
