import { prepareBaseCase } from '../../src/base/base-case';
import type { Network } from '../../src/model/network';
import { buildDcModel } from '../../src/powerflow/dcpf';
import { lodfColumn, makeDfactors, ptdfColumn } from '../../src/sensitivity/dfactors';
import { busbarSetup } from '../../src/busbar/setup';
import { isPreExisting, transferAtLimit } from '../../src/transfer/screen';

/**
 * Every bus's busbar capacity the slow way, for tests: one PTDF column per bus and one LODF
 * column per outage from dfactors.ts (not the all-busbar stream or columns), then every
 * (monitored, contingency) pair at every bus, with docs/analysis.md §4 as written. Memory is
 * buses × branches: small cases only.
 */
export interface BruteForceFigure {
  /** The cap when nothing binds before it. */
  readonly transferMw: number;
  /** −1 when the cap binds. */
  readonly monitored: number;
  readonly contingency: number;
  /**
   * Every constraint within 1e-9 MW of the smallest T, as "monitored/contingency": which of
   * them is first is decided by round-off (a radial branch under N-0 and under a far outage).
   */
  readonly tied: string[];
}

const TIE_MW = 1e-9;

export interface BruteForceBus {
  readonly bus: number;
  readonly strict: BruteForceFigure;
  readonly attributable: BruteForceFigure;
  /** The pre-existing violation worsened with the largest |d|; monitored −1 when none. */
  readonly worsened: {
    monitored: number;
    contingency: number;
    distributionFactor: number;
    /** Every violation within 1e-12 of that |d| (round-off decides between them). */
    tied: string[];
  };
}

const before = (k: number, m: number, k2: number, m2: number): boolean =>
  k !== k2 ? k < k2 : m < m2;

export function bruteForceBusbars(
  input: Network,
  options: { capMw?: number; cutoff?: number; buses?: number[] } = {},
): BruteForceBus[] {
  // The analyses start from the base case (its dispatch as P0), and so does a re-solve of them.
  const net = prepareBaseCase(input).net;
  const cutoff = options.cutoff ?? 0.01;
  const model = buildDcModel(net);
  const setup = busbarSetup(net, model, options.buses ? { buses: options.buses } : {});
  // No connection passes the sink's room (busbar/setup.ts).
  const capMw = Math.min(options.capMw ?? 2000, setup.sinkRoomMw);
  const { ctx } = setup;
  const nl = net.branches.count;
  const nb = net.buses.count;
  const df = makeDfactors(model);
  // PTDF columns of every bus, then the sink's flows from them.
  const ptdf = Array.from({ length: nb }, (_, j) => ptdfColumn(df, j, new Float64Array(nl)));
  const sinkFlow = new Float64Array(nl);
  for (let j = 0; j < nb; j++) {
    const w = setup.sinkByBus[j];
    if (w !== 0) for (let x = 0; x < nl; x++) sinkFlow[x] += w * ptdf[j][x];
  }
  const lodf = Array.from(ctx.outages, (k) => {
    const col = new Float64Array(nl);
    lodfColumn(df, k, col);
    return col;
  });
  const f = ctx.baseFlowMw;
  return setup.buses.map((b) => {
    const d = Float64Array.from(ptdf[b], (v, x) => v - sinkFlow[x]);
    const strict = { transferMw: capMw, monitored: -1, contingency: -1, tied: [] as string[] };
    const attributable = {
      transferMw: capMw,
      monitored: -1,
      contingency: -1,
      tied: [] as string[],
    };
    const near: Record<'strict' | 'attributable', { t: number; key: string }[]> = {
      strict: [],
      attributable: [],
    };
    const worsened = {
      monitored: -1,
      contingency: -1,
      distributionFactor: 0,
      tied: [] as string[],
    };
    const worsenedNear: { a: number; key: string }[] = [];
    const offer = (
      best: { transferMw: number; monitored: number; contingency: number },
      t: number,
      m: number,
      k: number,
    ): void => {
      const list = near[best === strict ? 'strict' : 'attributable'];
      if (t <= best.transferMw + TIE_MW) list.push({ t, key: `${m}/${k}` });
      const better =
        t < best.transferMw ||
        (t === best.transferMw &&
          best.monitored >= 0 &&
          before(k, m, best.contingency, best.monitored));
      if (!better) return;
      best.transferMw = t;
      best.monitored = m;
      best.contingency = k;
    };
    const pair = (m: number, k: number, dc: number, fc: number, limit: number): void => {
      if (!(Math.abs(dc) >= cutoff)) return;
      const t = transferAtLimit(fc, dc, limit);
      if (t < capMw) offer(strict, t, m, k);
      if (isPreExisting(fc, dc, limit)) {
        const a = Math.abs(dc);
        if (a >= Math.abs(worsened.distributionFactor) - 1e-12)
          worsenedNear.push({ a, key: `${m}/${k}` });
        const w = Math.abs(worsened.distributionFactor);
        const wins =
          worsened.monitored < 0 ||
          a > w ||
          (a === w && before(k, m, worsened.contingency, worsened.monitored));
        if (wins) Object.assign(worsened, { monitored: m, contingency: k, distributionFactor: dc });
        return;
      }
      if (t < capMw) offer(attributable, t, m, k);
    };
    const { monitored, limitN0Mw, limitPostMw } = ctx;
    for (let i = 0; i < monitored.length; i++) {
      const m = monitored[i];
      pair(m, -1, d[m], f[m], limitN0Mw[i]);
    }
    for (let kk = 0; kk < ctx.outages.length; kk++) {
      const k = ctx.outages[kk];
      const l = lodf[kk];
      for (let i = 0; i < monitored.length; i++) {
        const m = monitored[i];
        const dc = d[m] + l[m] * d[k];
        // Below the cutoff a pair neither limits nor counts as worsened: most pairs.
        if (m === k || !(Math.abs(dc) >= cutoff)) continue;
        pair(m, k, dc, f[m] + l[m] * f[k], limitPostMw[i]);
      }
    }
    for (const fig of [strict, attributable]) {
      const list = near[fig === strict ? 'strict' : 'attributable'];
      fig.tied = list.filter((e) => e.t <= fig.transferMw + TIE_MW).map((e) => e.key);
    }
    const top = Math.abs(worsened.distributionFactor);
    worsened.tied = worsenedNear.filter((e) => e.a >= top - 1e-12).map((e) => e.key);
    return { bus: b, strict, attributable, worsened };
  });
}
