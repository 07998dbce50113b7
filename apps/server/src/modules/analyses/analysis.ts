import { progressStage } from '@holgura/contracts';
import {
  baseCaseToV1,
  branchDisplayName,
  findIslands,
  inServiceMask,
  isEngineError,
  screenN1,
  type FlexibilityResult,
  type Loading,
  type Network,
} from '@holgura/engine';
import {
  analysisResultV1Schema,
  writeFullDataJson,
  type AnalysisResultV1,
  type Flexibility,
  type N1Loading,
  type NetworkViewV1,
} from '@holgura/contracts';
import { buildNetworkView } from '../network/network-view';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import { analyseWithGroup, flexibilityForGroup } from './group-flexibility';

export { toAcCheckResult } from './group-flexibility';

export type ProgressReporter = (percent: number, stage: string) => void;

export type AnalysisOutcome =
  | {
      ok: true;
      result: AnalysisResultV1;
      fullDataJson: unknown;
      contingencyCount: number;
      /** The network view (issue #9), laid out once here; null when the layout failed. */
      networkView: NetworkViewV1 | null;
      /** Why the flexibility is missing (an empty requested group, …); null when it is there. */
      flexibilityError: { code: string; detail: string } | null;
    }
  | EngineFailure;

/**
 * The analysis an upload gets: read the case (format by content), screen every N-1 outage in
 * DC, the flexibility with the study group (`groupKey`, or docs/analysis.md §5's default rule when
 * null), and describe the result for the API. Runs inside a worker thread; bad input is an
 * outcome, not an exception, so the job fails with the parser's code instead of crashing the
 * worker.
 */
export async function runAnalysis(
  bytes: Uint8Array,
  caseName: string,
  report: ProgressReporter,
  groupKey: string | null = null,
): Promise<AnalysisOutcome> {
  try {
    const started = performance.now();
    report(5, progressStage.readingCase);
    const loaded = await readCaseForJob(bytes);
    const parsedAt = performance.now();
    const net = loaded.network;

    report(20, progressStage.analysingContingencies);
    const n1 = screenN1(net, { top: 50 });
    const screenedAt = performance.now();

    report(55, progressStage.computingFlexibility);
    const warnings = loaded.warnings.map((w) => ({
      code: w.code,
      message: w.message,
      line: w.line ?? null,
    }));
    let flexibility: Flexibility | undefined;
    let flexibilityError: { code: string; detail: string } | null = null;
    try {
      flexibility = flexibilityForGroup(net, groupKey, report, [55, 86]);
    } catch (error) {
      // The N-1 results stand on their own; say why flexibility is missing.
      if (!isEngineError(error)) throw error;
      warnings.push({ code: error.code, message: error.message, line: null });
      flexibilityError = { code: error.code, detail: error.message };
    }
    const flexibleAt = performance.now();

    report(88, progressStage.drawingNetwork);
    const networkView = describeNetwork(net, loaded.areaNames);

    report(95, progressStage.savingResults);
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
      baseCase: baseCaseToV1(net, n1.baseCase),
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
    // The top-level levels are the attributable figure: what SAX clients get (contracts).
    const fullDataJson =
      flexibility === undefined ? null : writeFullDataJson(caseName, flexibility);
    return {
      ok: true,
      result,
      fullDataJson,
      contingencyCount: n1.nContingencies,
      networkView,
      flexibilityError,
    };
  } catch (error) {
    return engineFailure(error);
  }
}

/**
 * The network view is a picture of the result, not part of it: a failure there must not fail
 * the analysis, so it is logged to stderr (the worker's log) and the case simply has no view.
 */
function describeNetwork(
  net: Network,
  areaNames: ReadonlyMap<number, string> | undefined,
): NetworkViewV1 | null {
  try {
    return buildNetworkView(net, { areaNames });
  } catch (error) {
    console.error('network view failed', error);
    return null;
  }
}

/** docs/analysis.md §5's default study group (the demo and its test use this one). */
export function analyseWithDefaultGroup(net: Network): FlexibilityResult {
  return analyseWithGroup(net, null);
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
