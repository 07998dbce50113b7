import { inServiceMask } from '../model/indexing';
import type { InService } from '../model/indexing';
import { findIslands } from '../model/islands';
import type { Islands } from '../model/islands';
import type { Network } from '../model/network';
import type { BaseDispatch, SlackRule, UnitChange } from './base-dispatch';
import { baseDispatch } from './base-dispatch';
import { effectiveLimits, UNBOUNDED_HEADROOM_MW } from './generator-limits';
import type { InputCheck } from './input-checks';
import { inputChecks, refuseNonFinite } from './input-checks';

/**
 * The base case every analysis starts from (docs/analysis.md §3): the file's
 * network with real generator limits in place of placeholders, P0 = the base dispatch (the
 * mismatch shared by the units, or left to the slack with 'single'), and the input checks that
 * say what this did and what the input does to the figures. Cheap: O(buses + branches + units),
 * no factorisation.
 */
export interface BaseCaseOptions {
  /** Default 'distributed'; 'single' reproduces MATPOWER's rundcpf and earlier results. */
  readonly slack?: SlackRule;
  /** Headroom given to a unit without a real Pmax (default UNBOUNDED_HEADROOM_MW). */
  readonly unboundedHeadroomMw?: number;
}

/** What the base case did, for results and exports (0-based generator rows). */
export interface BaseCaseReport {
  readonly slack: SlackRule;
  /** Σ Pd + Σ Gs over energised islands, MW. */
  readonly loadMw: number;
  /** Σ Pg of the file over their in-service units, MW. */
  readonly generationMw: number;
  /** generationMw − loadMw: the AC losses the file's dispatch covers, or worse. */
  readonly mismatchMw: number;
  /** Units that took a share (0 with 'single'). */
  readonly participants: number;
  readonly unitsAtLimit: number;
  readonly unabsorbedMw: number;
  /** The biggest moves of the base dispatch, |Δ| descending. */
  readonly largestChanges: readonly UnitChange[];
  /**
   * Each energised island's reference unit: its P0 in the file, and where a single slack would
   * put it (file − mismatch; exact when the island has one reference bus with generation).
   */
  readonly referenceUnits: readonly { generator: number; fileMw: number; singleSlackMw: number }[];
  readonly checks: readonly InputCheck[];
}

export interface BaseCase {
  /** The network to analyse: same topology, effective limits, P0 = the base dispatch. */
  readonly net: Network;
  readonly dispatch: BaseDispatch;
  readonly report: BaseCaseReport;
}

export function prepareBaseCase(
  net: Network,
  options: BaseCaseOptions = {},
  known?: { readonly active: InService; readonly islands: Islands },
): BaseCase {
  refuseNonFinite(net);
  const slack = options.slack ?? 'distributed';
  const headroomMw = options.unboundedHeadroomMw ?? UNBOUNDED_HEADROOM_MW;
  const active = known?.active ?? inServiceMask(net);
  const islands = known?.islands ?? findIslands(net, active);
  const limits = effectiveLimits(net, headroomMw);
  const dispatch = baseDispatch(net, active, islands, limits, slack);
  const checks = inputChecks({ net, active, islands, limits, dispatch, headroomMw });
  const adjusted: Network = {
    ...net,
    generators: {
      ...net.generators,
      pgMw: dispatch.pgMw,
      pmaxMw: limits.pmaxMw,
      pminMw: limits.pminMw,
    },
  };
  let loadMw = 0;
  let generationMw = 0;
  let participants = 0;
  let unitsAtLimit = 0;
  let unabsorbedMw = 0;
  const referenceUnits: BaseCaseReport['referenceUnits'][number][] = [];
  for (const island of dispatch.islands) {
    loadMw += island.loadMw;
    generationMw += island.generationMw;
    participants += island.participants;
    unitsAtLimit += island.atLimit;
    unabsorbedMw += island.unabsorbedMw;
    const ref = islands.refBus[island.island];
    const g = net.generators;
    for (let k = 0; k < g.count; k++) {
      if (!active.genActive[k] || g.bus[k] !== ref) continue;
      referenceUnits.push({
        generator: k,
        fileMw: g.pgMw[k],
        singleSlackMw: g.pgMw[k] - island.mismatchMw,
      });
      break;
    }
  }
  return {
    net: adjusted,
    dispatch,
    report: {
      slack,
      loadMw,
      generationMw,
      mismatchMw: generationMw - loadMw,
      participants,
      unitsAtLimit,
      unabsorbedMw,
      largestChanges: dispatch.largestChanges,
      referenceUnits,
      checks,
    },
  };
}
