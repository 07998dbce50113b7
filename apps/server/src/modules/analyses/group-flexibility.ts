import { progressStage } from '@holgura/contracts';
import {
  acCheckAtTransfer,
  analyseFlexibility,
  type AcCheck,
  type FlexibilityResult,
  type Network,
  type StudyGroupChoice,
} from '@holgura/engine';
import {
  DEFAULT_ANALYSIS_OPTIONS,
  parseStudyGroup,
  type AcCheckResult,
  type AnalysisOptions,
  type Flexibility,
} from '@holgura/contracts';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import { toContractFlexibility } from './map-flexibility';
import {
  readCapacitySet,
  type CapacityContingencyFile,
  type CapacitySet,
} from '../busbar-capacities/busbar-capacities';

/** Constraints stored per case: enough for every level's table, bounded for 10,000-bus cases. */
export const MAX_STORED_CONSTRAINTS = 300;
/**
 * Pre-existing violations the transfer does not worsen listed per result, worst loading first
 * (all are counted; every worsened one is listed): case2383wp has 18,286, and 200 of them
 * already take ~95 KB of JSON.
 */
export const MAX_STORED_VIOLATIONS = 200;

/**
 * The engine's choice for a stored group key; null is the default rule (docs/analysis.md §5). Keys
 * are checked by the contracts' schema before they are stored, so one that does not parse here
 * is a bug, not bad input.
 */
export function groupChoice(groupKey: string | null): StudyGroupChoice {
  if (groupKey === null) return { kind: 'default' };
  const parsed = parseStudyGroup(groupKey);
  if (!parsed.ok) throw new Error(`stored study group ${JSON.stringify(groupKey)} does not parse`);
  return parsed.choice;
}

/**
 * The flexibility analysis of one case with a study group (null: the default rule) and the
 * options a planner chose in /analisis (issue #25; the cap is the busbar study's only).
 */
export function analyseWithGroup(
  net: Network,
  groupKey: string | null = null,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  set?: Pick<CapacitySet, 'contingencies' | 'monitored'>,
): FlexibilityResult {
  return analyseFlexibility(net, {
    group: groupChoice(groupKey),
    maxConstraints: MAX_STORED_CONSTRAINTS,
    maxViolations: MAX_STORED_VIOLATIONS,
    postRating: options.postContingencyRating,
    distributionFactorCutoff: options.distributionFactorCutoff,
    slack: options.slack,
    ...(options.sink === 'auto' ? {} : { sink: options.sink }),
    // Issue #30: the case's set, a lost unit's output made up by the others' room up (as the
    // capacities on it); a .mon's branches are what is watched.
    ...(set === undefined
      ? {}
      : {
          contingencySet: { contingencies: set.contingencies, pickup: 'headroom' as const },
          ...(set.monitored === undefined ? {} : { monitored: set.monitored.branches }),
        }),
  });
}

/**
 * The group's flexibility in the contract's form, with the AC check (issue 4 item 6) on the
 * first constraint of each level of both figures and on each figure's limiting constraint.
 */
export function flexibilityForGroup(
  net: Network,
  groupKey: string | null,
  report: (percent: number, stage: string) => void = () => undefined,
  span: [number, number] = [0, 100],
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  set?: Pick<CapacitySet, 'contingencies' | 'monitored'>,
): Flexibility {
  const computed = analyseWithGroup(net, groupKey, options, set);
  const flexibility = toContractFlexibility(computed, net);
  report(span[0] + 0.8 * (span[1] - span[0]), progressStage.checkingAc);
  attachAcChecks(net, computed, flexibility);
  return flexibility;
}

/**
 * An AC power flow at the DC limit dispatch of the first constraint of each level and of each
 * figure's limiting constraint. The AC case starts from the file's own dispatch (it covers the
 * AC losses the DC base dispatch takes off the units) moved by the same transfer.
 */
function attachAcChecks(net: Network, computed: FlexibilityResult, flexibility: Flexibility): void {
  const pattern = {
    unitParticipation: computed.extra.unitParticipation,
    loadSinkByBus: computed.extra.loadSinkByBus,
  };
  const levels = [
    ...flexibility.levels,
    ...(flexibility.figures ? flexibility.figures.strict.levels : []),
  ];
  const firstIds = new Set(levels.flatMap((level) => level.constraintIds.slice(0, 1)));
  for (const figure of [flexibility.figures?.attributable, flexibility.figures?.strict]) {
    if (figure?.limitingConstraintId != null) firstIds.add(figure.limitingConstraintId);
  }
  if (flexibility.limitingConstraintId !== null) firstIds.add(flexibility.limitingConstraintId);
  for (const constraint of flexibility.constraints) {
    if (!firstIds.has(constraint.id)) continue;
    // A planner's contingency of several elements (or a unit) is not one branch out: the AC
    // check of one branch out would not be its check (the busbar AC check on a set applies it).
    if (constraint.setContingency && constraint.contingency === null) continue;
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

export type GroupOutcome = { ok: true; flexibility: Flexibility } | EngineFailure;

/**
 * A 'group' job in the worker thread: read the analysed case's file again and run its
 * flexibility with the group. Bad input (an empty group, a row the case lacks) is an outcome
 * with the engine's code, not an exception.
 */
export async function runGroupAnalysis(
  bytes: Uint8Array,
  groupKey: string,
  report: (percent: number, stage: string) => void,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  contingencySet: CapacityContingencyFile | null = null,
): Promise<GroupOutcome> {
  try {
    report(5, progressStage.readingCase);
    const { network, generatorIds } = await readCaseForJob(bytes);
    const set =
      contingencySet === null ? undefined : readCapacitySet(network, contingencySet, generatorIds);
    // Checked when it was saved against this same case; never computed on part of it.
    if (set !== undefined && (set.unresolved.length > 0 || set.contingencies.length === 0)) {
      return {
        ok: false,
        code: 'CONTINGENCY_FILE_UNRESOLVED',
        detail: `${set.unresolved.length} unresolved lines`,
      };
    }
    report(20, progressStage.computingGroupFlexibility);
    return {
      ok: true,
      flexibility: flexibilityForGroup(network, groupKey, report, [20, 95], options, set),
    };
  } catch (error) {
    return engineFailure(error);
  }
}
