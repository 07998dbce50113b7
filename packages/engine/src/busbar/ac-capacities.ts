import { busDisplayName, busIndex, type Network } from '../model/network';
import { AcSolver } from '../powerflow/ac-solver';
import type { DcModel } from '../powerflow/dcpf';
import { buildDcModel } from '../powerflow/dcpf';
import {
  branchOutagesToCheck,
  newAcZeroCache,
  verifyCapacityAc,
  type AcCapacity,
  type AcCapacityOptions,
} from './ac-capacity';
import { allBusbarCapacities, BusbarStatus, type AllBusbarResult } from './all/capacities';

export interface AcCapacitiesOptions extends AcCapacityOptions {
  /** Which figure is verified: 'attributable' (the product's default) or 'strict'. */
  readonly figure?: 'attributable' | 'strict';
  /** Called after each bus with (done, total). */
  readonly onBus?: (done: number, total: number) => void;
}

export interface AcCapacitiesResult {
  /** The DC figures of every requested bus (both), as allBusbarCapacities gives them. */
  readonly dc: AllBusbarResult;
  /** One per computed bus (outside the transfer island: none), in the requested order. */
  readonly results: AcCapacity[];
  readonly powerFlows: number;
  /** The AC solver's work: solves, Newton steps, factorisations, reactive-limit switch rounds. */
  readonly work: AcSolver['work'];
  readonly timingsMs: { dc: number; ac: number; total: number };
}

/**
 * Every bus's capacity verified in AC (issue #31, "for all buses of a case"): the DC figures of
 * all buses at once (allBusbarCapacities), then each bus's AC verification with one AC solver
 * for the case and each outage's 0 MW state solved once for all buses. A bus's outages are N-0,
 * its DC limiting contingency, its own branches and rings further out, at least 10 (the one-bus
 * verification starts from the DC ranking's first ten instead, which the all-bus DC pass does
 * not keep).
 */
export function acVerifiedCapacities(
  net: Network,
  options: AcCapacitiesOptions = {},
  prebuilt?: DcModel,
): AcCapacitiesResult {
  const t0 = performance.now();
  const model = prebuilt ?? buildDcModel(net);
  const dc = allBusbarCapacities(net, options, model);
  const tDc = performance.now();
  const figures = (options.figure ?? 'attributable') === 'strict' ? dc.strict : dc.attributable;
  const solver = new AcSolver(net);
  const atZero = newAcZeroCache();
  const nContingencies = Math.max(10, options.acContingencies ?? 10);
  const results: AcCapacity[] = [];
  let powerFlows = 0;
  const total = dc.buses.length;
  for (let i = 0; i < total; i++) {
    const bus = dc.buses[i]!;
    if (dc.status[i] !== BusbarStatus.computed) {
      options.onBus?.(i + 1, total);
      continue;
    }
    const t = performance.now();
    const contingency = figures.contingency[i]!;
    const monitored = figures.monitored[i]!;
    const { outages, splitting } = branchOutagesToCheck(
      net,
      solver,
      bus,
      contingency >= 0 ? [contingency] : [],
      nContingencies,
    );
    const capacityMw = figures.capacityMw[i]!;
    const verified = verifyCapacityAc(
      net,
      solver,
      {
        bus,
        name: busDisplayName(net, busIndex(bus)),
        dcMw: capacityMw,
        dcLimiting:
          monitored < 0
            ? null
            : { monitored, contingency, limitMw: Number.NaN, transferAtLimitMw: capacityMw },
        unitParticipation: dc.unitParticipation,
        loadSinkByBus: dc.loadSinkByBus,
        postRating: dc.postContingencyRating,
        strict: (options.figure ?? 'attributable') === 'strict',
        distributionFactorCutoff: dc.distributionFactorCutoff,
      },
      outages,
      { ...options, monitored: dc.monitored, atZero },
    );
    powerFlows += verified.powerFlows;
    const ms = performance.now() - t;
    results.push({
      ...verified,
      splittingContingencies: splitting,
      timingsMs: { dc: 0, ac: ms, total: ms },
    });
    options.onBus?.(i + 1, total);
  }
  const tEnd = performance.now();
  return {
    dc,
    results,
    powerFlows,
    work: { ...solver.work },
    timingsMs: { dc: tDc - t0, ac: tEnd - tDc, total: tEnd - t0 },
  };
}
