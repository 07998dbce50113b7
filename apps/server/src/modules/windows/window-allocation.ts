import {
  allocatePrepared,
  bindingOneBased,
  busDisplayName,
  busIndex,
  LpNotOptimal,
  prepareWindow,
  SolverAborted,
  type Contingency,
  type WindowAward,
  type WindowBinding,
  type WindowSituation,
  type WindowRequest,
  type WindowResult,
} from '@holgura/engine';
import {
  errorMessages,
  windowRules,
  type WindowAwardView,
  type WindowGroupCap,
  type WindowOptions,
  type WindowRequestInput,
  type WindowRequestResult,
  type WindowResultView,
  type WindowRuleName,
  type WindowRuleResult,
  type StudyContingencySet,
} from '@holgura/contracts';
import type { CapacitySet } from '../busbar-capacities/busbar-capacities';
import { setContingencyName } from '../contingency-sets/contingency-set-n1';

/** Where the fair rule's filling is: requests settled, of how many, in which pass. */
export interface FairProgress {
  readonly done: number;
  readonly total: number;
  readonly pass: number;
}

/** The result without its audit (the runner adds the hashes and the time). */
export type WindowAllocation = Omit<WindowResultView, 'audit'>;

/** A request taking part in a group cap: its factor on the constraint is at least this. */
const GROUP_FACTOR = 1e-3;

/**
 * A window's three rules on one network (issue #28), in the contracts' form: the requests with
 * their stand-alone capacities, and per rule the awards, why each request got what it got and
 * the groups of buses that share a binding constraint. A rule the solver fails is reported as
 * failed beside the others (its error words it); bad input is the engine's error, thrown.
 */
/**
 * A window on the planner's set (issue #30): the set as each situation read it (one per
 * situation, in order) and what the stored set says of itself on the (base) case.
 */
export interface WindowOnSet {
  readonly sets: readonly Pick<CapacitySet, 'contingencies' | 'monitored'>[];
  readonly summary: StudyContingencySet;
}

export async function allocateWindowRules(
  situations: readonly WindowSituation[],
  requests: readonly WindowRequestInput[],
  options: WindowOptions,
  report: (rule: WindowRuleName, fair?: FairProgress) => void = () => undefined,
  onSet: WindowOnSet | null = null,
): Promise<WindowAllocation> {
  const engineRequests: WindowRequest[] = requests.map((r) => ({ ...r }));
  const results = new Map<WindowRuleName, WindowResult | null>();
  const failures = new Map<WindowRuleName, 'WINDOW_SOLVER_FAILED' | 'WINDOW_SOLVER_ABORTED'>();
  report(windowRules[0]);
  // The rules share the case's model, the stand-alone figures and the start rows.
  const prepared = prepareWindow(situations, engineRequests, {
    preExisting: options.preExisting,
    postRating: options.postContingencyRating,
    distributionFactorCutoff: options.distributionFactorCutoff,
    slack: options.slack,
    ...(options.sink === 'auto' ? {} : { sink: options.sink }),
    onFairLevel: (done, total, pass) => report('fair', { done, total, pass }),
    ...(onSet === null
      ? {}
      : {
          // A lost unit's output made up by the others' room up, as every analysis on a set.
          contingencySet: {
            contingencies: onSet.sets[0]!.contingencies,
            contingenciesOf: (s: number) => onSet.sets[s]!.contingencies,
            pickup: 'headroom' as const,
          },
          ...(onSet.sets[0]!.monitored === undefined
            ? {}
            : { monitored: onSet.sets[0]!.monitored.branches }),
        }),
  });
  for (const rule of windowRules) {
    // Past an abort the other rules would build the same rows and abort again, minutes later.
    if ([...failures.values()].includes('WINDOW_SOLVER_ABORTED')) {
      failures.set(rule, 'WINDOW_SOLVER_ABORTED');
      results.set(rule, null);
      continue;
    }
    if (rule !== windowRules[0]) report(rule);
    try {
      results.set(rule, await allocatePrepared(prepared, rule));
    } catch (error) {
      if (error instanceof LpNotOptimal) failures.set(rule, 'WINDOW_SOLVER_FAILED');
      else if (error instanceof SolverAborted) failures.set(rule, 'WINDOW_SOLVER_ABORTED');
      else throw error;
      results.set(rule, null);
    }
  }
  const any = [...results.values()].find((r): r is WindowResult => r !== null);
  const awardsOf = (r: WindowResult | null | undefined) => r?.requests ?? null;
  const first = awardsOf(any);
  const analysed = any?.network ?? situations[0]!.network;
  const requestViews: WindowRequestResult[] = requests.map((r, i) => {
    const award = first?.[i];
    return {
      id: r.id,
      bus: r.bus,
      busName: award === undefined ? `B${r.bus}` : busDisplayName(analysed, busIndex(award.busRow)),
      ...(award === undefined ? {} : { baseKv: analysed.buses.baseKv[busIndex(award.busRow)]! }),
      requestedMw: r.mw,
      minMw: r.minMw ?? 0,
      priority: r.priority ?? null,
      rank: 0,
      name: r.name ?? null,
      technology: r.technology ?? null,
      company: r.company ?? null,
      year: r.year ?? null,
      standaloneMw: award?.standaloneMw ?? 0,
    };
  });
  // Rank 1 is served first: priority ascending, then the order sent (window/requests.ts).
  requestViews
    .map((_, i) => i)
    .sort((a, b) => (requests[a]!.priority ?? a) - (requests[b]!.priority ?? b) || a - b)
    .forEach((at, rank) => (requestViews[at]!.rank = rank + 1));

  const ruleView = (rule: WindowRuleName): WindowRuleResult => {
    const result = results.get(rule) ?? null;
    if (result === null) {
      const code = failures.get(rule) ?? 'WINDOW_SOLVER_FAILED';
      return { ok: false, rule, error: { code, message: errorMessages[code] } };
    }
    const awards = result.requests.map((a) => awardView(a, result));
    return {
      ok: true,
      rule,
      totalAwardedMw: result.totalAwardedMw,
      complete: awards.filter((a) => a.status === 'complete').length,
      partial: awards.filter((a) => a.status === 'partial').length,
      none: awards.filter((a) => a.status === 'none').length,
      awards,
      groups: groupCaps(result),
      stats: {
        screens: result.stats.screens,
        rows: result.stats.rows,
        lpSolves: result.stats.lpSolves,
        seconds: result.stats.timingsMs.total / 1000,
        violatedAtEnd: result.stats.violatedAtEnd,
        worstExcessMw: result.stats.worstExcessMw,
        settledAtFailedLevel: result.stats.settledAtFailedLevel,
      },
    };
  };

  return {
    requests: requestViews,
    totalRequestedMw: requests.reduce((s, r) => s + r.mw, 0),
    totalStandaloneMw: requestViews.reduce((s, r) => s + r.standaloneMw, 0),
    sinkRoomMw: any !== undefined && Number.isFinite(any.sinkRoomMw) ? any.sinkRoomMw : null,
    situations: (any?.situations ?? []).map((s) => ({
      scenario: s.scenario,
      year: s.year,
      sinkRoomMw: Number.isFinite(s.sinkRoomMw) ? s.sinkRoomMw : null,
    })),
    contingencySet:
      onSet === null
        ? null
        : {
            fileName: onSet.summary.fileName,
            format: onSet.summary.format,
            counts: onSet.summary.counts,
            notScreened: (any?.situations ?? []).map(
              (s) => s.contingencySet?.notScreened.length ?? 0,
            ),
            interfacesNotWatched:
              onSet.sets[0]!.monitored?.interfaces.filter((i) => i.limitMw !== null).length ?? 0,
          },
    rules: { order: ruleView('order'), max: ruleView('max'), fair: ruleView('fair') },
  };
}

