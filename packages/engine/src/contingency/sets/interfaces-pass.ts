import {
  BusbarStatus,
  type AllBusbarResult,
  type BusbarFigures,
} from '../../busbar/all/capacities';
import { busbarStudy, type BusbarStudyOptions } from '../../busbar/setup';
import type { Network } from '../../model/network';
import { runDcPowerFlow, type DcModel } from '../../powerflow/dcpf';
import { solveReducedB } from '../../powerflow/reduced-b';
import { isPreExisting, transferAtLimit } from '../../transfer/screen';
import { interfaceMonitored } from './busbar-on-set';
import { SET_CONTINGENCY, type Contingency } from './contingency-set';
import { lostSinkShare, sinkWithoutLost, WHOLE_SINK } from './lost-sink';
import { makeOutageEvaluator, solveDense, type GenerationPickup } from './outage-flows';
import type { ScreenedInterface } from './screen-set';

/** What the pass needs of the set's figures: which contingency sets each, per slot. */
export interface InterfaceFigures {
  readonly result: AllBusbarResult;
  readonly setContingency: {
    readonly strict: Int32Array;
    readonly attributable: Int32Array;
    readonly worsened: Int32Array;
  };
}

/** Most MB of outaged branches' PTDF rows kept between contingencies (N-2 share branches). */
const ROW_CACHE_MB = 64;

/**
 * Every bus's capacity on a set with the .mon's rated interfaces (issue #30), lowering the
 * figures the branches gave, in place. For a contingency c with outaged branches K (a lost
 * unit's output first moved to its pickup, as busbar-on-set.ts does) and an interface I of live
 * members m with coefficients w_m, at every bus b at once:
 *   R(I, b, c) = Y(b) − Y·sink′ + Σ_j L(I, K_j)·(Z_j(b) − Z_j·sink′),
 * where Y = Σ w_m·P(m, ·) and Z_j = P(K_j, ·) are PTDF rows over buses (one reduced-B solve
 * each: P(x, ·) = b_x·B⁻¹(e_from − e_to) by symmetry), sink′ the sink without c's lost units,
 * renormalised, and L(I, K) = A(I, K)·(I − A_KK)⁻¹ with A(x, k) = P(x, from_k) − P(x, to_k).
 * F(I, c) is the sum of the members' flows after c (outage-flows.ts). The bus's T is §4's with
 * F, R and the interface's rating — the same test busbar-on-set.ts applies one bus at a time.
 */
