import {
  acCheckAtTransfer,
  analyseFlexibility,
  branchDisplayName,
  findIslands,
  inServiceMask,
  isEngineError,
  loadCase,
  screenN1,
  type AcCheck,
  type FlexibilityResult,
  type Loading,
  type Network,
} from '@holgura/engine';
import {
  analysisResultV1Schema,
  writeFullDataJson,
  type AcCheckResult,
  type AnalysisResultV1,
  type Flexibility,
  type N1Loading,
  type NetworkViewV1,
} from '@holgura/contracts';
import { buildNetworkView } from '../modules/network/network-view';
import { toContractFlexibility } from './map-flexibility';

export type ProgressReporter = (percent: number, stage: string) => void;

/** Constraints stored per case: enough for every level's table, bounded for 10,000-bus cases. */
const MAX_STORED_CONSTRAINTS = 300;

export type AnalysisOutcome =
  | {
      ok: true;
      result: AnalysisResultV1;
      fullDataJson: unknown;
      contingencyCount: number;
      /** The network view (issue #9), laid out once here; null when the layout failed. */
      networkView: NetworkViewV1 | null;
    }
  | { ok: false; code: string; line?: number; field?: string; detail: string };

/**
 * The analysis an upload gets: read the case (format by content), screen every N-1 outage in
 * DC, and describe the result for the API. Runs inside a worker thread; bad input is an outcome,
 * not an exception, so the job fails with the parser's code instead of crashing the worker.
 */
export async function runAnalysis(
  bytes: Uint8Array,
  caseName: string,
  report: ProgressReporter,
): Promise<AnalysisOutcome> {
  try {
    const started = performance.now();
    report(5, 'Leyendo el caso');
    const loaded = await loadCase(bytes);
    const parsedAt = performance.now();
    const net = loaded.network;

    report(20, 'Analizando contingencias N-1');
    const n1 = screenN1(net, { top: 50 });
    const screenedAt = performance.now();

    report(55, 'Calculando la flexibilidad y las restricciones');
    const warnings = loaded.warnings.map((w) => ({
      code: w.code,
      message: w.message,
      line: w.line ?? null,
    }));
    let flexibility: Flexibility | undefined;
    try {
      const computed = analyseWithDefaultGroup(net);
      flexibility = toContractFlexibility(computed);
      report(80, 'Verificando con flujo de carga AC');
      attachAcChecks(net, computed, flexibility);
    } catch (error) {
      // The N-1 results stand on their own; say why flexibility is missing.
      if (!isEngineError(error)) throw error;
      warnings.push({ code: error.code, message: error.message, line: null });
    }
    const flexibleAt = performance.now();

    report(88, 'Dibujando la red');
    const networkView = describeNetwork(net);

    report(95, 'Guardando resultados');
    const islands = findIslands(net, inServiceMask(net));
    let loads = 0;
    for (let i = 0; i < net.buses.count; i++) {
      if (net.buses.pdMw[i] !== 0 || net.buses.qdMvar[i] !== 0) loads++;
    }
    const result: AnalysisResultV1 = {
      schemaVersion: 1,
      network: {
        format: loaded.format,
        revision: loaded.revision,
        compressed: loaded.compressed,
        baseMva: net.baseMva,
        counts: {
          buses: net.buses.count,
          branches: net.branches.count,
          generators: net.generators.count,
          loads,
          islands: islands.count,
        },
        warnings,
      },
      n1: {
        contingencies: n1.nContingencies,
        islandingContingencies: n1.islanding.length,
        monitored: n1.nMonitored,
        baseCaseOverloads: n1.baseCaseOverloads,
        overloadedPairs: n1.overloadedPairs,
        top: n1.top.map((loading) => describeLoading(net, loading)),
        baseCaseTop: n1.baseCaseTop.map((loading) => describeLoading(net, loading)),
      },
      ...(flexibility === undefined ? {} : { flexibility }),
      timingsMs: {
        parse: parsedAt - started,
        ...n1.timingsMs,
        flexibility: flexibleAt - screenedAt,
        total: flexibleAt - started,
      },
    };
    // A result that does not match the contract is a bug here, not something to store.
    analysisResultV1Schema.parse(result);
    const fullDataJson =
      flexibility === undefined ? null : writeFullDataJson(caseName, flexibility);
    return { ok: true, result, fullDataJson, contingencyCount: n1.nContingencies, networkView };
  } catch (error) {
    if (isEngineError(error)) {
      return {
        ok: false,
        code: error.code,
        ...(error.line === undefined ? {} : { line: error.line }),
        ...(error.field === undefined ? {} : { field: error.field }),
        detail: error.message,
      };
    }
    throw error;
  }
}

/**
 * The network view is a picture of the result, not part of it: a failure there must not fail
 * the analysis, so it is logged to stderr (the worker's log) and the case simply has no view.
 */
function describeNetwork(net: Network): NetworkViewV1 | null {
  try {
    return buildNetworkView(net);
  } catch (error) {
    console.error('network view failed', error);
    return null;
  }
}

/**
 * ANALYSIS.md §5's default study group: the wind and solar units (MATPOWER genfuel) when the
 * case has some with room to rise, else every unit with headroom.
 */
export function analyseWithDefaultGroup(net: Network): FlexibilityResult {
  try {
    return analyseFlexibility(net, {
      studyGroup: { rule: 'renewables' },
      maxConstraints: MAX_STORED_CONSTRAINTS,
    });
  } catch (error) {
    if (!isEngineError(error) || error.code !== 'TRANSFER_GROUP_EMPTY') throw error;
    return analyseFlexibility(net, { maxConstraints: MAX_STORED_CONSTRAINTS });
  }
}

/**
 * Issue 4 item 6: an AC power flow at the limit dispatch of the first constraint of each level,
 * reported beside the DC figure.
 */
function attachAcChecks(net: Network, computed: FlexibilityResult, flexibility: Flexibility): void {
  const pattern = {
    unitParticipation: computed.extra.unitParticipation,
    loadSinkByBus: computed.extra.loadSinkByBus,
  };
  const firstIds = new Set(flexibility.levels.flatMap((level) => level.constraintIds.slice(0, 1)));
  for (const constraint of flexibility.constraints) {
    if (!firstIds.has(constraint.id)) continue;
    const check = acCheckAtTransfer(net, pattern, constraint.transferAtLimitMw, {
      monitored: constraint.monitored.branch - 1,
      contingency: constraint.contingency === null ? -1 : constraint.contingency.branch - 1,
      limitMw: constraint.limitMw,
      dcFlowMw:
        constraint.flowAtZeroMw + constraint.distributionFactor * constraint.transferAtLimitMw,
    });
    constraint.acCheck = toAcCheckResult(check);
  }
}

export function toAcCheckResult(check: AcCheck): AcCheckResult {
  const finite = (value: number) => (Number.isFinite(value) ? value : null);
  return {
    converged: check.converged,
    acFlowMva: finite(check.acFlowMva),
    acLoadingPercent: finite(check.acLoadingPercent),
    dcLoadingPercent: check.dcLoadingPercent,
    flagged: check.flagged,
  };
}

export function describeLoading(net: Network, loading: Loading): N1Loading {
  const base = loading.contingency < 0;
  return {
    monitoredBranch: loading.monitored + 1,
    monitoredName: branchDisplayName(net, loading.monitored),
    contingencyBranch: base ? null : loading.contingency + 1,
    contingencyName: base ? null : branchDisplayName(net, loading.contingency),
    flowMw: loading.flowMw,
    limitMva: loading.limitMva,
    loadingPercent: loading.loading * 100,
  };
}