/** The planner's contingency behind a binding, or null (N-0, a branch of every-branch). */
function setContingencyOf(b: WindowBinding, result: WindowResult): Contingency | null {
  if (b.setContingency === null) return null;
  return result.situations[b.situation]?.contingencySet?.contingencies[b.setContingency] ?? null;
}

/** What the product calls the contingency of a binding: the planner's name, else the branch. */
function contingencyNameOfBinding(b: WindowBinding, result: WindowResult): string | null {
  const c = setContingencyOf(b, result);
  const net = result.situations[b.situation]?.network ?? result.network;
  return c === null ? b.contingencyName : setContingencyName(net, c);
}

function awardView(a: WindowAward, result: WindowResult): WindowAwardView {
  return {
    id: a.request.id,
    awardedMw: a.awardedMw,
    status: a.status,
    binding: a.binding.map((b) => {
      const situation = result.situations[b.situation];
      const c = setContingencyOf(b, result);
      const name = contingencyNameOfBinding(b, result);
      return {
        ...bindingOneBased(b),
        contingencyName: name,
        ...(c === null ? {} : { setContingency: { label: c.label, name: name ?? c.label } }),
        scenario: situation?.scenario ?? null,
        year: situation?.year ?? null,
      };
    }),
    competitors: a.competitors,
  };
}

/**
 * Requests held back by the same network constraint, one group per constraint: together they
 * hold what they were awarded at its limit ("these buses together: ≤ X MW" with the award's
 * mix). Biggest groups first; a constraint that holds back one request alone is no group.
 */
function groupCaps(result: WindowResult): WindowGroupCap[] {
  const groups = new Map<string, WindowGroupCap>();
  for (const award of result.requests) {
    for (const b of award.binding) {
      if (b.kind !== 'constraint' || b.monitoredName === null) continue;
      // The same element and contingency in two cases of a study are two groups.
      const key = `${b.situation}:${b.monitored}:${b.contingency}:${b.setContingency ?? ''}`;
      let group = groups.get(key);
      if (group === undefined) {
        const situation = result.situations[b.situation];
        group = {
          scenario: situation?.scenario ?? null,
          year: situation?.year ?? null,
          monitored: b.monitored + 1,
          monitoredName: b.monitoredName,
          contingency: b.contingency < 0 ? null : b.contingency + 1,
          contingencyName: contingencyNameOfBinding(b, result),
          limitMw: b.limitMw,
          shadowPrice: b.shadowPrice,
          requestIds: [],
          buses: [],
          awardedMw: 0,
          requestedMw: 0,
        };
        groups.set(key, group);
      }
      if (Math.abs(b.distributionFactor) < GROUP_FACTOR) continue;
      group.requestIds.push(award.request.id);
    }
  }
  const byId = new Map(result.requests.map((a) => [a.request.id, a]));
  const out: WindowGroupCap[] = [];
  for (const group of groups.values()) {
    if (group.requestIds.length < 2) continue;
    const members = group.requestIds.map((id) => byId.get(id)!);
    group.buses = [...new Set(members.map((m) => m.request.bus))].sort((a, b) => a - b);
    group.awardedMw = members.reduce((s, m) => s + m.awardedMw, 0);
    group.requestedMw = members.reduce((s, m) => s + m.requestedMw, 0);
    out.push(group);
  }
  return out.sort((a, b) => b.requestIds.length - a.requestIds.length || b.awardedMw - a.awardedMw);
}