export function interfacesPass(
  input: Network,
  model: DcModel,
  contingencies: readonly Contingency[],
  figures: InterfaceFigures,
  interfaces: readonly ScreenedInterface[],
  options: BusbarStudyOptions & { readonly pickup?: GenerationPickup },
): void {
  const rated = interfaces.flatMap((item, i) =>
    item.limitMw === null || item.members.length === 0
      ? []
      : [{ i, members: item.members, limitMw: item.limitMw }],
  );
  if (rated.length === 0) return;
  const { result, setContingency } = figures;
  const study = busbarStudy(input, { ...options, contingencies: [] }, model);
  const { net, setup, capMw, cutoff } = study;
  const { sinkByBus, unitParticipation } = setup;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const { fromBus, toBus } = net.branches;
  const bdc = model.bdc.b;
  const injection = new Float64Array(nb);
  const theta = new Float64Array(nb);

  /** P(x, ·): MW on branch x per MW injected at each bus against the reference. */
  const ptdfRow = (x: number, out: Float64Array): Float64Array => {
    injection.fill(0);
    theta.fill(0);
    if (bdc[x] !== 0 && model.active.branchActive[x]) {
      injection[fromBus[x]!] = 1;
      injection[toBus[x]!] = -1;
      solveReducedB(model.sensitivity, injection, theta);
    }
    for (let b = 0; b < nb; b++) out[b] = bdc[x]! * theta[b]!;
    return out;
  };
  const maxCached = Math.max(4, Math.floor((ROW_CACHE_MB * 2 ** 20) / (8 * nb)));
  const cache = new Map<number, Float64Array>();
  const cachedRow = (x: number): Float64Array => {
    let row = cache.get(x);
    if (row !== undefined) {
      cache.delete(x);
    } else {
      if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
      row = ptdfRow(x, new Float64Array(nb));
    }
    cache.set(x, row);
    return row;
  };
  const memberRows = rated.map(({ members }) =>
    members.map(({ branch }) => ptdfRow(branch, new Float64Array(nb))),
  );

  const slots: number[] = [];
  for (let slot = 0; slot < result.buses.length; slot++) {
    if (result.status[slot] === BusbarStatus.computed) slots.push(slot);
  }
  const { strict, attributable, worsened } = result;
  const set = (
    target: BusbarFigures,
    index: Int32Array,
    slot: number,
    t: number,
    monitored: number,
    contingency: number,
    r: number,
  ) => {
    target.capacityMw[slot] = t;
    target.monitored[slot] = monitored;
    target.contingency[slot] =
      contingency < 0 ? -1 : (singleBranch(contingencies[contingency]!) ?? SET_CONTINGENCY);
    target.distributionFactor[slot] = r;
    index[slot] = contingency;
  };

  const base = runDcPowerFlow(net, model);
  const evaluator = makeOutageEvaluator(
    model,
    { flowsMw: base.pfMw, pgMw: base.pgMw },
    options.pickup === undefined ? {} : { pickup: options.pickup },
  );
  const flows = new Float64Array(nl);
  const y = new Float64Array(nb);
  const r = new Float64Array(nb);
  const sink = new Float64Array(nb);
  for (let c = -1; c < contingencies.length; c++) {
    const contingency = c < 0 ? null : contingencies[c]!;
    if (contingency === null) flows.set(base.pfMw);
    else if (evaluator.evaluate(contingency, flows).kind !== 'flows') continue;
    const outaged =
      contingency === null
        ? []
        : contingency.branches.filter((k) => model.active.branchActive[k] && bdc[k] !== 0);
    const out = new Set(outaged);
    // The sink without the contingency's lost units, renormalised (lost-sink.ts); not screened
    // when they were all of it, as the branches' passes.
    const lost = contingency?.generators ?? [];
    if (lostSinkShare(unitParticipation, lost, model.active.genActive) >= WHOLE_SINK) continue;
    sinkWithoutLost(
      sinkByBus,
      unitParticipation,
      lost,
      model.active.genActive,
      net.generators.bus,
      sink,
    );
    const zRows = outaged.map(cachedRow);
    const nK = outaged.length;
    // (I − A_KK)⁻¹ by columns: A(k_i, k_j) = Z_i(from_j) − Z_i(to_j).
    const inverse = new Float64Array(nK * nK);
    for (let j = 0; j < nK; j++) {
      const a = new Float64Array(nK * nK);
      const e = new Float64Array(nK);
      e[j] = 1;
      for (let i = 0; i < nK; i++) {
        for (let q = 0; q < nK; q++) {
          const kq = outaged[q]!;
          a[i * nK + q] = (i === q ? 1 : 0) - (zRows[i]![fromBus[kq]!]! - zRows[i]![toBus[kq]!]!);
        }
      }
      solveDense(a, e, nK);
      for (let i = 0; i < nK; i++) inverse[i * nK + j] = e[i]!;
    }
    rated.forEach(({ i, members, limitMw }, position) => {
      // Y and F over the members the contingency leaves in service.
      y.fill(0);
      let f = 0;
      members.forEach(({ branch, coefficient }, q) => {
        if (out.has(branch)) return;
        f += coefficient * flows[branch]!;
        const row = memberRows[position]![q]!;
        for (let b = 0; b < nb; b++) y[b]! += coefficient * row[b]!;
      });
      // L(I, K) = A(I, K)·(I − A_KK)⁻¹, A(I, k) = Y(from_k) − Y(to_k).
      const weight = new Float64Array(nK);
      for (let j = 0; j < nK; j++) {
        let s = 0;
        for (let q = 0; q < nK; q++) {
          const kq = outaged[q]!;
          s += (y[fromBus[kq]!]! - y[toBus[kq]!]!) * inverse[q * nK + j]!;
        }
        weight[j] = s;
      }
      r.set(y);
      for (let j = 0; j < nK; j++) {
        const z = zRows[j]!;
        const w = weight[j]!;
        if (w !== 0) for (let b = 0; b < nb; b++) r[b]! += w * z[b]!;
      }
      let atSink = 0;
      for (let b = 0; b < nb; b++) if (sink[b] !== 0) atSink += r[b]! * sink[b]!;
      const monitored = interfaceMonitored(i);
      for (const slot of slots) {
        const rb = r[result.buses[slot]!]! - atSink;
        if (Math.abs(rb) < cutoff) continue;
        if (isPreExisting(f, rb, limitMw)) {
          if (strict.capacityMw[slot]! > 0) {
            set(strict, setContingency.strict, slot, 0, monitored, c, rb);
          }
          if (Math.abs(rb) > Math.abs(worsened.distributionFactor[slot]!)) {
            worsened.monitored[slot] = monitored;
            worsened.contingency[slot] =
              c < 0 ? -1 : (singleBranch(contingencies[c]!) ?? SET_CONTINGENCY);
            worsened.distributionFactor[slot] = rb;
            setContingency.worsened[slot] = c;
          }
          continue;
        }
        const t = transferAtLimit(f, rb, limitMw);
        if (t >= capMw) continue;
        if (t < attributable.capacityMw[slot]!) {
          set(attributable, setContingency.attributable, slot, t, monitored, c, rb);
        }
        if (t < strict.capacityMw[slot]!) {
          set(strict, setContingency.strict, slot, t, monitored, c, rb);
        }
      }
    });
  }
}

/** The branch row of a one-branch contingency (as the singles' figures name it), else null. */
function singleBranch(c: Contingency): number | null {
  return c.branches.length === 1 && c.generators.length === 0 ? c.branches[0]! : null;
}
