import type { DcModel } from '../../powerflow/dcpf';
import { solveReducedB } from '../../powerflow/reduced-b';
import type { SensitivityTarget } from '../../transfer/sensitivities';
import type { Contingency } from './contingency-set';
import { solveDense } from './outage-flows';

/** What a constraint watches: one branch, or an interface's members with their coefficients. */
export type WatchedFlow = readonly { readonly branch: number; readonly coefficient: number }[];

/**
 * The sensitivity target (transfer/sensitivities.ts) of a watched flow after a contingency of a
 * planner's set: with the contingency's in-service branches K and A(x, j) the MW on x per MW
 * moved across branch j, the post-outage flow is f' = f + A(·, K)·(I − A_KK)⁻¹·f_K
 * (outage-flows.ts), so its PTDF row is the Bf row of each member plus Σ_j L_j times K_j's, with
 * L = A(member, K)·(I − A_KK)⁻¹: |K| solves and one |K|×|K| system. The contingency's lost units
 * leave the sink (their shares out, the rest renormalised) as the transfer assumes after it.
 * `contingency` null: the base case.
 */
export function setSensitivityTarget(
  model: DcModel,
  watched: WatchedFlow,
  contingency: Contingency | null,
): SensitivityTarget {
  const terms = watched.map((m) => ({ branch: m.branch, factor: m.coefficient }));
  const generatorOutages = contingency?.generators.filter((g) => model.active.genActive[g]) ?? [];
  const outaged = contingency?.branches.filter((k) => model.active.branchActive[k]) ?? [];
  const n = outaged.length;
  if (n > 0) {
    const { net, bdc } = model;
    const { fromBus, toBus } = net.branches;
    const b = bdc.b;
    const injection = new Float64Array(net.buses.count);
    const theta = new Float64Array(net.buses.count);
    const across = (x: number) => b[x]! * (theta[fromBus[x]!]! - theta[toBus[x]!]!);
    // A(K_i, K_j) and A(member, K_j), one solve per outaged branch j.
    const aKK = new Float64Array(n * n);
    const aWatched = watched.map(() => new Float64Array(n));
    outaged.forEach((j, col) => {
      injection.fill(0);
      injection[fromBus[j]!] = 1;
      injection[toBus[j]!] = -1;
      theta.fill(0);
      solveReducedB(model.sensitivity, injection, theta);
      outaged.forEach((i, row) => (aKK[row * n + col] = across(i)));
      watched.forEach((m, w) => (aWatched[w]![col] = across(m.branch)));
    });
    // L = a·(I − A_KK)⁻¹ ⇔ (I − A_KK)ᵀ·Lᵀ = aᵀ, summed over the members with their coefficients.
    const factors = new Float64Array(n);
    watched.forEach((m, w) => {
      const system = new Float64Array(n * n);
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) system[r * n + c] = (r === c ? 1 : 0) - aKK[c * n + r]!;
      }
      const l = Float64Array.from(aWatched[w]!);
      solveDense(system, l, n);
      for (let j = 0; j < n; j++) factors[j]! += m.coefficient * l[j]!;
    });
    outaged.forEach((k, j) => terms.push({ branch: k, factor: factors[j]! }));
  }
  return { monitored: -1, contingency: -1, lodf: 0, terms, generatorOutages };
}
