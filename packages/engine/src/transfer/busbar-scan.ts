import type { Candidates } from './busbar-candidates';
import { isPreExisting } from './screen';

/** The few best constraints of one bus, T ascending: candidate positions, T and d. */
export interface ScanWorkspace {
  readonly position: Int32Array;
  readonly transferMw: Float64Array;
  readonly distributionFactor: Float64Array;
  /** Candidate contingency with N-0 (−1) mapped to nl, where D is 0. */
  contingencyOrNl: Int32Array;
  found: number;
  scanned: number;
}

export function makeScanWorkspace(top: number): ScanWorkspace {
  return {
    position: new Int32Array(top + 1),
    transferMw: new Float64Array(top + 1),
    distributionFactor: new Float64Array(top + 1),
    contingencyOrNl: new Int32Array(0),
    found: 0,
    scanned: 0,
  };
}

/**
 * The `top` smallest T(c) of one bus over a cluster's candidates, given the bus's column
 * `dBus` = D(·, b) (with dBus[nl] = 0). Buckets are read in increasing lower bound; the scan
 * stops when a bucket's bound passes the `top`-th T found (or the cap). Ties in T: N-0 first,
 * then by contingency row, then by monitored row, as the N-1 screen orders them.
 */
export function scanBus(
  cand: Candidates,
  dBus: Float64Array,
  cutoff: number,
  top: number,
  capMw: number,
  ignorePreExisting: boolean,
  ws: ScanWorkspace,
): void {
  const { monitored: cm, contingency, lodf: cl, flowMw: cf, limitMw: cL } = cand;
  const { bucketStart: bs, bucketWidthMw: width } = cand;
  const ck = ws.contingencyOrNl;
  const { position: pos, transferMw: ft, distributionFactor: fd } = ws;
  const before = (t: number, p: number, t2: number, p2: number): boolean =>
    t !== t2
      ? t < t2
      : contingency[p] !== contingency[p2]
        ? contingency[p] < contingency[p2]
        : cm[p] < cm[p2];
  let found = 0;
  let threshold = capMw;
  for (let q = 0; q + 1 < bs.length && q * width < threshold; q++) {
    ws.scanned += bs[q + 1] - bs[q];
    for (let p = bs[q]; p < bs[q + 1]; p++) {
      const d = dBus[cm[p]] + cl[p] * dBus[ck[p]];
      if (d < cutoff && d > -cutoff) continue;
      const raw = d > 0 ? (cL[p] - cf[p]) / d : (cL[p] + cf[p]) / -d;
      if (raw <= 0 && ignorePreExisting && isPreExisting(cf[p], d, cL[p])) continue;
      const t = raw > 0 ? raw : 0;
      if (t > threshold) continue;
      let at = found;
      while (at > 0 && before(t, p, ft[at - 1], pos[at - 1])) {
        ft[at] = ft[at - 1];
        pos[at] = pos[at - 1];
        fd[at] = fd[at - 1];
        at--;
      }
      ft[at] = t;
      pos[at] = p;
      fd[at] = d;
      if (found < top) found++;
      if (found === top) threshold = ft[top - 1];
    }
  }
  ws.found = found;
}
