import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import type { DcModel } from '../powerflow/dcpf';
import type { Plant } from './plants';

/**
 * Sink-balanced generator sensitivities of constraints (docs/analysis.md §5 `sensibilidad`):
 * s(c, p) = PTDF_c(bus of p) − Σ_j sink(j)·PTDF_c(j), the MW the flow of c moves when plant p
 * rises 1 MW and the sink gives it. The post-contingency PTDF row of c = (m, k) is
 * PTDF(m,·) + LODF(m,k)·PTDF(k,·); B is symmetric, so that row is ONE solve with
 * Bf(m,·)ᵀ + LODF(m,k)·Bf(k,·)ᵀ on the right-hand side. Four constraints share a pass over
 * the factors. Only the constraints the analysis keeps are solved.
 */
export interface SensitivityTarget {
  /** 0-based branch row; −1 when `terms` carry the whole row (an interface's members). */
  readonly monitored: number;
  /** −1 for N-0. */
  readonly contingency: number;
  readonly lodf: number;
  /**
   * G-1: the tripped unit's row (then contingency is −1). Its sink share is taken out and the
   * rest renormalised: the post-outage sink that balances a what-if move.
   */
  readonly generatorOutage?: number;
  /**
   * More rows of Bf added to the right-hand side, each times its factor: an interface's other
   * members, or a contingency of several branches (multi-outage LODFs, contingency/sets/
   * set-sensitivity.ts).
   */
  readonly terms?: readonly { readonly branch: number; readonly factor: number }[];
  /** Several lost units (a planner's contingency): their sink shares out, the rest renormalised. */
  readonly generatorOutages?: readonly number[];
}

export interface PlantSensitivityRow {
  /** 0-based plant indices with |s| ≥ cutoff, ascending. */
  readonly plants: number[];
  readonly values: number[];
}

export function constraintSensitivities(
  model: DcModel,
  targets: readonly SensitivityTarget[],
  sinkByBus: Float64Array,
  plants: readonly Plant[],
  eligible: Uint8Array,
  cutoff: number,
  sinkShareByUnit?: Float64Array,
): PlantSensitivityRow[] {
  const { lu, reducedOf } = model.sensitivity;
  const nR = lu.n;
  const { fromBus, toBus } = model.net.branches;
  const b = model.bdc.b;
  const ws = makeBatch4Workspace(nR);
  const rhs = new Float64Array(BATCH * nR);
  const x = new Float64Array(BATCH * (nR + 1));
  const slot = (bus: number): number => (reducedOf[bus] >= 0 ? reducedOf[bus] : nR);
  const sinkSlots: number[] = [];
  const sinkWeights: number[] = [];
  for (let i = 0; i < sinkByBus.length; i++) {
    if (sinkByBus[i] === 0) continue;
    sinkSlots.push(BATCH * slot(i));
    sinkWeights.push(sinkByBus[i]);
  }
  const plantSlots = plants.map((p) => BATCH * slot(p.bus));
  const add = (bus: number, j: number, v: number): void => {
    const r = reducedOf[bus];
    if (r >= 0) rhs[BATCH * r + j] += v;
  };
  const rows: PlantSensitivityRow[] = [];
  for (let start = 0; start < targets.length; start += BATCH) {
    const count = Math.min(BATCH, targets.length - start);
    rhs.fill(0);
    for (let j = 0; j < count; j++) {
      const { monitored: m, contingency: k, lodf, terms } = targets[start + j];
      if (m >= 0) {
        add(fromBus[m], j, b[m]);
        add(toBus[m], j, -b[m]);
      }
      if (k >= 0) {
        add(fromBus[k], j, lodf * b[k]);
        add(toBus[k], j, -lodf * b[k]);
      }
      for (const term of terms ?? []) {
        add(fromBus[term.branch], j, term.factor * b[term.branch]);
        add(toBus[term.branch], j, -term.factor * b[term.branch]);
      }
    }
    luSolve4(lu, rhs, x, ws);
    for (let j = 0; j < count; j++) {
      let sinkAverage = 0;
      for (let s = 0; s < sinkSlots.length; s++)
        sinkAverage += sinkWeights[s] * x[sinkSlots[s] + j];
      const target = targets[start + j];
      const lost =
        target.generatorOutages ??
        (target.generatorOutage === undefined ? [] : [target.generatorOutage]);
      let lostShare = 0;
      let lostAverage = 0;
      for (const u of sinkShareByUnit ? lost : []) {
        const w = sinkShareByUnit![u];
        if (!(w > 0)) continue;
        lostShare += w;
        lostAverage += w * x[BATCH * slot(model.net.generators.bus[u]) + j];
      }
      if (lostShare > 0) sinkAverage = (sinkAverage - lostAverage) / (1 - lostShare);
      const row: PlantSensitivityRow = { plants: [], values: [] };
      for (let p = 0; p < plants.length; p++) {
        if (!eligible[p]) continue;
        const s = x[plantSlots[p] + j] - sinkAverage;
        if (Math.abs(s) >= cutoff) {
          row.plants.push(p);
          row.values.push(s);
        }
      }
      rows.push(row);
    }
  }
  return rows;
}
