import {
  verifyCapacityAc,
  type AcCapacity,
  type AcCapacityOptions,
  type AcOutage,
  type AcReuse,
} from '../../busbar/ac-capacity';
import { busbarStudy } from '../../busbar/setup';
import type { Network } from '../../model/network';
import { busDisplayName, busIndex } from '../../model/network';
import { AcSolver } from '../../powerflow/ac-solver';
import { EngineError } from '../../util/engine-error';
import { busbarCapacityOnSet, type BusbarOnSetOptions } from './busbar-on-set';
import type { Contingency } from './contingency-set';
import { lostSinkShare } from './lost-sink';
import { contingencyName } from './read-definitions';

export type AcCapacityOnSetOptions = BusbarOnSetOptions &
  Pick<AcCapacityOptions, 'acContingencies' | 'emergencyVoltage' | 'toleranceMw'> & {
    /** Branch rows a .mon watches (their MVA is what is checked); default every rated branch. */
    readonly monitored?: ArrayLike<number>;
  };

/**
 * acVerifiedCapacity on a planner's set (issues #30 and #31): the DC figure by
 * busbarCapacityOnSet, then the same AC verification over N-0 and the set's contingencies —
 * the DC ranking's first, then those that touch the bus, then the set's order, at least
 * `acContingencies` — each applied as the DC figure assumes: its branches out; its units out,
 * their output made up by the other units of their island in proportion to their room up
 * (pickup 'headroom') or by the reference (pickup 'slack'), their share of the sink given to
 * the rest. Contingencies that split an energised island are not checked (as in DC). A .mon's
 * interfaces are not checked in AC (their DC limit stands in the DC figure).
 */
export function acVerifiedCapacityOnSet(
  net: Network,
  bus: number,
  contingencies: readonly Contingency[],
  options: AcCapacityOnSetOptions = {},
  reuse: Pick<AcReuse, 'acSolver' | 'atZero'> = {},
): AcCapacity {
  const t0 = performance.now();
  const nContingencies = Math.max(10, options.acContingencies ?? 10);
  const dc = busbarCapacityOnSet(net, bus, contingencies, {
    ...options,
    top: Math.max(50, 5 * nContingencies),
  });
  if (dc.capacityMw === null) {
    throw new EngineError(
      'TRANSFER_BUS_OUTSIDE_ISLAND',
      `bus ${net.buses.number[bus]} is outside the island that hosts the transfer`,
    );
  }
  const { model, setup, cutoff } = busbarStudy(net, { ...options, buses: [bus] });
  const postRating = setup.ctx.postRating;
  const tDc = performance.now();
  const solver = reuse.acSolver ?? new AcSolver(net);
  const g = net.generators;
  const genActive = model.active.genActive;
  const island = model.islands.islandByBus;

  const outages: AcOutage[] = [{ contingency: -1, name: null, branches: [], generators: [] }];
  const splitting: number[] = [];
  const seen = new Set<number>([-1]);
  const consider = (index: number): void => {
    if (seen.has(index)) return;
    seen.add(index);
    const c = contingencies[index]!;
    if (solver.splits(c.branches)) {
      splitting.push(index);
      return;
    }
    const lost = c.generators.filter((u) => genActive[u] === 1);
    if (lost.length === 0) {
      outages.push({
        contingency: index,
        name: contingencyName(net, c),
        branches: c.branches,
        generators: [],
      });
      return;
    }
    // The sink without the lost units, the rest renormalised (as the DC figure).
    const share = lostSinkShare(setup.unitParticipation, lost, genActive);
    const unitParticipation = Float64Array.from(setup.unitParticipation, (p, u) =>
      lost.includes(u) ? 0 : share > 0 ? p / (1 - share) : p,
    );
    const pgMw = Float64Array.from(g.pgMw);
    if ((options.pickup ?? 'slack') === 'headroom') {
      for (const u of lost) {
        const lostMw = pgMw[u]!;
        pgMw[u] = 0;
        let room = 0;
        const pickers: number[] = [];
        for (let k = 0; k < g.count; k++) {
          if (lost.includes(k) || !genActive[k] || island[g.bus[k]!] !== island[g.bus[u]!])
            continue;
          const up = Math.max(g.pmaxMw[k]! - pgMw[k]!, 0);
          if (up > 0) {
            pickers.push(k);
            room += up;
          }
        }
        for (const k of pickers) pgMw[k]! += (lostMw * Math.max(g.pmaxMw[k]! - pgMw[k]!, 0)) / room;
      }
    }
    outages.push({
      contingency: index,
      name: contingencyName(net, c),
      branches: c.branches,
      generators: lost,
      pgMw,
      unitParticipation,
    });
  };
  for (const c of dc.top) {
    if (outages.length - 1 >= nContingencies) break;
    if (c.contingency >= 0) consider(c.contingency);
  }
  const br = net.branches;
  const touches = (c: Contingency): boolean =>
    c.branches.some((k) => br.fromBus[k] === bus || br.toBus[k] === bus) ||
    c.generators.some((u) => g.bus[u] === bus);
  contingencies.forEach((c, index) => {
    if (touches(c)) consider(index);
  });
  for (let index = 0; index < contingencies.length; index++) {
    if (outages.length - 1 >= nContingencies) break;
    consider(index);
  }
  const verified = verifyCapacityAc(
    net,
    solver,
    {
      bus,
      name: busDisplayName(net, busIndex(bus)),
      dcMw: dc.capacityMw,
      dcLimiting: dc.limiting,
      unitParticipation: setup.unitParticipation,
      loadSinkByBus: setup.loadSinkByBus,
      postRating,
      strict: (options.preExisting ?? 'ignore') === 'limit',
      distributionFactorCutoff: cutoff,
    },
    outages,
    {
      ...(options.emergencyVoltage === undefined
        ? {}
        : { emergencyVoltage: options.emergencyVoltage }),
      ...(options.toleranceMw === undefined ? {} : { toleranceMw: options.toleranceMw }),
      monitored: options.monitored ?? setup.ctx.monitored,
      ...(reuse.atZero === undefined ? {} : { atZero: reuse.atZero }),
    },
  );
  const tEnd = performance.now();
  return {
    ...verified,
    splittingContingencies: splitting,
    timingsMs: { dc: tDc - t0, ac: tEnd - tDc, total: tEnd - t0 },
  };
}
