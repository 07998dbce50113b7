import type { Csc } from './csc';

/**
 * Fill-reducing ordering by minimum degree on the pattern of A + Aᵀ (diagonal ignored), with
 * an explicit elimination graph. This is not AMD: degrees are exact, with no supervariables or
 * element absorption. On power networks (average degree ~3, small fill) it orders a 10k-bus
 * matrix in milliseconds and gives fill close to AMD's. The ordering is deterministic
 * (no hashing by address, no randomness).
 */
export function minimumDegree(a: Csc): Int32Array {
  const n = a.nCols;
  const adj: Set<number>[] = [];
  for (let i = 0; i < n; i++) adj.push(new Set());
  for (let j = 0; j < n; j++) {
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
      const i = a.rowIdx[p];
      if (i === j) continue;
      adj[i].add(j);
      adj[j].add(i);
    }
  }
  return minimumDegreeOfGraph(adj);
}

/** Same as `minimumDegree` on an adjacency list (consumed: the sets are modified). */
export function minimumDegreeOfGraph(adj: Set<number>[]): Int32Array {
  const n = adj.length;
  // Degree buckets as doubly linked lists so each degree update is O(1).
  const head = new Int32Array(n + 1).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const degree = new Int32Array(n);
  const insert = (v: number, d: number): void => {
    degree[v] = d;
    prev[v] = -1;
    next[v] = head[d];
    if (head[d] >= 0) prev[head[d]] = v;
    head[d] = v;
  };
  const remove = (v: number): void => {
    if (prev[v] >= 0) next[prev[v]] = next[v];
    else head[degree[v]] = next[v];
    if (next[v] >= 0) prev[next[v]] = prev[v];
  };
  for (let v = n - 1; v >= 0; v--) insert(v, adj[v].size);

  const order = new Int32Array(n);
  let minDeg = 0;
  for (let k = 0; k < n; k++) {
    while (head[minDeg] < 0) minDeg++;
    const v = head[minDeg];
    remove(v);
    order[k] = v;
    const nbrs = adj[v];
    for (const u of nbrs) {
      const au = adj[u];
      au.delete(v);
      for (const w of nbrs) if (w !== u) au.add(w);
      if (au.size !== degree[u]) {
        remove(u);
        insert(u, au.size);
        if (au.size < minDeg) minDeg = au.size;
      }
    }
    nbrs.clear();
  }
  return order;
}
