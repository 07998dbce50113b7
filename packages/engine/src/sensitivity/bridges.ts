import type { Network } from '../model/network';

/**
 * Branches whose outage splits their island (bridges), by Tarjan's low-link test on the
 * multigraph of active branches. Parallel branches are never bridges: the DFS skips only the
 * tree edge it arrived by (by branch id, not by parent bus). Iterative, so deep radial feeders
 * cannot overflow the call stack.
 */
export function findBridges(net: Network, branchActive: Uint8Array): Uint8Array {
  const nb = net.buses.count;
  const nl = net.branches.count;
  const { fromBus, toBus } = net.branches;
  const deg = new Int32Array(nb + 1);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    deg[fromBus[k] + 1]++;
    deg[toBus[k] + 1]++;
  }
  for (let i = 0; i < nb; i++) deg[i + 1] += deg[i];
  const adjStart = deg;
  const fill = adjStart.slice(0, nb);
  const adjBus = new Int32Array(adjStart[nb]);
  const adjBranch = new Int32Array(adjStart[nb]);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    const f = fromBus[k];
    const t = toBus[k];
    adjBus[fill[f]] = t;
    adjBranch[fill[f]++] = k;
    adjBus[fill[t]] = f;
    adjBranch[fill[t]++] = k;
  }
  const disc = new Int32Array(nb).fill(-1);
  const low = new Int32Array(nb);
  const viaBranch = new Int32Array(nb).fill(-1);
  const cursor = new Int32Array(nb);
  const stack = new Int32Array(nb);
  const isBridge = new Uint8Array(nl);
  let time = 0;
  for (let root = 0; root < nb; root++) {
    if (disc[root] >= 0) continue;
    let top = 0;
    stack[0] = root;
    disc[root] = low[root] = time++;
    cursor[root] = adjStart[root];
    while (top >= 0) {
      const v = stack[top];
      if (cursor[v] < adjStart[v + 1]) {
        const p = cursor[v]++;
        const k = adjBranch[p];
        if (k === viaBranch[v]) continue;
        const w = adjBus[p];
        if (disc[w] < 0) {
          disc[w] = low[w] = time++;
          viaBranch[w] = k;
          cursor[w] = adjStart[w];
          stack[++top] = w;
        } else if (disc[w] < low[v]) {
          low[v] = disc[w];
        }
      } else {
        top--;
        if (top >= 0) {
          const parent = stack[top];
          if (low[v] < low[parent]) low[parent] = low[v];
          if (low[v] > disc[parent]) isBridge[viaBranch[v]] = 1;
        }
      }
    }
  }
  return isBridge;
}
