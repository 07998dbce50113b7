import type { Network } from '../../model/network';

/**
 * Candidate buses grouped into clusters of electrically close buses: breadth-first over the
 * in-service branches from the first unassigned candidate, taking up to `size` candidates among
 * the first 4·size buses reached. The first bus of a cluster is its centre.
 */
export function clusterBuses(
  net: Network,
  branchActive: Uint8Array,
  buses: readonly number[],
  size: number,
): number[][] {
  const nb = net.buses.count;
  const { fromBus, toBus, count: nl } = net.branches;
  const start = new Int32Array(nb + 1);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    start[fromBus[k] + 1]++;
    start[toBus[k] + 1]++;
  }
  for (let i = 0; i < nb; i++) start[i + 1] += start[i];
  const fill = start.slice(0, nb);
  const adj = new Int32Array(start[nb]);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    adj[fill[fromBus[k]]++] = toBus[k];
    adj[fill[toBus[k]]++] = fromBus[k];
  }
  const wanted = new Uint8Array(nb);
  for (const b of buses) wanted[b] = 1;
  const seenBy = new Int32Array(nb).fill(-1);
  const queue = new Int32Array(nb);
  const clusters: number[][] = [];
  for (const root of buses) {
    if (wanted[root] !== 1) continue;
    const id = clusters.length;
    const cluster: number[] = [];
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    seenBy[root] = id;
    // A sparse bus list must not make one cluster out of far-apart buses (its bound would be
    // loose): stop after visiting 4·size buses.
    while (head < tail && cluster.length < size && head < 4 * size) {
      const v = queue[head++];
      if (wanted[v] === 1) {
        wanted[v] = 2;
        cluster.push(v);
      }
      for (let p = start[v]; p < start[v + 1]; p++) {
        const w = adj[p];
        if (seenBy[w] === id) continue;
        seenBy[w] = id;
        queue[tail++] = w;
      }
    }
    clusters.push(cluster);
  }
  return clusters;
}
